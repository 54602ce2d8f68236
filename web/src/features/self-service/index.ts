export { ProfilePage } from './profile-page';
export { CodeOfConductPage } from './code-of-conduct-page';
