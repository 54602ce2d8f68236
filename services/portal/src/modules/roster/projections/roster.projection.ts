import { inParameterSafeChunks } from '../../../platform/database/chunked-insert';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import type { RosterEvent } from '../domain/roster';
import { ROSTER_READ_MODEL, type RosterTables } from './roster-tables';

/** The bench reads the projection's name here. */
export { ROSTER_READ_MODEL };

function isRosterEvent(event: RecordedEvent): event is RecordedEvent & RosterEvent {
  return event.type === 'RosterChanged';
}

/** Who may bill which project: the roster matrix, the billable-project pickers. */
export const rosterProjection: Projection = {
  name: ROSTER_READ_MODEL,
  version: 1,
  eventTypes: ['RosterChanged'],

  async createTables(db: Database): Promise<void> {
    await db.schema
      .createTable('roster_entries')
      .addColumn('employee_id', 'integer', (c) => c.notNull())
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('is_allowed_to_bill', 'boolean', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('roster_entries_pk', ['employee_id', 'project_id'])
      .execute();
    await db.schema
      .createIndex('roster_entries_by_project')
      .on('roster_entries')
      .column('project_id')
      .execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    if (!isRosterEvent(event)) return;
    const { changes } = event.data;
    const rm = tablesOf<RosterTables>(db);
    if (changes.length === 0) return;
    const at = event.metadata.occurredAt;
    // One row per pair (the last change wins): an upsert may not touch a row twice.
    const latest = new Map(changes.map((c) => [`${c.employeeId}:${c.projectId}`, c]));
    const rows = [...latest.values()].map((c) => ({
      employee_id: c.employeeId,
      project_id: c.projectId,
      is_allowed_to_bill: c.isAllowedToBill,
      changed_at: at,
    }));
    // A save may hold thousands of cells: chunks keep each statement under PostgreSQL's parameter limit.
    await inParameterSafeChunks(rows, (chunk) =>
      rm
        .insertInto('roster_entries')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['employee_id', 'project_id']).doUpdateSet((eb) => ({
            is_allowed_to_bill: eb.ref('excluded.is_allowed_to_bill'),
            changed_at: eb.ref('excluded.changed_at'),
          })),
        )
        .execute(),
    );
  },
};
