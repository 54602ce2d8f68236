export { RosterPage } from './roster-page';
