/** The leave context's public entry: the only file other code may import. */
export { LeaveModule } from './leave.module';
export {
  RequestLeaveCommand,
  ChangeLeaveCommand,
  RemoveLeaveCommand,
  type LeaveOutcome,
} from './commands/leave-commands';
export { ListOwnLeaveQuery, ListLeaveDaysQuery, ListTeamLeaveQuery } from './queries/leave-queries';
