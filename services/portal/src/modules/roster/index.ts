/** The roster context's public entry: the only file other code may import. */
export { RosterModule } from './roster.module';
export { RosterQueries } from './queries/roster-queries';
export { ChangeRosterCommand } from './commands/change-roster';
