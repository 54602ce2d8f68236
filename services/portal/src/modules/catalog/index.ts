/** The catalog context's public entry: the only file other code may import. */
export { CatalogModule } from './catalog.module';
export {
  ProjectDirectory,
  projectsById,
  type ProjectView,
  type ActiveProjectFilter,
  type OwnerView,
} from './queries/project-directory';
export { RosteredProjects } from './queries/rostered-projects';
export { CatalogReferences } from './commands/catalog-references';
export { RegisterOwnerCommand, type RegisterOwnerInput } from './commands/register-owner';
export { RegisterClientCommand, type RegisterClientInput } from './commands/register-client';
export { OpenProjectCommand, type OpenProjectInput } from './commands/open-project';
export { UpdateProjectCommand, type UpdateProjectInput } from './commands/update-project';
export { CloseProjectCommand } from './commands/close-project';
export { ReopenProjectCommand } from './commands/reopen-project';
export { ListBillableProjectsQuery } from './queries/list-billable-projects';
export { ListSubProjectsQuery } from './queries/list-sub-projects';
export { GetProjectQuery } from './queries/get-project';
export { AddClientCommand, ChangeClientCommand } from './commands/client-admin';
export { AddProjectCommand, ChangeProjectCommand, DeleteProjectCommand } from './commands/project-admin';
/** A project's stream (the as-of views replay the names it holds). */
export { projectStreamId } from './domain/project';
