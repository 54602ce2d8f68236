import { inParameterSafeChunks } from '../../../platform/database/chunked-insert';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import type { PlannedHoursEvent } from '../domain/planned-hours';
import { PLANNING_READ_MODEL, type PlanningTables } from './planning-tables';

/** The bench reads the projection's name here. */
export { PLANNING_READ_MODEL };

function isPlanningEvent(event: RecordedEvent): event is RecordedEvent & PlannedHoursEvent {
  return event.type === 'PlannedHoursSet';
}

/** Planned hours by project, person and month: the planned-hours grid and its export. */
export const planningProjection: Projection = {
  name: PLANNING_READ_MODEL,
  version: 1,
  eventTypes: ['PlannedHoursSet'],

  async createTables(db: Database): Promise<void> {
    await db.schema
      .createTable('planned_hours')
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('employee_id', 'integer', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('planned_hours', 'integer')
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      // Project first: the grid reads one project over a range of months.
      .addPrimaryKeyConstraint('planned_hours_pk', ['project_id', 'month', 'employee_id'])
      .execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    if (!isPlanningEvent(event)) return;
    const { projectId, changes } = event.data;
    if (changes.length === 0) return;
    const at = event.metadata.occurredAt;
    // One row per cell (a decider never repeats one, but an upsert may not touch a row twice).
    const latest = new Map(changes.map((c) => [`${c.employeeId}:${c.month}`, c]));
    const rows = [...latest.values()].map((c) => ({
      project_id: projectId,
      employee_id: c.employeeId,
      month: c.month,
      planned_hours: c.after.plannedHours ?? null,
      changed_at: at,
    }));
    const rm = tablesOf<PlanningTables>(db);
    // A save may hold any number of cells: chunks keep each statement under PostgreSQL's parameter limit.
    await inParameterSafeChunks(rows, (chunk) =>
      rm
        .insertInto('planned_hours')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['project_id', 'month', 'employee_id']).doUpdateSet((eb) => ({
            planned_hours: eb.ref('excluded.planned_hours'),
            changed_at: eb.ref('excluded.changed_at'),
          })),
        )
        .execute(),
    );
  },
};
