import { Injectable } from '@nestjs/common';
import type { ReviewCommandResponse, ReviewRequestScope } from '@portal/contracts';
import type { CommandContext } from '../../../platform/event-store/command-context';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { returnedIds, type LedgerRows } from '../domain/period';
import { reviewPart, withRequest, type Range, type ReviewDecision, type ReviewEvent } from '../domain/review';
import { laterPosition, LedgerRunner } from './ledger-runner';

/** What an approve or return answers (the position goes out as text; see ReadYourWritesInterceptor). */
export type ReviewOutcome = Omit<ReviewCommandResponse, 'position'> & {
  readonly position: LogPosition | null;
};

type Counts = { -readonly [K in keyof Omit<ReviewCommandResponse, 'position'>]: number };

/** One month's share of a review command, decided on that month's ledger without appending. */
export interface ReviewPlan {
  readonly month: string;
  readonly decision: ReviewDecision;
  readonly events: readonly ReviewEvent[];
  readonly rows: LedgerRows;
}

/**
 * Runs a review command over the ledgers (months) it touches: every month is decided first, so a
 * refusal in one month leaves no other month written; then each month with something to record
 * is decided again and appended (a lost race is decided on fresh state by the runner). Every event
 * names the whole command (`request`: the range asked for, null for chosen expenses, and the months
 * written), so the person gets one e-mail for it however many ledgers it touches.
 */
@Injectable()
export class ReviewLedgers {
  constructor(private readonly ledger: LedgerRunner) {}

  async plan(employeeId: number, decisions: readonly ReviewDecision[]): Promise<ReviewPlan[]> {
    const plans: ReviewPlan[] = [];
    for (const decision of decisions) {
      const month = decision.data.month;
      const { events, state } = await this.ledger.dryRun(employeeId, month, reviewPart, decision);
      plans.push({ month, decision, events, rows: state });
    }
    return plans;
  }

  async apply(
    employeeId: number,
    plans: readonly ReviewPlan[],
    context: CommandContext,
    range: Range | null,
  ): Promise<ReviewOutcome> {
    const request: ReviewRequestScope = {
      start: range?.start ?? null,
      end: range?.end ?? null,
      months: plans
        .filter((plan) => plan.events.length > 0)
        .map((plan) => plan.month)
        .sort(),
    };
    const counts: Counts = {
      approvedEntries: 0,
      approvedExpenses: 0,
      returnedEntries: 0,
      returnedExpenses: 0,
    };
    let position: LogPosition | null = null;
    for (const plan of plans) {
      if (plan.events.length === 0) continue;
      const decision = withRequest(plan.decision, request);
      const outcome = await this.ledger.run(employeeId, plan.month, reviewPart, decision, context);
      position = laterPosition(position, outcome.position);
      for (const event of outcome.events) addCounts(counts, event, plan.rows);
    }
    return { ...counts, position };
  }
}

function addCounts(c: Counts, event: ReviewEvent, rows: LedgerRows): void {
  switch (event.type) {
    case 'TimesheetsApproved':
      c.approvedEntries += event.data.entryIds.length;
      return;
    case 'ExpensesApproved':
      c.approvedExpenses += event.data.expenseIds.length;
      return;
    case 'PeriodReturned': {
      const returned = returnedIds(event.data, rows);
      c.returnedEntries += returned.entryIds.length;
      c.returnedExpenses += returned.expenseIds.length;
      return;
    }
  }
}

/** The ids the plans return, per kind (whole returns resolved to their rows). */
export function plannedReturns(plans: readonly ReviewPlan[]): {
  entryIds: Set<string>;
  expenseIds: Set<string>;
} {
  const entryIds = new Set<string>();
  const expenseIds = new Set<string>();
  for (const plan of plans) {
    for (const event of plan.events) {
      if (event.type !== 'PeriodReturned') continue;
      const returned = returnedIds(event.data, plan.rows);
      returned.entryIds.forEach((id) => entryIds.add(id));
      returned.expenseIds.forEach((id) => expenseIds.add(id));
    }
  }
  return { entryIds, expenseIds };
}
