import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  accommodationSchema,
  claimPreviewQuerySchema,
  EXPENSE_TYPES,
  expenseClaimSchema,
  expenseEditSchema,
  expenseListQuerySchema,
  expenseWithdrawQuerySchema,
  perDiemSchema,
  type ClaimPreview,
  type ExpenseList,
  type ExpenseType,
} from '@portal/contracts';
import { CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import type { LogPosition } from '../../platform/event-store/event-store.port';
import { parseBody, parseQuery } from '../../platform/http/validation';
import {
  ClaimExpensesCommand,
  planOfAccommodation,
  planOfClaim,
  planOfPerDiem,
  type ClaimExpensesResult,
} from './commands/claim-expenses';
import { CorrectExpenseCommand } from './commands/correct-expense';
import { WithdrawExpenseCommand } from './commands/withdraw-expense';
import { ListExpenses } from './queries/list-expenses';
import { PreviewClaim } from './queries/claim-preview';

type Positioned = { position: LogPosition | null };

/** The expense entry endpoints (receipts, exports and downloads have their own controllers). */
@Controller('expenses')
export class ExpensesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('types')
  types(): readonly ExpenseType[] {
    return EXPENSE_TYPES;
  }

  @Get()
  listOwn(@CurrentPrincipal() person: Principal, @Query() query: unknown): Promise<ExpenseList> {
    return this.queries.execute(new ListExpenses(person, parseQuery(expenseListQuerySchema, query)));
  }

  /** The claimed amount and rate a claim would be saved with, before it is submitted. */
  @Get('claim-preview')
  preview(@CurrentPrincipal() person: Principal, @Query() query: unknown): Promise<ClaimPreview> {
    return this.queries.execute(new PreviewClaim(person, parseQuery(claimPreviewQuerySchema, query)));
  }

  @Post()
  save(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ClaimExpensesResult> {
    return this.commands.execute(
      new ClaimExpensesCommand(caller, planOfClaim(parseBody(expenseClaimSchema, body))),
    );
  }

  @Post('per-diem')
  savePerDiem(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ClaimExpensesResult> {
    return this.commands.execute(
      new ClaimExpensesCommand(caller, planOfPerDiem(parseBody(perDiemSchema, body))),
    );
  }

  @Post('accommodation')
  saveAccommodation(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ClaimExpensesResult> {
    return this.commands.execute(
      new ClaimExpensesCommand(caller, planOfAccommodation(parseBody(accommodationSchema, body))),
    );
  }

  @Put(':id')
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Positioned> {
    return this.commands.execute(new CorrectExpenseCommand(caller, id, parseBody(expenseEditSchema, body)));
  }

  @Delete(':id')
  remove(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<Positioned> {
    const { version } = parseQuery(expenseWithdrawQuerySchema, query);
    return this.commands.execute(new WithdrawExpenseCommand(caller, id, version));
  }
}
