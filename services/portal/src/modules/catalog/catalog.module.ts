import { Module } from '@nestjs/common';
import { RosterModule } from '../roster/roster.module';
import { CatalogController } from './catalog.controller';
import { ProjectCommandHandlers } from './commands/project-commands';
import { RegisterClientHandler } from './commands/register-client';
import { RegisterOwnerHandler } from './commands/register-owner';
import { ProjectDirectory, ReadModelProjectDirectory } from './queries/project-directory';
import { ProjectOptionsQuery } from './queries/project-options';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { catalogProjection } from './projections/catalog.projection';

/** Owners, clients and projects. Exports the ProjectDirectory query and the command handlers. */
@Module({
  imports: [RosterModule],
  controllers: [CatalogController],
  providers: [
    { provide: ProjectDirectory, useClass: ReadModelProjectDirectory },
    ProjectOptionsQuery,
    RegisterOwnerHandler,
    RegisterClientHandler,
    ProjectCommandHandlers,
  ],
  exports: [ProjectDirectory, RegisterOwnerHandler, RegisterClientHandler, ProjectCommandHandlers],
})
export class CatalogModule {
  constructor(registry: ContextRegistry) {
    registry.projection(catalogProjection);
  }
}
