export { ClientsCreatePage } from './clients-create-page';
export { ClientsEditPage } from './clients-edit-page';
export { ProjectsPage } from './projects-page';
