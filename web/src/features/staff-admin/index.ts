export { StaffAdminPage } from './staff-admin-page';
