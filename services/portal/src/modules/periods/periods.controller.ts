import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ledgerLockParamsSchema,
  ledgerLockQuerySchema,
  ledgerMonthSchema,
  monthOf,
  verifyPeriodSchema,
  verifyRangeSchema,
  type LedgerLockCheck,
} from '@portal/contracts';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import type { LogPosition } from '../../platform/event-store/event-store.port';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { VerifyBillingPeriod, VerifyPeriod } from './commands/verify-period';
import { DomainError } from '../../kernel/domain-error';
import { CheckLedgerLock } from './queries/check-ledger-lock';

@Controller('ledgers')
export class PeriodsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':employeeId/:month/locks/:projectId')
  lockOf(
    @CurrentCaller() caller: Caller,
    @Param() params: unknown,
    @Query() search: unknown,
  ): Promise<LedgerLockCheck> {
    const { employeeId, month, projectId } = parseQuery(ledgerLockParamsSchema, params);
    const { date } = parseQuery(ledgerLockQuerySchema, search);
    if (date && monthOf(date) !== month) {
      throw DomainError.validation([
        { path: 'date', message: 'Date must be a day of the month asked about' },
      ]);
    }
    return this.queries.execute(
      new CheckLedgerLock(caller.principal, employeeId, month, projectId, date ?? null),
    );
  }

  /**
   * Verifies one billing period of the project (start and end its first and last days): the
   * ledger of each month it touches records PeriodVerified for the days of that month.
   */
  @Post('me/verify')
  verifyOwnPeriod(
    @CurrentCaller() caller: Caller,
    @Body() body: unknown,
  ): Promise<{ position: LogPosition | null }> {
    const { projectId, what, start, end } = parseBody(verifyRangeSchema, body);
    return this.commands.execute(new VerifyBillingPeriod(caller, projectId, start, end, what));
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
