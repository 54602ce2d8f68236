import { Module } from '@nestjs/common';
import { ChangeRosterHandler } from './commands/change-roster';
import { ReadModelRosterQueries, RosterQueries } from './queries/roster-queries';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { rosterProjection } from './projections/roster.projection';

/** Who may bill which project. Exports RosterQueries and the ChangeRoster handler. */
@Module({
  providers: [{ provide: RosterQueries, useClass: ReadModelRosterQueries }, ChangeRosterHandler],
  exports: [RosterQueries, ChangeRosterHandler],
})
export class RosterModule {
  constructor(registry: ContextRegistry) {
    registry.projection(rosterProjection);
  }
}
