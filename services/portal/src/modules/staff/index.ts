/** The staff context's public entry: the only file other code may import. */
export { StaffModule } from './staff.module';
