/** The holidays context's public entry: the only file other code may import. */
export { HolidaysModule } from './holidays.module';
