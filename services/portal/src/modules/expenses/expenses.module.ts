import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { RosterModule } from '../roster/roster.module';
import { ClaimExpensesHandler } from './commands/claim-expenses';
import { CorrectExpenseHandler } from './commands/correct-expense';
import { ExpenseFacts } from './commands/expense-facts';
import { WithdrawExpenseHandler } from './commands/withdraw-expense';
import { ExpensesController } from './expenses.controller';
import { ExpenseLocations } from './queries/expense-locations';
import { ListExpensesQuery } from './queries/list-expenses';
import { ReceiptsModule } from './receipts/receipts.module';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { expensesProjection } from './projections/expenses.projection';

/**
 * Expenses: the claim/correct/withdraw commands on the ledger streams, the expense table query
 * and the expense types. Receipts and exports are their own modules under this folder.
 */
@Module({
  imports: [CatalogModule, RosterModule, ReceiptsModule],
  controllers: [ExpensesController],
  providers: [
    ExpenseFacts,
    ExpenseLocations,
    ClaimExpensesHandler,
    CorrectExpenseHandler,
    WithdrawExpenseHandler,
    ListExpensesQuery,
  ],
  exports: [ClaimExpensesHandler, ListExpensesQuery],
})
export class ExpensesModule {
  constructor(registry: ContextRegistry) {
    registry.projection(expensesProjection);
  }
}
