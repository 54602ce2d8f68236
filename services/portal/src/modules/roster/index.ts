/** The roster context's public entry: the only file other code may import. */
export { RosterModule } from './roster.module';
export { RosterQueries } from './queries/roster-queries';
export { ChangeRosterCommand, type RosterSaveOutcome } from './commands/change-roster';
export { GetRosterMatrixQuery, GetRosterChoicesQuery } from './queries/roster-matrix';
