import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  codeListEntryRequestSchema,
  codeListsQuerySchema,
  vehicleIdParamSchema,
  vehicleRequestSchema,
  type CodeListEntry,
  type VehicleOptions,
  type VehicleRevealResponse,
  type VehicleView,
} from '@portal/contracts';
import { AdminOnly, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { ReadRoute } from '../../platform/http/idempotency.interceptor';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { RevealDriveLicenseCommand } from './commands/reveal-drive-license';
import { AddCodeListEntryCommand, type CodeListEntryOutcome } from './commands/add-code-list-entry';
import {
  ChangeVehicleDetailsCommand,
  RegisterVehicleCommand,
  RemoveVehicleCommand,
  type VehicleOutcome,
} from './commands/vehicle-commands';
import {
  GetVehicleQuery,
  ListCodeListsQuery,
  ListExpiringVehiclesQuery,
  ListVehiclesQuery,
  VehicleOptionsQuery,
} from './queries/vehicle-queries';

/**
 * /api/admin/vehicles and /api/admin/code-lists (admins; 403 for anyone else, before the body is
 * even read). Parses, asks the buses.
 */
@AdminOnly()
@Controller('admin')
export class VehiclesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('vehicles')
  list(@CurrentPrincipal() principal: Principal): Promise<VehicleView[]> {
    return this.queries.execute(new ListVehiclesQuery(principal));
  }

  @Get('vehicles/expiring')
  expiring(@CurrentPrincipal() principal: Principal): Promise<VehicleView[]> {
    return this.queries.execute(new ListExpiringVehiclesQuery(principal));
  }

  @Get('vehicles/options')
  options(@CurrentPrincipal() principal: Principal): Promise<VehicleOptions> {
    return this.queries.execute(new VehicleOptionsQuery(principal));
  }

  @Get('vehicles/:id')
  get(@CurrentPrincipal() principal: Principal, @Param() params: unknown): Promise<VehicleView> {
    const { id } = parseQuery(vehicleIdParamSchema, params);
    return this.queries.execute(new GetVehicleQuery(principal, id));
  }

  @Post('vehicles')
  register(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<VehicleOutcome> {
    return this.commands.execute(new RegisterVehicleCommand(caller, parseBody(vehicleRequestSchema, body)));
  }

  @Put('vehicles/:id')
  change(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<VehicleOutcome> {
    const { id } = parseQuery(vehicleIdParamSchema, params);
    return this.commands.execute(
      new ChangeVehicleDetailsCommand(caller, id, parseBody(vehicleRequestSchema, body)),
    );
  }

  @Delete('vehicles/:id')
  remove(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<VehicleOutcome> {
    const { id } = parseQuery(vehicleIdParamSchema, params);
    return this.commands.execute(new RemoveVehicleCommand(caller, id));
  }

  /** The licence number in the clear, recorded; the answer is never stored with the Idempotency-Key. */
  @Post('vehicles/:id/reveal')
  @HttpCode(200)
  @ReadRoute()
  reveal(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<VehicleRevealResponse> {
    const { id } = parseQuery(vehicleIdParamSchema, params);
    return this.commands.execute(new RevealDriveLicenseCommand(caller, id));
  }

  @Get('code-lists')
  codeLists(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<CodeListEntry[]> {
    return this.queries.execute(
      new ListCodeListsQuery(principal, parseQuery(codeListsQuerySchema, query).ids),
    );
  }

  @Post('code-lists')
  addEntry(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<CodeListEntryOutcome> {
    return this.commands.execute(
      new AddCodeListEntryCommand(caller, parseBody(codeListEntryRequestSchema, body)),
    );
  }
}
