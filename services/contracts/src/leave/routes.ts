import { json, route, type RouteGroup } from '../kernel/api-routes';
import {
  leaveDaysQuerySchema,
  leaveIdParamSchema,
  leaveRequestSchema,
  teamLeaveQuerySchema,
  type LeaveDay,
  type LeaveChangeAnswer,
  type LeaveView,
  type TeamLeaveAnswer,
} from '../leave';

/** The leave routes, as the API serves them (see kernel/api-routes.ts). */
export const leaveRoutes = {
  tag: 'leave',
  description: "Leave requests, own and the team's. docs/api.md, Leave.",
  routes: [
    route({
      method: 'get',
      path: '/leave',
      summary: 'List own leave',
      access: 'signed-in',
      response: json<LeaveView[]>('LeaveView[]'),
    }), // modules/leave/leave.controller.ts#list
    route({
      method: 'get',
      path: '/leave/days',
      summary: 'Own leave by day',
      access: 'signed-in',
      query: leaveDaysQuerySchema,
      response: json<LeaveDay[]>('LeaveDay[]'),
    }), // modules/leave/leave.controller.ts#days
    route({
      method: 'post',
      path: '/leave',
      summary: 'Request leave',
      access: 'signed-in',
      body: leaveRequestSchema,
      response: json<LeaveChangeAnswer>('LeaveChangeAnswer'),
    }), // modules/leave/leave.controller.ts#request
    route({
      method: 'put',
      path: '/leave/{id}',
      summary: 'Change a leave request',
      access: 'signed-in',
      params: leaveIdParamSchema,
      body: leaveRequestSchema,
      response: json<LeaveChangeAnswer>('LeaveChangeAnswer'),
    }), // modules/leave/leave.controller.ts#change
    route({
      method: 'delete',
      path: '/leave/{id}',
      summary: 'Cancel a leave request',
      access: 'signed-in',
      params: leaveIdParamSchema,
      response: json<LeaveChangeAnswer>('LeaveChangeAnswer'),
    }), // modules/leave/leave.controller.ts#remove
    route({
      method: 'get',
      path: '/admin/leave',
      summary: "The team's leave",
      access: 'admin-or-auditor',
      query: teamLeaveQuerySchema,
      response: json<TeamLeaveAnswer>('TeamLeaveAnswer'),
    }), // modules/leave/leave.controller.ts#team
  ],
} satisfies RouteGroup;
