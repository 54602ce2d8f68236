import { Injectable } from '@nestjs/common';
import {
  daysBetween,
  leaveMessages,
  leaveWithin,
  type BusinessDate,
  type LeaveDay,
  type LeaveType,
  type LeaveView,
  type TeamLeaveAnswer,
} from '@portal/contracts';
import type { Selectable } from 'kysely';
import { DomainError } from '../../../kernel/domain-error';
import type { Principal } from '../../../platform/auth/principal';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { StaffQueries } from '../../staff';
import { leaveTables, type LeavesTable } from '../projections/leave-tables';

export interface Period {
  readonly start: BusinessDate;
  readonly end: BusinessDate;
}

function toView(row: Selectable<LeavesTable>): LeaveView {
  return {
    leaveId: row.leave_id,
    leaveType: row.leave_type as LeaveType,
    fromDate: row.from_date,
    toDate: row.to_date,
    notes: row.notes,
    version: row.version,
  };
}

/**
 * Leave as the screens read it: a person's own (their page and their timesheet calendar) and the
 * team's for admins (a sightstream admin sees only owner-2 people; any other is refused).
 */
@Injectable()
export class LeaveReadModel {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly staff: StaffQueries,
  ) {}

  private leaves() {
    return leaveTables(this.db).selectFrom('leaves').selectAll();
  }

  /** The person's leave, latest first. */
  async own(staffId: number): Promise<LeaveView[]> {
    const rows = await this.leaves()
      .where('employee_id', '=', staffId)
      .orderBy('from_date', 'desc')
      .orderBy('leave_id')
      .execute();
    return rows.map(toView);
  }

  /**
   * Refuses (403) a leave the read model knows as someone else's: a person manages only their own.
   * One it does not know yet passes: it may be the caller's, just requested; the decider of the
   * caller's stream answers 404 if it is not there.
   */
  async refuseSomeoneElses(person: Principal, leaveId: string): Promise<void> {
    const row = await leaveTables(this.db)
      .selectFrom('leaves')
      .select('employee_id')
      .where('leave_id', '=', leaveId)
      .executeTakeFirst();
    if (row && row.employee_id !== person.staffId) throw DomainError.forbidden(leaveMessages.notYours);
  }

  /** Each day of the person's leave within the period, in date order. */
  async days(staffId: number, period: Period): Promise<LeaveDay[]> {
    const rows = await this.touching(period).where('employee_id', '=', staffId).execute();
    const days: LeaveDay[] = [];
    for (const row of rows) {
      const within = leaveWithin({ fromDate: row.from_date, toDate: row.to_date }, period);
      if (!within) continue;
      for (const date of daysBetween(within.first, within.last))
        days.push({ date, leaveType: row.leave_type as LeaveType });
    }
    return days.sort((a, b) => a.date.localeCompare(b.date));
  }

  /** The team's leave touching the period (one person's when `employeeId` is given), by start. */
  async team(viewer: Principal, period: Period, employeeId: number | null): Promise<TeamLeaveAnswer> {
    const visible = await this.staff.listVisibleTo(viewer);
    const names = new Map(visible.map((p) => [p.staffId, p.name]));
    if (employeeId !== null && !names.has(employeeId)) throw DomainError.forbidden(leaveMessages.outOfScope);
    const people = visible.map((p) => ({ staffId: p.staffId, name: p.name }));
    const ids = employeeId !== null ? [employeeId] : [...names.keys()];
    if (ids.length === 0) return { leaves: [], people };
    const rows = await this.touching(period)
      .where('employee_id', 'in', ids)
      .orderBy('from_date')
      .orderBy('employee_id')
      .execute();
    const leaves = rows.map((row) => ({
      ...toView(row),
      employeeId: row.employee_id,
      employeeName: names.get(row.employee_id) ?? `Staff ${row.employee_id}`,
    }));
    return { leaves, people };
  }

  private touching(period: Period) {
    return this.leaves().where('from_date', '<=', period.end).where('to_date', '>=', period.start);
  }
}
