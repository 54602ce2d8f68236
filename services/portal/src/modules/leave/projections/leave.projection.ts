import type { LeaveDetails } from '@portal/contracts';
import { sql, type Updateable } from 'kysely';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf } from '../../../platform/projection/read-model-tables';
import type { LeaveEvent } from '../domain/leave-book';
import { LEAVE_READ_MODEL, type LeavesTable, type LeaveTables } from './leave-tables';

function columnsOf(d: Partial<LeaveDetails>): Updateable<LeavesTable> {
  const set: Updateable<LeavesTable> = {};
  if (d.leaveType !== undefined) set.leave_type = d.leaveType;
  if (d.fromDate !== undefined) set.from_date = d.fromDate;
  if (d.toDate !== undefined) set.to_date = d.toDate;
  if (d.notes !== undefined) set.notes = d.notes;
  return set;
}

/** Everyone's leave: the person's Leaves table, their calendar days, the admins' team calendar. */
export const leaveProjection = projectionOf<LeaveEvent, LeaveTables>({
  name: LEAVE_READ_MODEL,
  version: 1,
  handled: handledEvents<LeaveEvent>('LeaveRequested', 'LeaveChanged', 'LeaveRemoved'),
  tables: {
    leaves: {
      columns: {
        leave_id: 'text primary key',
        employee_id: 'integer not null',
        leave_type: 'text not null',
        from_date: 'text not null',
        to_date: 'text not null',
        notes: 'text not null',
        version: 'integer not null',
        changed_at: 'timestamptz not null',
      },
      // Both calendars ask for the leaves touching a period, the person's page for one person's.
      indexes: { leaves_by_person: ['employee_id', 'from_date'], leaves_by_period: ['from_date', 'to_date'] },
    },
  },

  async apply(event, rm): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'LeaveRequested': {
        const { leaveId, employeeId, ...details } = event.data;
        const values = {
          leave_id: leaveId,
          employee_id: employeeId,
          leave_type: details.leaveType,
          from_date: details.fromDate,
          to_date: details.toDate,
          notes: details.notes,
          version: 1,
          changed_at: at,
        };
        await rm
          .insertInto('leaves')
          .values(values)
          .onConflict((oc) => oc.column('leave_id').doNothing())
          .execute();
        return;
      }
      case 'LeaveChanged':
        await rm
          .updateTable('leaves')
          .set({ ...columnsOf(event.data.after), version: sql<number>`version + 1`, changed_at: at })
          .where('leave_id', '=', event.data.leaveId)
          .execute();
        return;
      case 'LeaveRemoved':
        await rm.deleteFrom('leaves').where('leave_id', '=', event.data.leaveId).execute();
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
