import { signedIn, adminOrAuditor, json, type RouteGroup } from '../kernel/api-routes';
import { resourceRoutes } from '../kernel/route-shapes';
import {
  leaveDaysQuerySchema,
  leaveChangeSchema,
  leaveIdParamSchema,
  leaveRequestSchema,
  teamLeaveQuerySchema,
  type LeaveDay,
  type LeaveChangeAnswer,
  type LeaveView,
  type TeamLeaveAnswer,
} from '../leave';

const leave = resourceRoutes(signedIn, '/leave', leaveIdParamSchema, leaveRequestSchema);
const changed = json<LeaveChangeAnswer>('LeaveChangeAnswer');

/** The leave routes, as the API serves them (see kernel/api-routes.ts). */
export const leaveRoutes = {
  tag: 'leave',
  description: "Leave requests, own and the team's. docs/api.md, Leave.",
  routes: [
    leave.list(json<LeaveView[]>('LeaveView[]'), { summary: 'List own leave' }), // modules/leave/leave.controller.ts#list
    signedIn('GET /leave/days', json<LeaveDay[]>('LeaveDay[]'), {
      summary: 'Own leave by day',
      query: leaveDaysQuerySchema,
    }), // modules/leave/leave.controller.ts#days
    leave.add(changed, 'Request leave'), // modules/leave/leave.controller.ts#request
    signedIn('PUT /leave/{id}', changed, {
      summary: 'Change a leave request',
      params: leaveIdParamSchema,
      body: leaveChangeSchema,
    }), // modules/leave/leave.controller.ts#change
    leave.remove(changed, 'Cancel a leave request'), // modules/leave/leave.controller.ts#remove
    adminOrAuditor('GET /admin/leave', json<TeamLeaveAnswer>('TeamLeaveAnswer'), {
      summary: "The team's leave",
      query: teamLeaveQuerySchema,
    }), // modules/leave/leave.controller.ts#team
  ],
} satisfies RouteGroup;
