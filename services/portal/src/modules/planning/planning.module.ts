import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { RosterModule } from '../roster';
import { StaffModule } from '../staff';
import { TimesheetsModule } from '../timesheets';
import { SetPlannedHoursHandler } from './commands/set-planned-hours';
import { PlanningController } from './planning.controller';
import { planningProjection } from './projections/planning.projection';
import { ExportPlannedHoursHandler } from './exports/export-planned-hours';
import { GetPlannedHoursGridHandler } from './queries/get-planned-hours-grid';
import { ListPlanningProjectsHandler } from './queries/list-planning-projects';
import { PlanningFacts } from './queries/planning-facts';
import { ProjectHasPlansHandler } from './queries/project-has-plans';

/**
 * Planning: hours planned per project, person and month (stream `planned-hours-{projectId}`), the
 * grid with plan against actual (hours from the timesheets context), and its export.
 */
@Module({
  imports: [CatalogModule, RosterModule, StaffModule, TimesheetsModule],
  controllers: [PlanningController],
  providers: [
    PlanningFacts,
    SetPlannedHoursHandler,
    GetPlannedHoursGridHandler,
    ListPlanningProjectsHandler,
    ExportPlannedHoursHandler,
    ProjectHasPlansHandler,
  ],
})
export class PlanningModule {
  constructor(registry: ContextRegistry) {
    registry.projection(planningProjection);
  }
}
