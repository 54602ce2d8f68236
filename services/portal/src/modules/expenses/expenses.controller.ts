import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  accommodationSchema,
  EXPENSE_TYPES,
  expenseClaimSchema,
  expenseEditSchema,
  expenseListQuerySchema,
  expenseWithdrawQuerySchema,
  perDiemSchema,
  type ExpenseList,
  type ExpenseType,
} from '@portal/contracts';
import { CurrentCommand, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import type { CommandContext } from '../../platform/event-store/command-context';
import type { LogPosition } from '../../platform/event-store/event-store.port';
import { parseBody, parseQuery } from '../../platform/http/validation';
import {
  ClaimExpensesHandler,
  planOfAccommodation,
  planOfClaim,
  planOfPerDiem,
  type ClaimExpensesResult,
} from './commands/claim-expenses';
import { CorrectExpenseHandler } from './commands/correct-expense';
import { WithdrawExpenseHandler } from './commands/withdraw-expense';
import { ListExpensesQuery } from './queries/list-expenses';

type Positioned = { position: LogPosition | null };

/** The expense entry endpoints (receipts, exports and downloads have their own controllers). */
@Controller('expenses')
export class ExpensesController {
  constructor(
    private readonly list: ListExpensesQuery,
    private readonly claim: ClaimExpensesHandler,
    private readonly correct: CorrectExpenseHandler,
    private readonly withdraw: WithdrawExpenseHandler,
  ) {}

  @Get('types')
  types(): readonly ExpenseType[] {
    return EXPENSE_TYPES;
  }

  @Get()
  listOwn(@CurrentPrincipal() person: Principal, @Query() query: unknown): Promise<ExpenseList> {
    return this.list.execute(person.staffId, parseQuery(expenseListQuerySchema, query));
  }

  @Post()
  save(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Body() body: unknown,
  ): Promise<ClaimExpensesResult> {
    return this.claim.execute(person, planOfClaim(parseBody(expenseClaimSchema, body)), command);
  }

  @Post('per-diem')
  savePerDiem(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Body() body: unknown,
  ): Promise<ClaimExpensesResult> {
    return this.claim.execute(person, planOfPerDiem(parseBody(perDiemSchema, body)), command);
  }

  @Post('accommodation')
  saveAccommodation(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Body() body: unknown,
  ): Promise<ClaimExpensesResult> {
    return this.claim.execute(person, planOfAccommodation(parseBody(accommodationSchema, body)), command);
  }

  @Put(':id')
  update(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Positioned> {
    return this.correct.execute(person, id, parseBody(expenseEditSchema, body), command);
  }

  @Delete(':id')
  remove(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<Positioned> {
    return this.withdraw.execute(person, id, parseQuery(expenseWithdrawQuerySchema, query).version, command);
  }
}
