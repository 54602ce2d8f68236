import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { ExpenseLocations } from '../queries/expense-locations';
import { runExpenseCommand } from './run-expense-command';

/** Deletes one expense (after the screen's 'Are you sure you want to delete expense from ...'). */
@Injectable()
export class WithdrawExpenseHandler {
  constructor(
    private readonly store: EventStore,
    private readonly locations: ExpenseLocations,
  ) {}

  async execute(
    person: Principal,
    expenseId: string,
    expectedVersion: number,
    context: CommandContext,
  ): Promise<{ position: LogPosition | null }> {
    const location = await this.locations.own(person, expenseId);
    const outcome = await runExpenseCommand(
      this.store,
      person.staffId,
      location.month,
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
      context,
    );
    return { position: outcome.position };
  }
}
