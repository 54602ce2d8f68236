import { json, route, type RouteGroup } from '../kernel/api-routes';
import {
  codeOfConductAcknowledgeSchema,
  profileRevealSchema,
  staffErasureSchema,
  staffIdParamSchema,
  staffListQuerySchema,
  staffRevealSchema,
  staffUpdateSchema,
  type CodeOfConductStatus,
  type MyProfile,
  type StaffAdminDetail,
  type StaffAdminRow,
  type StaffErasureOutcome,
  type StaffRevealResponse,
} from '../staff';
import { type InvoiceProfile } from '../periods';
import type { CodeOfConductAnswer, StaffChangeAnswer } from '../staff';

/** The staff routes, as the API serves them (see kernel/api-routes.ts). */
export const staffRoutes = {
  tag: 'staff',
  description:
    'Own profile and code of conduct, and the staff administration. docs/api.md, Staff; Self-service; Staff Review.',
  routes: [
    route({
      method: 'get',
      path: '/me/profile',
      summary: 'Own profile',
      access: 'signed-in',
      response: json<MyProfile>('MyProfile'),
    }), // modules/staff/me.controller.ts#profile
    route({
      method: 'post',
      path: '/me/profile/reveal',
      summary: "Reveal one of one's own sealed fields",
      description:
        'One of their own sensitive fields in the clear; the answer is never stored with the Idempotency-Key.',
      access: 'signed-in',
      body: profileRevealSchema,
      status: 200,
      response: json<StaffRevealResponse>('StaffRevealResponse'),
    }), // modules/staff/me.controller.ts#reveal
    route({
      method: 'get',
      path: '/me/code-of-conduct',
      summary: 'Own code-of-conduct status',
      access: 'signed-in',
      response: json<CodeOfConductStatus>('CodeOfConductStatus'),
    }), // modules/staff/me.controller.ts#codeOfConduct
    route({
      method: 'post',
      path: '/me/code-of-conduct',
      summary: 'Acknowledge the code of conduct',
      access: 'signed-in',
      body: codeOfConductAcknowledgeSchema,
      status: 200,
      response: json<CodeOfConductAnswer>('CodeOfConductAnswer'),
    }), // modules/staff/me.controller.ts#acknowledge
    route({
      method: 'get',
      path: '/admin/staff',
      summary: 'List staff',
      access: 'admin',
      query: staffListQuerySchema,
      response: json<StaffAdminRow[]>('StaffAdminRow[]'),
    }), // modules/staff/staff-admin.controller.ts#list
    route({
      method: 'get',
      path: '/admin/staff/{id}',
      summary: 'One staff member',
      access: 'admin',
      params: staffIdParamSchema,
      response: json<StaffAdminDetail>('StaffAdminDetail'),
    }), // modules/staff/staff-admin.controller.ts#get
    route({
      method: 'put',
      path: '/admin/staff/{id}',
      summary: 'Change a staff member',
      access: 'admin',
      params: staffIdParamSchema,
      body: staffUpdateSchema,
      response: json<StaffChangeAnswer>('StaffChangeAnswer'),
    }), // modules/staff/staff-admin.controller.ts#update
    route({
      method: 'post',
      path: '/admin/staff/{id}/deactivate',
      summary: "Deactivate a staff member (the spec's delete)",
      description:
        "Delete in the spec's words: the person is deactivated (history stays) and signed out at once.",
      access: 'admin',
      params: staffIdParamSchema,
      status: 200,
      response: json<StaffChangeAnswer>('StaffChangeAnswer'),
    }), // modules/staff/staff-admin.controller.ts#deactivate
    route({
      method: 'post',
      path: '/admin/staff/{id}/reveal',
      summary: 'Reveal one sealed field (recorded)',
      description: 'Answers one field in the clear; the answer is never stored with the Idempotency-Key.',
      access: 'admin',
      params: staffIdParamSchema,
      body: staffRevealSchema,
      status: 200,
      response: json<StaffRevealResponse>('StaffRevealResponse'),
    }), // modules/staff/staff-admin.controller.ts#reveal
    route({
      method: 'post',
      path: '/admin/staff/{id}/erase',
      summary: "Erase a person's personal data for good",
      description:
        "Erases the person's personal data for good (their key is deleted); the reason is recorded.",
      access: 'admin',
      params: staffIdParamSchema,
      body: staffErasureSchema,
      status: 200,
      response: json<StaffErasureOutcome>('StaffErasureOutcome'),
    }), // modules/staff/staff-admin.controller.ts#erase
    route({
      method: 'get',
      path: '/staff/me/invoice-profile',
      summary: 'Own invoice profile',
      access: 'signed-in',
      response: json<InvoiceProfile>('InvoiceProfile'),
    }), // modules/staff/staff.controller.ts#invoiceProfile
  ],
} satisfies RouteGroup;
