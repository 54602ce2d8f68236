import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  addDays,
  expenseClaimSchema,
  perDiemSchema,
  startOfMonthOffset,
  type ExpenseClaimInput,
  type PerDiemInput,
} from '@portal/contracts';
import { systemCaller } from '../platform/cqrs';
import { ClaimExpensesCommand, planOfClaim, planOfPerDiem, type ClaimPlan } from '../modules/expenses';
import { DemoSeedRegistry, type DemoSeedContext, type DemoSeedStep } from './demo-seed';

type Claim =
  | { readonly key: string; readonly who: 'carlos' | 'dana' | 'sam'; readonly single: ExpenseClaimInput }
  | { readonly key: string; readonly who: 'carlos' | 'dana' | 'sam'; readonly perDiem: PerDiemInput };

/**
 * Demo expenses for Carlos, Dana and Sam in last month and this month (never the month Carlos
 * verified): ordinary claims with and without conversion, and one hotel per diem over three
 * nights. Sent on the CommandBus as the system caller, claiming for each person with the demo
 * organisation's facts (the seed runs before the read models catch up); rates come from the
 * ExchangeRates port, as for a person's claim.
 */
@Injectable()
export class ExpenseHistorySeedStep implements DemoSeedStep, OnModuleInit {
  readonly name = 'expense-history';

  constructor(
    private readonly commands: CommandBus,
    @Optional() private readonly registry?: DemoSeedRegistry,
  ) {}

  onModuleInit(): void {
    this.registry?.register(this);
  }

  async run(seed: DemoSeedContext): Promise<void> {
    const today = seed.today;
    const lastMonth = startOfMonthOffset(today, -1);
    const thisMonth = startOfMonthOffset(today, 0);
    const claims: Claim[] = [
      {
        key: 'carlos-parking',
        who: 'carlos',
        single: {
          categoryId: 5,
          projectId: 14,
          currency: 'USD',
          amount: '18.50',
          date: addDays(lastMonth, 8),
          comment: 'Parking at the depot',
          isBillable: true,
        },
      },
      {
        key: 'carlos-mileage',
        who: 'carlos',
        single: {
          categoryId: 4,
          projectId: 12,
          currency: 'USD',
          amount: '42.75',
          date: addDays(lastMonth, 15),
          comment: 'Drive to the pumping station',
          isBillable: true,
        },
      },
      {
        key: 'carlos-hotel',
        who: 'carlos',
        perDiem: {
          categoryId: 1,
          projectId: 33,
          currency: 'CAD',
          amount: '96',
          dates: [thisMonth, addDays(thisMonth, 1), addDays(thisMonth, 2)],
          comment: 'Hotel during the relocation',
          isBillable: true,
        },
      },
      {
        key: 'dana-phone',
        who: 'dana',
        single: {
          categoryId: 7,
          projectId: 30,
          currency: 'USD',
          amount: '65.00',
          date: addDays(lastMonth, 2),
          comment: 'Roaming for the offshore calls',
          isBillable: false,
        },
      },
      {
        key: 'sam-taxi',
        who: 'sam',
        single: {
          categoryId: 10,
          projectId: 21,
          currency: 'EUR',
          amount: '23.40',
          date: addDays(thisMonth, 3),
          comment: 'Taxi to the broadcast centre',
          isBillable: true,
        },
      },
    ];

    for (const claim of claims) {
      const person = seed.people[claim.who];
      const plan: ClaimPlan =
        'single' in claim
          ? planOfClaim(expenseClaimSchema.parse(claim.single))
          : planOfPerDiem(perDiemSchema.parse(claim.perDiem));
      const latest = plan.items.reduce((d, item) => (item.date > d ? item.date : d), plan.items[0].date);
      // Entered the day after the expense (or now, if that is later than now).
      const enteredAt = latest < today ? new Date(`${addDays(latest, 1)}T17:00:00.000Z`) : seed.now;
      const project = seed.projects.find((p) => p.projectId === plan.projectId)!;
      const caller = systemCaller({ ...seed.command(`expenses-${claim.key}`), now: enteredAt });
      await this.commands.execute(
        new ClaimExpensesCommand(caller, plan, {
          employeeId: person.staffId,
          needReceipt: 'needReceipt' in person ? Boolean(person.needReceipt) : false,
          project: {
            projectId: project.projectId,
            name: project.name,
            invoiceCurrency: project.invoiceCurrency,
          },
        }),
      );
    }
  }
}
