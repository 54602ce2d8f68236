import { inParameterSafeChunks } from '../../../platform/database/chunked-insert';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf } from '../../../platform/projection/read-model-tables';
import type { PlannedHoursEvent } from '../domain/planned-hours';
import { PLANNING_READ_MODEL, type PlanningTables } from './planning-tables';

/** The bench reads the projection's name here. */
export { PLANNING_READ_MODEL };

/** Planned hours by project, person and month: the planned-hours grid and its export. */
export const planningProjection = projectionOf<PlannedHoursEvent, PlanningTables>({
  name: PLANNING_READ_MODEL,
  version: 1,
  handled: handledEvents<PlannedHoursEvent>('PlannedHoursSet'),
  tables: {
    planned_hours: {
      columns: {
        project_id: 'integer not null',
        employee_id: 'integer not null',
        month: 'text not null',
        planned_hours: 'integer',
        changed_at: 'timestamptz not null',
      },
      // Project first: the grid reads one project over a range of months.
      primaryKey: ['project_id', 'month', 'employee_id'],
    },
  },

  async apply(event, rm): Promise<void> {
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
});
