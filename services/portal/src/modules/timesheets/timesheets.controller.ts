import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  idField,
  ledgerMonthSchema,
  monthField,
  timesheetBatchSchema,
  timesheetEditSchema,
  timesheetListQuerySchema,
  timesheetWithdrawQuerySchema,
  verifyPeriodSchema,
  type LedgerLockResponse,
  type TimesheetList,
} from '@portal/contracts';
import { z } from 'zod';
import { CurrentCommand, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import type { CommandContext } from '../../platform/event-store/command-context';
import type { LogPosition } from '../../platform/event-store/event-store.port';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { CorrectTimesheetEntryHandler } from './commands/correct-timesheet-entry';
import { SubmitTimesheetHandler, type SubmitTimesheetResult } from './commands/submit-timesheet';
import { VerifyPeriodHandler } from './commands/verify-period';
import { WithdrawTimesheetEntryHandler } from './commands/withdraw-timesheet-entry';
import { LedgerLockQuery } from './queries/ledger-lock';
import { ListTimesheetsQuery } from './queries/list-timesheets';

const lockParamsSchema = z.object({
  employeeId: idField('Employee'),
  month: monthField('Month'),
  projectId: idField('Project'),
});

type Positioned = { position: LogPosition | null };

@Controller()
export class TimesheetsController {
  constructor(
    private readonly list: ListTimesheetsQuery,
    private readonly lock: LedgerLockQuery,
    private readonly submit: SubmitTimesheetHandler,
    private readonly correct: CorrectTimesheetEntryHandler,
    private readonly withdraw: WithdrawTimesheetEntryHandler,
    private readonly verify: VerifyPeriodHandler,
  ) {}

  @Get('timesheets')
  listOwn(@CurrentPrincipal() person: Principal, @Query() query: unknown): Promise<TimesheetList> {
    return this.list.execute(person.staffId, parseQuery(timesheetListQuerySchema, query));
  }

  @Post('timesheets')
  save(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Body() body: unknown,
  ): Promise<SubmitTimesheetResult> {
    return this.submit.execute(person, parseBody(timesheetBatchSchema, body), command);
  }

  @Put('timesheets/:id')
  update(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Positioned> {
    return this.correct.execute(person, id, parseBody(timesheetEditSchema, body), command);
  }

  @Delete('timesheets/:id')
  remove(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<Positioned> {
    return this.withdraw.execute(
      person,
      id,
      parseQuery(timesheetWithdrawQuerySchema, query).version,
      command,
    );
  }

  @Get('ledgers/:employeeId/:month/locks/:projectId')
  lockOf(@CurrentPrincipal() person: Principal, @Param() params: unknown): Promise<LedgerLockResponse> {
    const { employeeId, month, projectId } = parseQuery(lockParamsSchema, params);
    return this.lock.execute(person, employeeId, month, projectId);
  }

  @Post('ledgers/me/:month/verify')
  verifyOwn(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Param('month') month: unknown,
    @Body() body: unknown,
  ): Promise<Positioned> {
    const { projectId } = parseBody(verifyPeriodSchema, body);
    return this.verify.execute(person, parseQuery(ledgerMonthSchema, month), projectId, command);
  }
}
