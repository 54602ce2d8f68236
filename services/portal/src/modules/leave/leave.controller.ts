import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  leaveChangeSchema,
  leaveDaysQuerySchema,
  leaveIdParamSchema,
  leaveRequestSchema,
  teamLeaveQuerySchema,
  type LeaveDay,
  type LeaveView,
  type TeamLeaveAnswer,
} from '@portal/contracts';
import { AdminOnly, AuditorsMayRead, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { parseBody, parseQuery } from '../../platform/http/validation';
import {
  ChangeLeaveCommand,
  RemoveLeaveCommand,
  RequestLeaveCommand,
  type LeaveOutcome,
} from './commands/leave-commands';
import {
  CheckOwnLeaveQuery,
  ListLeaveDaysQuery,
  ListOwnLeaveQuery,
  ListTeamLeaveQuery,
} from './queries/leave-queries';

/** /api/leave: the signed-in person's own leave (anyone signed in). Parses, asks the buses. */
@Controller('leave')
export class LeaveController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<LeaveView[]> {
    return this.queries.execute(new ListOwnLeaveQuery(principal));
  }

  @Get('days')
  days(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<LeaveDay[]> {
    return this.queries.execute(new ListLeaveDaysQuery(principal, parseQuery(leaveDaysQuerySchema, query)));
  }

  @Post()
  request(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<LeaveOutcome> {
    return this.commands.execute(new RequestLeaveCommand(caller, parseBody(leaveRequestSchema, body)));
  }

  /**
   * Someone else's leave is 403 before the body is read; the body holds the version seen (a stale
   * one: 409 with the leave as it is now). Unknown: 404 from the decision.
   */
  @Put(':id')
  async change(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<LeaveOutcome> {
    const { id } = parseQuery(leaveIdParamSchema, params);
    await this.queries.execute(new CheckOwnLeaveQuery(caller.principal, id));
    return this.commands.execute(new ChangeLeaveCommand(caller, id, parseBody(leaveChangeSchema, body)));
  }

  @Delete(':id')
  remove(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<LeaveOutcome> {
    const { id } = parseQuery(leaveIdParamSchema, params);
    return this.commands.execute(new RemoveLeaveCommand(caller, id));
  }
}

/** /api/admin/leave: the team's leave, read only (admins and auditors; 403 for anyone else, before anything is read). */
@AdminOnly()
@Controller('admin/leave')
@AuditorsMayRead()
export class TeamLeaveController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  team(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<TeamLeaveAnswer> {
    const { start, end, employeeId } = parseQuery(teamLeaveQuerySchema, query);
    return this.queries.execute(new ListTeamLeaveQuery(principal, { start, end }, employeeId));
  }
}
