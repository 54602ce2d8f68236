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
    signedIn.get('/leave', json<LeaveView[]>('LeaveView[]'), { summary: 'List own leave' }), // modules/leave/leave.controller.ts#list
    signedIn.get('/leave/days', json<LeaveDay[]>('LeaveDay[]'), {
      summary: 'Own leave by day',
      query: leaveDaysQuerySchema,
    }), // modules/leave/leave.controller.ts#days
    signedIn.post('/leave', json<LeaveChangeAnswer>('LeaveChangeAnswer'), {
      summary: 'Request leave',
      body: leaveRequestSchema,
    }), // modules/leave/leave.controller.ts#request
    signedIn.put('/leave/{id}', json<LeaveChangeAnswer>('LeaveChangeAnswer'), {
      summary: 'Change a leave request',
      params: leaveIdParamSchema,
      body: leaveRequestSchema,
    }), // modules/leave/leave.controller.ts#change
    signedIn.delete('/leave/{id}', json<LeaveChangeAnswer>('LeaveChangeAnswer'), {
      summary: 'Cancel a leave request',
      params: leaveIdParamSchema,
    }), // modules/leave/leave.controller.ts#remove
    adminOrAuditor.get('/admin/leave', json<TeamLeaveAnswer>('TeamLeaveAnswer'), {
      summary: "The team's leave",
      query: teamLeaveQuerySchema,
    }), // modules/leave/leave.controller.ts#team
  ],
} satisfies RouteGroup;
