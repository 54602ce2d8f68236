import { Global, Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule, RosteredProjects } from '../catalog';
import { StaffModule } from '../staff';
import { ChangeRosterHandler } from './commands/change-roster';
import { ExportRosterHandler } from './exports/export-roster';
import { rosterProjection } from './projections/roster.projection';
import { GetRosterChoicesHandler, GetRosterMatrixHandler } from './queries/roster-matrix';
import { ProjectHasRosterHandler } from './queries/project-has-roster';
import { RosterMatrixReader } from './queries/roster-matrix-reader';
import { ReadModelRosterQueries, RosterQueries } from './queries/roster-queries';
import { RosterController } from './roster.controller';

/**
 * Who may bill which project. Exports RosterQueries, and provides the catalog's RosteredProjects
 * port with it. Global, because the catalog's billable list needs that port while the roster
 * imports the catalog (for the owners of the projects a change names), not the other way round.
 */
@Global()
@Module({
  imports: [CatalogModule, StaffModule],
  controllers: [RosterController],
  providers: [
    { provide: RosterQueries, useClass: ReadModelRosterQueries },
    {
      provide: RosteredProjects,
      useFactory: (roster: RosterQueries): RosteredProjects => roster,
      inject: [RosterQueries],
    },
    ChangeRosterHandler,
    RosterMatrixReader,
    GetRosterMatrixHandler,
    GetRosterChoicesHandler,
    ExportRosterHandler,
    ProjectHasRosterHandler,
  ],
  exports: [RosterQueries, RosteredProjects],
})
export class RosterModule {
  constructor(registry: ContextRegistry) {
    registry.projection(rosterProjection);
  }
}
