/** The roster context's public entry: the only file other code may import. */
export { RosterModule } from './roster.module';
export { RosterQueries } from './queries/roster-queries';
export { ChangeRosterCommand, type RosterSaveOutcome } from './commands/change-roster';
export { GetRosterMatrixQuery, GetRosterChoicesQuery } from './queries/roster-matrix';
/** The roster's read model and stream (the planned hours "as of" replay them). */
export { ROSTER_READ_MODEL } from './projections/roster-tables';
export { ROSTER_STREAM_ID } from './domain/roster';
