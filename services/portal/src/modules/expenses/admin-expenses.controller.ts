import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { adminExpenseEditSchema, approveExpensesSchema } from '@portal/contracts';
import { AdminOnly } from '../../platform/auth/decorators';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import type { LogPosition } from '../../platform/event-store/event-store.port';
import { parseBody } from '../../platform/http/validation';
import type { ReviewOutcome } from '../periods';
import { AdminCorrectExpense } from './commands/admin-correct-expense';
import { ApproveExpenses } from './commands/approve-expenses';

/**
 * The review page's expense actions (admins only: anyone else gets 403 before anything is read):
 * approve selected expenses, and the expense edit dialog.
 */
@Controller('admin')
@AdminOnly()
export class AdminExpensesController {
  constructor(private readonly commands: CommandBus) {}

  @Post('review/approve-expenses')
  @HttpCode(200)
  approveSelected(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ReviewOutcome> {
    return this.commands.execute(new ApproveExpenses(caller, parseBody(approveExpensesSchema, body)));
  }

  @Put('expenses/:id')
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<{ position: LogPosition | null }> {
    return this.commands.execute(
      new AdminCorrectExpense(caller, id, parseBody(adminExpenseEditSchema, body)),
    );
  }
}
