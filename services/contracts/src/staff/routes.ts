import { signedIn, admin, json, type RouteGroup } from '../kernel/api-routes';
import { resourceRoutes } from '../kernel/route-shapes';
import {
  codeOfConductAcknowledgeSchema,
  staffAddSchema,
  profileRevealSchema,
  staffErasureSchema,
  staffIdParamSchema,
  staffListQuerySchema,
  staffRevealSchema,
  staffUpdateSchema,
  type CodeOfConductStatus,
  type MyProfile,
  type StaffAddAnswer,
  type StaffAdminDetail,
  type StaffAdminRow,
  type StaffErasureOutcome,
  type StaffRevealResponse,
  type DirectorySyncResult,
  type DirectorySyncStatus,
} from '../staff';
import { type InvoiceProfile } from '../periods';
import type { CodeOfConductAnswer, StaffChangeAnswer } from '../staff';

const staff = resourceRoutes(admin, '/admin/staff', staffIdParamSchema, staffUpdateSchema);

/** The staff routes, as the API serves them (see kernel/api-routes.ts). */
export const staffRoutes = {
  tag: 'staff',
  description:
    'Own profile and code of conduct, and the staff administration. docs/api.md, Staff; Self-service; Staff Review.',
  routes: [
    signedIn('GET /me/profile', json<MyProfile>('MyProfile'), { summary: 'Own profile' }), // modules/staff/me.controller.ts#profile
    signedIn('POST /me/profile/reveal', json<StaffRevealResponse>('StaffRevealResponse'), {
      summary: "Reveal one of one's own sealed fields",
      description:
        'One of their own sensitive fields in the clear; the answer is never stored with the Idempotency-Key.',
      body: profileRevealSchema,
      status: 200,
    }), // modules/staff/me.controller.ts#reveal
    signedIn('GET /me/code-of-conduct', json<CodeOfConductStatus>('CodeOfConductStatus'), {
      summary: 'Own code-of-conduct status',
    }), // modules/staff/me.controller.ts#codeOfConduct
    signedIn('POST /me/code-of-conduct', json<CodeOfConductAnswer>('CodeOfConductAnswer'), {
      summary: 'Acknowledge the code of conduct',
      body: codeOfConductAcknowledgeSchema,
      status: 200,
    }), // modules/staff/me.controller.ts#acknowledge
    staff.list(json<StaffAdminRow[]>('StaffAdminRow[]'), {
      summary: 'List staff',
      query: staffListQuerySchema,
    }), // modules/staff/staff-admin.controller.ts#list
    admin('POST /admin/staff', json<StaffAddAnswer>('StaffAddAnswer'), {
      summary: 'Add a staff member',
      description:
        'A person who is not in the directory, under the next free staff id (a StaffIdAllocated, then the registration). A sightstream admin adds owner-2 people only (403).',
      body: staffAddSchema,
    }), // modules/staff/staff-admin.controller.ts#add
    admin('GET /admin/directory-sync', json<DirectorySyncStatus>('DirectorySyncStatus'), {
      summary: 'Whether directory sync is configured',
      description: 'True when the GRAPH_* variables are set: Staff Review then offers Sync from directory.',
    }), // modules/staff/directory-sync.controller.ts#status
    admin('POST /admin/directory-sync', json<DirectorySyncResult>('DirectorySyncResult'), {
      summary: 'Sync staff from the directory now',
      description:
        'Reads the changes of Microsoft Entra ID since the last run (Graph users delta) and creates, updates and deactivates staff members, the directory as actor. 404 when GRAPH_* is not configured; 403 for a sightstream admin; 503 when Graph fails (nothing lost: the next run resumes from the last recorded deltaLink).',
      status: 200,
      errors: [404, 409, 503],
    }), // modules/staff/directory-sync.controller.ts#sync
    staff.one(json<StaffAdminDetail>('StaffAdminDetail'), 'One staff member'), // modules/staff/staff-admin.controller.ts#get
    staff.change(json<StaffChangeAnswer>('StaffChangeAnswer'), 'Change a staff member'), // modules/staff/staff-admin.controller.ts#update
    staff.action('deactivate', json<StaffChangeAnswer>('StaffChangeAnswer'), {
      summary: "Deactivate a staff member (the spec's delete)",
      description:
        "Delete in the spec's words: the person is deactivated (history stays) and signed out at once.",
    }), // modules/staff/staff-admin.controller.ts#deactivate
    staff.action('reveal', json<StaffRevealResponse>('StaffRevealResponse'), {
      summary: 'Reveal one sealed field (recorded)',
      description: 'Answers one field in the clear; the answer is never stored with the Idempotency-Key.',
      body: staffRevealSchema,
    }), // modules/staff/staff-admin.controller.ts#reveal
    staff.action('erase', json<StaffErasureOutcome>('StaffErasureOutcome'), {
      summary: "Erase a person's personal data for good",
      description:
        "Erases the person's personal data for good (their key is deleted); the reason is recorded.",
      body: staffErasureSchema,
    }), // modules/staff/staff-admin.controller.ts#erase
    signedIn('GET /staff/me/invoice-profile', json<InvoiceProfile>('InvoiceProfile'), {
      summary: 'Own invoice profile',
    }), // modules/staff/staff.controller.ts#invoiceProfile
  ],
} satisfies RouteGroup;
