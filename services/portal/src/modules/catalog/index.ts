/** The catalog context's public entry: the only file other code may import. */
export { CatalogModule } from './catalog.module';
export { ProjectDirectory, type ProjectView, type ActiveProjectFilter } from './queries/project-directory';
