import { signedIn, adminOrAuditor, json, type RouteGroup } from '../kernel/api-routes';
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
    signedIn('GET /leave', json<LeaveView[]>('LeaveView[]'), { summary: 'List own leave' }), // modules/leave/leave.controller.ts#list
    signedIn('GET /leave/days', json<LeaveDay[]>('LeaveDay[]'), {
      summary: 'Own leave by day',
      query: leaveDaysQuerySchema,
    }), // modules/leave/leave.controller.ts#days
    signedIn('POST /leave', json<LeaveChangeAnswer>('LeaveChangeAnswer'), {
      summary: 'Request leave',
      body: leaveRequestSchema,
    }), // modules/leave/leave.controller.ts#request
    signedIn('PUT /leave/{id}', json<LeaveChangeAnswer>('LeaveChangeAnswer'), {
      summary: 'Change a leave request',
      params: leaveIdParamSchema,
      body: leaveRequestSchema,
    }), // modules/leave/leave.controller.ts#change
    signedIn('DELETE /leave/{id}', json<LeaveChangeAnswer>('LeaveChangeAnswer'), {
      summary: 'Cancel a leave request',
      params: leaveIdParamSchema,
    }), // modules/leave/leave.controller.ts#remove
    adminOrAuditor('GET /admin/leave', json<TeamLeaveAnswer>('TeamLeaveAnswer'), {
      summary: "The team's leave",
      query: teamLeaveQuerySchema,
    }), // modules/leave/leave.controller.ts#team
  ],
} satisfies RouteGroup;
