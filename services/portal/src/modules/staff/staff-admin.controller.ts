import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  staffAddSchema,
  staffErasureSchema,
  staffIdParamSchema,
  staffListQuerySchema,
  staffRevealSchema,
  staffUpdateSchema,
  type StaffAdminDetail,
  type StaffAdminRow,
  type StaffRevealResponse,
} from '@portal/contracts';
import { AdminOnly, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { ReadRoute } from '../../platform/http/idempotency.interceptor';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { AddStaffMemberCommand, type AddStaffMemberOutcome } from './commands/add-staff-member';
import { EraseStaffPersonalDataCommand, type StaffErasureAnswer } from './commands/erase-staff-personal-data';
import { RevealSensitiveFieldCommand } from './commands/reveal-sensitive-field';
import { UpdateStaffMemberCommand, type StaffChangeOutcome } from './commands/update-staff-member';
import { GetStaffForAdmin, ListStaffForAdmin } from './queries/staff-admin';

/**
 * Staff Review (admins only; a sightstream admin sees and changes only owner-2 people, others are
 * 404): the list, a person added, one person, their change, deactivation, the reveal of one sensitive field and
 * the erasure of their personal data.
 */
@AdminOnly()
@Controller('admin/staff')
export class StaffAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<StaffAdminRow[]> {
    return this.queries.execute(new ListStaffForAdmin(principal, parseQuery(staffListQuerySchema, query)));
  }

  /** Add staff member: a person not in the directory, under the next free staff id. */
  @Post()
  add(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<AddStaffMemberOutcome> {
    return this.commands.execute(new AddStaffMemberCommand(caller, parseBody(staffAddSchema, body)));
  }

  @Get(':id')
  get(@CurrentPrincipal() principal: Principal, @Param() params: unknown): Promise<StaffAdminDetail> {
    const { id } = parseQuery(staffIdParamSchema, params);
    return this.queries.execute(new GetStaffForAdmin(principal, id));
  }

  @Put(':id')
  update(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<StaffChangeOutcome> {
    const { id } = parseQuery(staffIdParamSchema, params);
    return this.commands.execute(
      new UpdateStaffMemberCommand(caller, id, parseBody(staffUpdateSchema, body)),
    );
  }

  /** Delete in the spec's words: the person is deactivated (history stays) and signed out at once. */
  @Post(':id/deactivate')
  @HttpCode(200)
  deactivate(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<StaffChangeOutcome> {
    const { id } = parseQuery(staffIdParamSchema, params);
    return this.commands.execute(new UpdateStaffMemberCommand(caller, id, { isActive: false }));
  }

  /** Answers one field in the clear; the answer is never stored with the Idempotency-Key. */
  @Post(':id/reveal')
  @HttpCode(200)
  @ReadRoute()
  reveal(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<StaffRevealResponse> {
    const { id } = parseQuery(staffIdParamSchema, params);
    const { field } = parseBody(staffRevealSchema, body);
    return this.commands.execute(new RevealSensitiveFieldCommand(caller, id, field));
  }

  /** Erases the person's personal data for good (their key is deleted); the reason is recorded. */
  @Post(':id/erase')
  @HttpCode(200)
  erase(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<StaffErasureAnswer> {
    const { id } = parseQuery(staffIdParamSchema, params);
    const { reason } = parseBody(staffErasureSchema, body);
    return this.commands.execute(new EraseStaffPersonalDataCommand(caller, id, reason));
  }
}
