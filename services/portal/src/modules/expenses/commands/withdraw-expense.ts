import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { LedgerRunner } from '../../periods';
import { expenseLedgerPart } from '../domain/expense-ledger';
import { ExpenseLocations } from '../queries/expense-locations';

/** Deletes one of the person's expenses (after the screen's 'Are you sure you want to delete expense from ...'). */
export class WithdrawExpenseCommand extends PortalCommand<{ position: LogPosition | null }> {
  constructor(
    caller: Caller,
    readonly expenseId: string,
    readonly expectedVersion: number,
  ) {
    super(caller);
  }
}

@CommandHandler(WithdrawExpenseCommand)
export class WithdrawExpenseHandler extends PortalCommandHandler<WithdrawExpenseCommand> {
  constructor(
    private readonly ledger: LedgerRunner,
    private readonly locations: ExpenseLocations,
  ) {
    super();
  }

  protected async handle({
    caller,
    expenseId,
    expectedVersion,
  }: WithdrawExpenseCommand): Promise<{ position: LogPosition | null }> {
    const person = caller.principal;
    const location = await this.locations.own(person, expenseId);
    const outcome = await this.ledger.run(
      person.staffId,
      location.month,
      expenseLedgerPart,
      {
        type: 'WithdrawExpense',
        data: {
          employeeId: person.staffId,
          expenseId,
          expectedVersion,
          projectNames: new Map([[location.projectId, location.projectName]]),
          movedTo: null,
        },
      },
      caller.context,
    );
    return { position: outcome.position };
  }
}
