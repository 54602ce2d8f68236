import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  idField,
  ledgerMonthSchema,
  monthField,
  verifyPeriodSchema,
  type LedgerLockCheck,
} from '@portal/contracts';
import { z } from 'zod';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import type { LogPosition } from '../../platform/event-store/event-store.port';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { VerifyPeriod } from './commands/verify-period';
import { CheckLedgerLock } from './queries/check-ledger-lock';

const lockParamsSchema = z.object({
  employeeId: idField('Employee'),
  month: monthField('Month'),
  projectId: idField('Project'),
});

@Controller('ledgers')
export class PeriodsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':employeeId/:month/locks/:projectId')
  lockOf(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<LedgerLockCheck> {
    const { employeeId, month, projectId } = parseQuery(lockParamsSchema, params);
    return this.queries.execute(new CheckLedgerLock(caller.principal, employeeId, month, projectId));
  }

  @Post('me/:month/verify')
  verifyOwn(
    @CurrentCaller() caller: Caller,
    @Param('month') month: unknown,
    @Body() body: unknown,
  ): Promise<{ position: LogPosition | null }> {
    const { projectId, what } = parseBody(verifyPeriodSchema, body);
    return this.commands.execute(
      new VerifyPeriod(caller, parseQuery(ledgerMonthSchema, month), projectId, undefined, what),
    );
  }
}
