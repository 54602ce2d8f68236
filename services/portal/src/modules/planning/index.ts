/** The planning context's public entry: the only file other code may import. */
export { PlanningModule } from './planning.module';
export { SetPlannedHoursCommand, type SetPlannedHoursOutcome } from './commands/set-planned-hours';
export { GetPlannedHoursGrid } from './queries/get-planned-hours-grid';
