import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { StaffModule } from '../staff';
import { ChangeLeaveHandler, RemoveLeaveHandler, RequestLeaveHandler } from './commands/leave-commands';
import { LeaveController, TeamLeaveController } from './leave.controller';
import { leaveProjection } from './projections/leave.projection';
import {
  CheckOwnLeaveHandler,
  ListLeaveDaysHandler,
  ListOwnLeaveHandler,
  ListTeamLeaveHandler,
} from './queries/leave-queries';
import { LeaveReadModel } from './queries/leave-read-model';

/**
 * Leave: each person's own leave requests (stream `leave-{employeeId}`), the days their timesheet
 * calendar marks, and the team's leave for admins. Reads people through the staff's exported queries.
 */
@Module({
  imports: [StaffModule],
  controllers: [LeaveController, TeamLeaveController],
  providers: [
    LeaveReadModel,
    RequestLeaveHandler,
    ChangeLeaveHandler,
    RemoveLeaveHandler,
    ListOwnLeaveHandler,
    CheckOwnLeaveHandler,
    ListLeaveDaysHandler,
    ListTeamLeaveHandler,
  ],
})
export class LeaveModule {
  constructor(registry: ContextRegistry) {
    registry.projection(leaveProjection);
  }
}
