import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  clientIdParamSchema,
  clientRequestSchema,
  projectIdParamSchema,
  projectRequestSchema,
  ownerIdParamSchema,
  ownerTimeZoneRequestSchema,
  type OwnerTimeZoneSaved,
  type AdminClient,
  type AdminOwner,
  type AdminProject,
} from '@portal/contracts';
import { AdminOnly } from '../../platform/auth/decorators';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import type { LogPosition } from '../../platform/event-store/event-store.port';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { AddClientCommand, ChangeClientCommand, type ClientOutcome } from './commands/client-admin';
import { SetOwnerTimeZoneCommand } from './commands/set-owner-time-zone';
import {
  AddProjectCommand,
  ChangeProjectCommand,
  DeleteProjectCommand,
  type ProjectOutcome,
} from './commands/project-admin';
import {
  GetAdminProjectQuery,
  ListAdminClientsQuery,
  ListAdminOwnersQuery,
  ListAdminProjectsQuery,
} from './queries/admin-queries';

/**
 * The admin screens of clients and projects (issue 9): admins only (anyone else gets 403 before
 * anything is read or sent); a sightstream admin works within owner 2 (the queries and deciders
 * apply the scope). Parses input with the contracts' schemas and asks the buses.
 */
@Controller('admin')
@AdminOnly()
export class AdminCatalogController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('clients')
  clients(@CurrentCaller() caller: Caller): Promise<AdminClient[]> {
    return this.queries.execute(new ListAdminClientsQuery(caller.principal));
  }

  @Post('clients')
  async addClient(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ClientOutcome> {
    return this.commands.execute(new AddClientCommand(caller, parseBody(clientRequestSchema, body)));
  }

  @Put('clients/:id')
  async changeClient(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<ClientOutcome> {
    const { id } = parseQuery(clientIdParamSchema, params);
    return this.commands.execute(new ChangeClientCommand(caller, id, parseBody(clientRequestSchema, body)));
  }

  @Get('owners')
  owners(@CurrentCaller() caller: Caller): Promise<AdminOwner[]> {
    return this.queries.execute(new ListAdminOwnersQuery(caller.principal));
  }

  /** The zone every business date of the owner's people follows (issue 25). */
  @Put('owners/:id/time-zone')
  async setTimeZone(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<Omit<OwnerTimeZoneSaved, 'position'> & { position: LogPosition | null }> {
    const { id } = parseQuery(ownerIdParamSchema, params);
    const { timeZone } = parseBody(ownerTimeZoneRequestSchema, body);
    // The read-your-writes edge waits for `position` and sends it as text.
    const position = await this.commands.execute(new SetOwnerTimeZoneCommand(caller, id, timeZone));
    return { ownerId: id, timeZone, position };
  }

  @Get('projects')
  projects(@CurrentCaller() caller: Caller): Promise<AdminProject[]> {
    return this.queries.execute(new ListAdminProjectsQuery(caller.principal));
  }

  @Get('projects/:id')
  project(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<AdminProject> {
    const { id } = parseQuery(projectIdParamSchema, params);
    return this.queries.execute(new GetAdminProjectQuery(caller.principal, id));
  }

  @Post('projects')
  async addProject(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ProjectOutcome> {
    return this.commands.execute(new AddProjectCommand(caller, parseBody(projectRequestSchema, body)));
  }

  @Put('projects/:id')
  async changeProject(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<ProjectOutcome> {
    const { id } = parseQuery(projectIdParamSchema, params);
    return this.commands.execute(new ChangeProjectCommand(caller, id, parseBody(projectRequestSchema, body)));
  }

  @Delete('projects/:id')
  async deleteProject(@CurrentCaller() caller: Caller, @Param() params: unknown) {
    const { id } = parseQuery(projectIdParamSchema, params);
    return this.commands.execute(new DeleteProjectCommand(caller, id));
  }
}
