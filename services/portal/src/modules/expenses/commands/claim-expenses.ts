import { CommandHandler } from '@nestjs/cqrs';
import {
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
import { PortalCommand, PortalCommandHandler, SYSTEM_PRINCIPAL, type Caller } from '../../../platform/cqrs';
import { deriveEventId, type CommandContext } from '../../../platform/event-store/command-context';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../kernel/domain-error';
import { LedgerRunner, laterPosition } from '../../periods';
import { expenseLedgerPart, type ClaimExpenses, type ExpenseToClaim } from '../domain/expense-ledger';
import { ExpenseFacts, type ExpenseProject } from './expense-facts';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';

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

/** What the claim is checked against: the project, "today" and whether the person needs receipts. */
interface ClaimFacts {
  readonly project: ExpenseProject;
  readonly today: BusinessDate;
  readonly needReceipt: boolean;
}

/**
 * A claim the portal itself records for a person (the demo seed), with the facts it vouches for:
 * the seed runs before the read models have caught up with the organisation it just wrote, so the
 * project and the person's receipt rule come from the seed's own data instead of the catalog,
 * roster and staff read models. Only the system caller may send one; every ledger rule (window,
 * types, locks, retries) is checked as for a person's claim.
 */
export interface VouchedClaim {
  readonly employeeId: number;
  readonly needReceipt: boolean;
  readonly project: ExpenseProject;
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
 * Claims expenses for the signed-in person: a single claim (also types 9/15 with their activity
 * date), a per diem (one amount on several dates) or an accommodation (an amount per date).
 */
export class ClaimExpensesCommand extends PortalCommand<ClaimExpensesResult> {
  constructor(
    caller: Caller,
    readonly plan: ClaimPlan,
    /** Set only by the system caller (see VouchedClaim); null for a person's own claim. */
    readonly vouched: VouchedClaim | null = null,
  ) {
    super(caller);
  }
}

function isSystemCaller(caller: Caller): boolean {
  return (
    caller.principal.staffId === SYSTEM_PRINCIPAL.staffId &&
    caller.principal.username === SYSTEM_PRINCIPAL.username
  );
}

/**
 * Each month's share of a claim goes to that month's ledger; every rule of every month is checked
 * before the first append, and a retry with the same command id completes a half-written claim
 * without doubling it.
 */
@CommandHandler(ClaimExpensesCommand)
export class ClaimExpensesHandler extends PortalCommandHandler<ClaimExpensesCommand> {
  constructor(
    private readonly ledger: LedgerRunner,
    private readonly facts: ExpenseFacts,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async handle({ caller, plan, vouched }: ClaimExpensesCommand): Promise<ClaimExpensesResult> {
    // The person's own day; the seed's vouched claims (the portal as caller) are the firm's.
    const today = await this.calendar.dateFor(caller.context.now, caller.principal);
    if (vouched) {
      if (!isSystemCaller(caller)) throw DomainError.forbidden();
      const facts = { project: vouched.project, today, needReceipt: vouched.needReceipt };
      return this.record(vouched.employeeId, plan, facts, [], caller.context);
    }
    const person = caller.principal;
    const project = await this.facts.project(person, plan.projectId);
    const problems = await this.facts.projectProblems(person.staffId, plan.projectId, project);
    problems.push(...(await this.facts.receiptProblems(person, plan.receiptId)));
    if (!project) throw DomainError.validation(problems);
    const facts = {
      project: { projectId: project.projectId, name: project.name, invoiceCurrency: project.invoiceCurrency },
      today,
      needReceipt: person.needReceipt,
    };
    return this.record(person.staffId, plan, facts, problems, caller.context);
  }

  /** Checks the shared rules, then appends month by month. */
  private async record(
    employeeId: number,
    plan: ClaimPlan,
    facts: ClaimFacts,
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
      const rate = await this.facts.rate(plan.currency, projectCurrency, item.date);
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
        await this.ledger.dryRun(employeeId, command.data.month, expenseLedgerPart, command);

    let position: LogPosition | null = null;
    for (const command of commands) {
      const outcome = await this.ledger.run(
        employeeId,
        command.data.month,
        expenseLedgerPart,
        command,
        context,
      );
      position = laterPosition(position, outcome.position);
    }
    return { expenseIds, position };
  }
}
