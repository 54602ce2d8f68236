import type { LeaveDetails } from '@portal/contracts';
import { sql, type Updateable } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { handledEvents } from '../../../platform/projection/handled-events';
import type { LeaveEvent } from '../domain/leave-book';
import { LEAVE_READ_MODEL, type LeavesTable, type LeaveTables } from './leave-tables';

const handled = handledEvents<LeaveEvent>('LeaveRequested', 'LeaveChanged', 'LeaveRemoved');

function columnsOf(d: Partial<LeaveDetails>): Updateable<LeavesTable> {
  const set: Updateable<LeavesTable> = {};
  if (d.leaveType !== undefined) set.leave_type = d.leaveType;
  if (d.fromDate !== undefined) set.from_date = d.fromDate;
  if (d.toDate !== undefined) set.to_date = d.toDate;
  if (d.notes !== undefined) set.notes = d.notes;
  return set;
}

/** Everyone's leave: the person's Leaves table, their calendar days, the admins' team calendar. */
export const leaveProjection: Projection = {
  name: LEAVE_READ_MODEL,
  version: 1,
  eventTypes: handled.types,

  async createTables(db: Database): Promise<void> {
    await db.schema
      .createTable('leaves')
      .addColumn('leave_id', 'text', (c) => c.primaryKey())
      .addColumn('employee_id', 'integer', (c) => c.notNull())
      .addColumn('leave_type', 'text', (c) => c.notNull())
      .addColumn('from_date', 'text', (c) => c.notNull())
      .addColumn('to_date', 'text', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // Both calendars ask for the leaves touching a period, the person's page for one person's.
    await db.schema
      .createIndex('leaves_by_person')
      .on('leaves')
      .columns(['employee_id', 'from_date'])
      .execute();
    await db.schema.createIndex('leaves_by_period').on('leaves').columns(['from_date', 'to_date']).execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    if (!handled.has(event)) return;
    const rm = tablesOf<LeaveTables>(db);
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
};
