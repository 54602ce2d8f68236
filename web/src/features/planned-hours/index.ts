export { PlannedHoursPage } from './planned-hours-page';
