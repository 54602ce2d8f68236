import { Injectable } from '@nestjs/common';
import {
  businessDateOf,
  claimedAmount,
  expenseClaimProblems,
  monthOf,
  type AccommodationRequest,
  type BusinessDate,
  type ClaimExpensesResponse,
  type ExpenseClaimRequest,
  type ExpenseProblem,
  type PerDiemRequest,
} from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { deriveEventId, type CommandContext } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../kernel/domain-error';
import { laterPosition } from '../../periods';
import type { ClaimExpenses, ExpenseToClaim } from '../domain/expense-ledger';
import { ExpenseFacts, type ExpenseProject, type RateSource } from './expense-facts';
import { dryRunExpenseCommand, runExpenseCommand } from './run-expense-command';

export type ClaimExpensesResult = Omit<ClaimExpensesResponse, 'position'> & { position: LogPosition | null };

/** What every claim flow boils down to: shared fields and one amount per date. */
export interface ClaimPlan {
  readonly categoryId: number;
  readonly projectId: number;
  readonly currency: string;
  readonly totalAmount: string | null;
  readonly activityDate: BusinessDate | null;
  readonly comment: string;
  readonly isBillable: boolean;
  readonly receiptId: string | null;
  /** `path` names the request field the date came from (for a 400). */
  readonly items: readonly { readonly date: BusinessDate; readonly amount: string; readonly path: string }[];
  /** Per diem and accommodation expenses share a group id. */
  readonly grouped: boolean;
}

export interface ClaimFacts {
  readonly project: ExpenseProject;
  readonly today: BusinessDate;
  readonly needReceipt: boolean;
}

/** Expense ids derive from the command id, so a retried claim finds its expenses already recorded. */
export function expenseIdFor(commandId: string, index: number): string {
  return deriveEventId(commandId, 'expense', index);
}

export function planOfClaim(request: ExpenseClaimRequest): ClaimPlan {
  return {
    ...request,
    items: [{ date: request.date, amount: request.amount, path: 'date' }],
    grouped: false,
  };
}

export function planOfPerDiem(request: PerDiemRequest): ClaimPlan {
  return {
    ...request,
    totalAmount: null,
    items: request.dates.map((date, i) => ({ date, amount: request.amount, path: `dates.${i}` })),
    grouped: true,
  };
}

export function planOfAccommodation(request: AccommodationRequest): ClaimPlan {
  return {
    ...request,
    totalAmount: null,
    items: request.items.map((item, i) => ({
      date: item.date,
      amount: item.amount,
      path: `items.${i}.date`,
    })),
    grouped: true,
  };
}

/**
 * Claims expenses: a single claim (also types 9/15 with their activity date), a per diem (one
 * amount on several dates) or an accommodation (an amount per date). Each month's share goes to
 * that month's ledger; every rule of every month is checked before the first append, and a retry
 * with the same command id completes a half-written claim without doubling it.
 */
@Injectable()
export class ClaimExpensesHandler {
  constructor(
    private readonly store: EventStore,
    private readonly facts: ExpenseFacts,
  ) {}

  async execute(person: Principal, plan: ClaimPlan, context: CommandContext): Promise<ClaimExpensesResult> {
    const project = await this.facts.project(plan.projectId);
    const problems = await this.facts.projectProblems(person.staffId, plan.projectId, project);
    problems.push(...(await this.facts.receiptProblems(person, plan.receiptId)));
    if (!project) throw DomainError.validation(problems);
    return this.record(
      person.staffId,
      plan,
      {
        project: {
          projectId: project.projectId,
          name: project.name,
          invoiceCurrency: project.invoiceCurrency,
        },
        today: businessDateOf(context.now),
        needReceipt: person.needReceipt,
      },
      this.facts.rateFor,
      problems,
      context,
    );
  }

  /**
   * Checks the shared rules and appends. `execute` loads the facts from the read models; the demo
   * seed passes the demo organisation's facts and rates (it runs before the projections catch up).
   */
  async record(
    employeeId: number,
    plan: ClaimPlan,
    facts: ClaimFacts,
    rates: RateSource,
    serverProblems: readonly ExpenseProblem[],
    context: CommandContext,
  ): Promise<ClaimExpensesResult> {
    ExpenseFacts.throwIfAny([
      ...expenseClaimProblems(
        plan,
        plan.items.map(({ date, path }) => ({ date, path })),
        facts,
      ),
      ...serverProblems,
    ]);

    const projectCurrency = facts.project.invoiceCurrency;
    const groupId = plan.grouped ? deriveEventId(context.commandId, 'expense-group', 0) : null;
    const byMonth = new Map<string, ExpenseToClaim[]>();
    const expenseIds: string[] = [];
    for (const [index, item] of plan.items.entries()) {
      const expenseId = expenseIdFor(context.commandId, index);
      const rate = await ExpenseFacts.rate(rates, plan.currency, projectCurrency, item.date);
      const month = monthOf(item.date);
      const list = byMonth.get(month) ?? [];
      list.push({
        expenseId,
        version: 1,
        movedFrom: null,
        fields: {
          projectId: plan.projectId,
          categoryId: plan.categoryId,
          date: item.date,
          activityDate: plan.activityDate,
          currency: plan.currency,
          amount: item.amount,
          totalAmount: plan.totalAmount,
          rate,
          projectCurrency,
          claimed: claimedAmount(item.amount, rate),
          isBillable: plan.isBillable,
          comment: plan.comment,
          receiptId: plan.receiptId,
          groupId,
        },
      });
      byMonth.set(month, list);
      expenseIds.push(expenseId);
    }

    const projectNames = new Map([[facts.project.projectId, facts.project.name]]);
    const commands = [...byMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, expenses]): ClaimExpenses => ({
        type: 'ClaimExpenses',
        data: { employeeId, month, expenses, projectNames },
      }));
    // With several months, check them all before the first append (a single one is checked by its run).
    if (commands.length > 1)
      for (const command of commands)
        await dryRunExpenseCommand(this.store, employeeId, command.data.month, command);

    let position: LogPosition | null = null;
    for (const command of commands) {
      const outcome = await runExpenseCommand(this.store, employeeId, command.data.month, command, context);
      position = laterPosition(position, outcome.position);
    }
    return { expenseIds, position };
  }
}
