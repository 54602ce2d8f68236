import { QueryHandler } from '@nestjs/cqrs';
import type { LeaveDay, LeaveView, TeamLeaveAnswer } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { LeaveReadModel, type Period } from './leave-read-model';

/** GET /api/leave: the signed-in person's own leave. */
export class ListOwnLeaveQuery extends SignedInQuery<LeaveView[]> {}

/**
 * Is this leave someone else's? Refuses it with 403 (a leave not shown yet passes: the command
 * decides on the caller's own stream, 404 when it is not there). PUT asks it before the body is
 * parsed, so a refused caller learns nothing from a 400.
 */
export class CheckOwnLeaveQuery extends SignedInQuery<void> {
  constructor(
    principal: Principal,
    readonly leaveId: string,
  ) {
    super(principal);
  }
}

/** GET /api/leave/days?start&end: the person's leave days (their timesheet calendar marks them). */
export class ListLeaveDaysQuery extends SignedInQuery<LeaveDay[]> {
  constructor(
    principal: Principal,
    readonly period: Period,
  ) {
    super(principal);
  }
}

/** GET /api/admin/leave?start&end&employeeId: the team's leave in the admin's scope (read only). */
@Requires('admin-or-auditor')
export class ListTeamLeaveQuery extends SignedInQuery<TeamLeaveAnswer> {
  constructor(
    principal: Principal,
    readonly period: Period,
    readonly employeeId: number | null,
  ) {
    super(principal);
  }
}

@QueryHandler(ListOwnLeaveQuery)
export class ListOwnLeaveHandler extends PortalQueryHandler<ListOwnLeaveQuery> {
  constructor(private readonly leave: LeaveReadModel) {
    super();
  }
  protected handle({ principal }: ListOwnLeaveQuery): Promise<LeaveView[]> {
    return this.leave.own(principal.staffId);
  }
}

@QueryHandler(CheckOwnLeaveQuery)
export class CheckOwnLeaveHandler extends PortalQueryHandler<CheckOwnLeaveQuery> {
  constructor(private readonly leave: LeaveReadModel) {
    super();
  }
  protected handle({ principal, leaveId }: CheckOwnLeaveQuery): Promise<void> {
    return this.leave.refuseSomeoneElses(principal, leaveId);
  }
}

@QueryHandler(ListLeaveDaysQuery)
export class ListLeaveDaysHandler extends PortalQueryHandler<ListLeaveDaysQuery> {
  constructor(private readonly leave: LeaveReadModel) {
    super();
  }
  protected handle({ principal, period }: ListLeaveDaysQuery): Promise<LeaveDay[]> {
    return this.leave.days(principal.staffId, period);
  }
}

@QueryHandler(ListTeamLeaveQuery)
export class ListTeamLeaveHandler extends PortalQueryHandler<ListTeamLeaveQuery> {
  constructor(private readonly leave: LeaveReadModel) {
    super();
  }
  protected handle({ principal, period, employeeId }: ListTeamLeaveQuery): Promise<TeamLeaveAnswer> {
    return this.leave.team(principal, period, employeeId);
  }
}
