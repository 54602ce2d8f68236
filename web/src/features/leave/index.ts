export { LeaveRequestPage } from './leave-request-page';
export { TeamLeavePage } from './team-leave-page';
