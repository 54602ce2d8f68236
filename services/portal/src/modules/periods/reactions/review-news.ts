import {
  monthPeriodLabel,
  periodDaysLabel,
  periodMatching,
  type BillingCycle,
  type ReviewRequestScope,
} from '@portal/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import { evolveRows, initialRows, returnedIds } from '../domain/period';
import { recordedLedgerEvent } from '../projections/periods.projection';
import { mailWorthy } from './review-email';

interface RowCounts {
  entries: number;
  expenses: number;
}

/** What one review command approved or returned, over every ledger it wrote, read back from the log. */
export interface ReviewNews {
  /** The command's range and months, as its events name them (null on older events). */
  readonly request: ReviewRequestScope | null;
  /** The months whose ledgers hold the command's events, oldest first. */
  readonly months: readonly string[];
  readonly approved: ReadonlyMap<number, Readonly<RowCounts>>;
  readonly returned: ReadonlyMap<number, Readonly<RowCounts> & { readonly reason: string }>;
}

/**
 * The command's approvals and returns in the given ledgers (each a whole stream, in order), summed
 * per project. A whole return (no ids) counts the project's rows the ledger held at that point.
 */
export function reviewNewsOf(
  ledgers: readonly (readonly RecordedEvent[])[],
  commandId: string,
): ReviewNews | null {
  let request: ReviewRequestScope | null = null;
  const months = new Set<string>();
  const approved = new Map<number, RowCounts>();
  const returned = new Map<number, RowCounts & { reason: string }>();
  for (const ledger of ledgers) {
    let rows = initialRows();
    for (const event of ledger.map(recordedLedgerEvent)) {
      if (event.metadata.commandId === commandId && mailWorthy(event)) {
        request ??= event.data.request ?? null;
        months.add(event.data.month ?? event.streamId.slice(-7));
        const projectId = event.data.projectId ?? 0;
        if (event.type === 'PeriodReturned') {
          const ids = returnedIds(event.data, rows);
          const counts = returned.get(projectId) ?? { entries: 0, expenses: 0, reason: event.data.reason };
          counts.entries += ids.entryIds.length;
          counts.expenses += ids.expenseIds.length;
          returned.set(projectId, counts);
        } else {
          const counts = approved.get(projectId) ?? { entries: 0, expenses: 0 };
          if (event.type === 'TimesheetsApproved') counts.entries += event.data.entryIds.length;
          else counts.expenses += event.data.expenseIds.length;
          approved.set(projectId, counts);
        }
      }
      rows = evolveRows(rows, event);
    }
  }
  if (months.size === 0) return null;
  return { request, months: [...months].sort(), approved, returned };
}

/** What the e-mail needs of a project. */
export interface MailProject {
  readonly name: string;
  readonly billingCycle: BillingCycle | null;
}

/**
 * The period the command covered: the project's billing period when the range is exactly one
 * ('Nov - 2026', with its days: 'Nov - 2026 (26 Oct - 25 Nov 2026)'), else the days asked for;
 * chosen expenses (no range) name their months.
 */
export function periodNamesOf(
  news: ReviewNews,
  projectOf: (projectId: number) => MailProject,
): { short: string; long: string } {
  const { request } = news;
  if (request?.start && request.end) {
    const days = periodDaysLabel(request.start, request.end);
    const projectIds = new Set([...news.approved.keys(), ...news.returned.keys()]);
    const cycle = projectIds.size === 1 ? projectOf([...projectIds][0]).billingCycle : null;
    const period = cycle ? periodMatching(cycle, request.start, request.end) : null;
    if (!period || period.label === days) return { short: days, long: days };
    return { short: period.label, long: `${period.label} (${days})` };
  }
  const label = (request?.months ?? news.months).map(monthPeriodLabel).join(', ');
  return { short: label, long: label };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const rowsText = (c: RowCounts) =>
  `${count(c.entries, 'time entry', 'time entries')}, ${count(c.expenses, 'expense', 'expenses')}`;

/** The person's one e-mail: what was approved, or what was returned, for which project and period, and why. */
export function reviewEmail(
  person: string,
  news: ReviewNews,
  projectOf: (projectId: number) => MailProject,
): { subject: string; text: string } {
  const period = periodNamesOf(news, projectOf);
  const nameOf = (projectId: number) => projectOf(projectId).name;
  if (news.returned.size > 0) {
    const projects = [...news.returned.keys()].map(nameOf).join(', ');
    const lines = [...news.returned].flatMap(([projectId, r]) => [
      `Project: ${nameOf(projectId)}`,
      r.entries + r.expenses === 0
        ? 'Returned: the whole period (time and expenses)'
        : `Returned: ${rowsText(r)}`,
      `Reason: ${r.reason}`,
      '',
    ]);
    return {
      subject: `Returned for changes: ${projects}, ${period.short}`,
      text: [
        `Hello ${person},`,
        '',
        'An admin sent part of your period back for changes.',
        '',
        `Period: ${period.long}`,
        ...lines,
        'Please make the changes on the portal and verify the period again.',
        '',
      ].join('\n'),
    };
  }
  const projects = [...news.approved.keys()].map(nameOf).join(', ');
  const lines = [...news.approved].map(([projectId, c]) => `- ${nameOf(projectId)}: ${rowsText(c)}`);
  return {
    subject: `Approved: ${projects}, ${period.short}`,
    text: [
      `Hello ${person},`,
      '',
      'An admin approved your time and expenses.',
      '',
      `Period: ${period.long}`,
      ...lines,
      '',
    ].join('\n'),
  };
}
