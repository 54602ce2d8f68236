import type { LedgerStreamEvent } from '@portal/contracts';
import { deriveEventId } from '../../../platform/event-store/command-context';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Reactor } from '../../../platform/projection/projection';
import type { JobRequest } from '../../../platform/queue/job-queue.port';
import { recordedLedgerEvent } from '../projections/periods.projection';

export const REVIEW_EMAIL_JOB = 'periods.review-email';

/** Where the job finds what one command recorded in one ledger. */
export interface ReviewEmailJob {
  readonly streamId: string;
  readonly commandId: string;
  readonly employeeId: number;
}

type ReviewMailEvent = Extract<
  LedgerStreamEvent,
  { type: 'TimesheetsApproved' | 'ExpensesApproved' | 'PeriodReturned' }
>;

/** An approval or return that names its person (approvals before issue 8 name no one: no mail). */
function mailWorthy(event: LedgerStreamEvent): event is ReviewMailEvent {
  if (event.type === 'PeriodReturned') return true;
  return (
    (event.type === 'TimesheetsApproved' || event.type === 'ExpensesApproved') &&
    event.data.employeeId !== undefined
  );
}

/**
 * One e-mail to the person per review command and ledger: every approval or return of a command
 * in one month asks for the same job id, so the queue keeps one (approving a period's time and
 * expenses is one mail). The reactor runs from the log with its own checkpoint and the queue's
 * idempotent job ids, so no event is mailed twice and none is lost while Redis is away.
 */
export const reviewEmailReactor: Reactor = {
  name: 'periods-review-email',
  eventTypes: ['TimesheetsApproved', 'ExpensesApproved', 'PeriodReturned'],
  react(recorded: RecordedEvent): readonly JobRequest<typeof REVIEW_EMAIL_JOB, ReviewEmailJob>[] {
    const event = recordedLedgerEvent(recorded);
    if (!mailWorthy(event)) return [];
    const commandId = event.metadata.commandId;
    return [
      {
        name: REVIEW_EMAIL_JOB,
        jobId: deriveEventId(commandId, `${REVIEW_EMAIL_JOB}:${event.streamId}`, 0),
        data: { streamId: event.streamId, commandId, employeeId: event.data.employeeId! },
      },
    ];
  },
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A ledger month as the portal's period pickers name it: '2026-11' -> 'Nov - 2026'. */
export function periodLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1]} - ${year}`;
}

/** What one command approved or returned in one ledger, read back from the log. */
export interface ReviewNews {
  readonly month: string;
  readonly approved: ReadonlyMap<number, { entries: number; expenses: number }>;
  readonly returned: readonly { projectId: number; reason: string; entries: number; expenses: number }[];
}

export function reviewNewsOf(events: readonly RecordedEvent[], commandId: string): ReviewNews | null {
  let month: string | null = null;
  const approved = new Map<number, { entries: number; expenses: number }>();
  const returned: { projectId: number; reason: string; entries: number; expenses: number }[] = [];
  for (const event of events.map(recordedLedgerEvent)) {
    if (event.metadata.commandId !== commandId || !mailWorthy(event)) continue;
    if (event.type === 'PeriodReturned') {
      const { projectId, reason, entryIds, expenseIds, month: of } = event.data;
      month = of;
      returned.push({ projectId, reason, entries: entryIds.length, expenses: expenseIds.length });
      continue;
    }
    const projectId = event.data.projectId ?? 0;
    month = event.data.month ?? month;
    const counts = approved.get(projectId) ?? { entries: 0, expenses: 0 };
    if (event.type === 'TimesheetsApproved') counts.entries += event.data.entryIds.length;
    else counts.expenses += event.data.expenseIds.length;
    approved.set(projectId, counts);
  }
  if (month === null) return null;
  return { month, approved, returned };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const rowsText = (entries: number, expenses: number) =>
  `${count(entries, 'time entry', 'time entries')}, ${count(expenses, 'expense', 'expenses')}`;

/** The person's e-mail: what was approved, or what was returned, for which project and period, and why. */
export function reviewEmail(
  person: string,
  news: ReviewNews,
  nameOf: (projectId: number) => string,
): { subject: string; text: string } {
  const period = periodLabel(news.month);
  if (news.returned.length > 0) {
    const projects = news.returned.map((r) => nameOf(r.projectId)).join(', ');
    const lines = news.returned.flatMap((r) => [
      `Project: ${nameOf(r.projectId)}`,
      `Period: ${period}`,
      r.entries + r.expenses === 0
        ? 'Returned: the whole period (time and expenses)'
        : `Returned: ${rowsText(r.entries, r.expenses)}`,
      `Reason: ${r.reason}`,
      '',
    ]);
    return {
      subject: `Returned for changes: ${projects}, ${period}`,
      text: [
        `Hello ${person},`,
        '',
        'An admin sent part of your period back for changes.',
        '',
        ...lines,
        'Please make the changes on the portal and verify the period again.',
        '',
      ].join('\n'),
    };
  }
  const projects = [...news.approved.keys()].map(nameOf).join(', ');
  const lines = [...news.approved].map(
    ([projectId, c]) => `- ${nameOf(projectId)}: ${rowsText(c.entries, c.expenses)}`,
  );
  return {
    subject: `Approved: ${projects}, ${period}`,
    text: [`Hello ${person},`, '', `An admin approved your period ${period}:`, ...lines, ''].join('\n'),
  };
}
