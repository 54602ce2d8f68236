import { inParameterSafeChunks } from '../../../platform/database/chunked-insert';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf } from '../../../platform/projection/read-model-tables';
import type { RosterEvent } from '../domain/roster';
import { ROSTER_READ_MODEL, type RosterTables } from './roster-tables';

/** The bench reads the projection's name here. */
export { ROSTER_READ_MODEL };

/** Who may bill which project: the roster matrix, the billable-project pickers. */
export const rosterProjection = projectionOf<RosterEvent, RosterTables>({
  name: ROSTER_READ_MODEL,
  version: 1,
  handled: handledEvents<RosterEvent>('RosterChanged'),
  tables: {
    roster_entries: {
      columns: {
        employee_id: 'integer not null',
        project_id: 'integer not null',
        is_allowed_to_bill: 'boolean not null',
        changed_at: 'timestamptz not null',
      },
      primaryKey: ['employee_id', 'project_id'],
      indexes: { roster_entries_by_project: ['project_id'] },
    },
  },

  async apply(event, rm): Promise<void> {
    const { changes } = event.data;
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
});
