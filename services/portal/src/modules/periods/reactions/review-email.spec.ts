// Fixed dates: review e-mails of given events and periods.
import { periodDaysLabel, type ReviewRequestScope } from '@portal/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { JobRequest } from '../../../platform/queue/job-queue.port';
import { ledgersOf, reviewEmailReactor, type ReviewEmailJob } from './review-email';
import { reviewEmail, reviewNewsOf, type MailProject } from './review-news';

/** The reactor answers synchronously; the port allows a promise. */
const react = (event: RecordedEvent) =>
  reviewEmailReactor.react(event) as readonly JobRequest<string, ReviewEmailJob>[];

const OCTOBER = 'ledger-3-2026-10';
const NOVEMBER = 'ledger-3-2026-11';
function recorded(streamId: string, type: string, data: unknown, commandId = 'cmd-1'): RecordedEvent {
  return {
    id: `${type}-${streamId}-${commandId}`,
    streamId,
    type,
    data,
    metadata: { commandId } as RecordedEvent['metadata'],
  } as RecordedEvent;
}
const submitted = (streamId: string, entryId: string, date: string) =>
  recorded(
    streamId,
    'TimesheetSubmitted',
    {
      entryId,
      employeeId: 3,
      projectId: 12,
      subProjectId: null,
      date,
      hours: '8',
      overtimeHours: null,
      comment: 'Inspection',
      lateEntry: false,
      version: 1,
      movedFrom: null,
    },
    `enter-${entryId}`,
  );

// Project 12 bills 26 to 25: its period 'Nov - 2026' is 26 Oct to 25 Nov, two month ledgers.
const november: ReviewRequestScope = {
  start: '2026-10-26',
  end: '2026-11-25',
  months: ['2026-10', '2026-11'],
};
const approvedIn = (
  streamId: string,
  month: string,
  entryIds: string[],
  request: ReviewRequestScope | undefined,
) => recorded(streamId, 'TimesheetsApproved', { entryIds, employeeId: 3, projectId: 12, month, request });
const octoberApproved = approvedIn(OCTOBER, '2026-10', ['a', 'b'], november);
const novemberApproved = approvedIn(NOVEMBER, '2026-11', ['c'], november);
const novemberExpenses = recorded(NOVEMBER, 'ExpensesApproved', {
  expenseIds: ['x'],
  employeeId: 3,
  projectId: 12,
  month: '2026-11',
  request: november,
});

const projects: Record<number, MailProject> = {
  12: { name: 'Pipeline Integrity Review', billingCycle: 'Fixed Offset (26 to 25)' },
  22: { name: 'Archive Migration', billingCycle: 'Weekly (Saturday to Friday)' },
  33: { name: 'Transit Signalling Upgrade', billingCycle: 'Standard Month (First to last)' },
};
const projectOf = (id: number) => projects[id] ?? { name: `Project ${id}`, billingCycle: null };

describe('the review e-mails to the person', () => {
  it('one job per command, whatever month ledgers it wrote: the job names them all', () => {
    const jobs = [octoberApproved, novemberApproved, novemberExpenses].flatMap(react);
    expect(new Set(jobs.map((job) => job.jobId)).size).toBe(1);
    expect(jobs[0].data).toEqual({ commandId: 'cmd-1', employeeId: 3, months: ['2026-10', '2026-11'] });
    expect(ledgersOf(jobs[0].data)).toEqual([OCTOBER, NOVEMBER]);
    const other = approvedIn(NOVEMBER, '2026-11', ['c'], november);
    expect(
      react({ ...other, metadata: { commandId: 'cmd-2' } as RecordedEvent['metadata'] })[0].jobId,
    ).not.toBe(jobs[0].jobId);
  });

  it('events that do not name their command keep one job per command and ledger', () => {
    const [october] = react(approvedIn(OCTOBER, '2026-10', ['a'], undefined));
    const [later] = react(approvedIn(NOVEMBER, '2026-11', ['c'], undefined));
    expect(october.jobId).not.toBe(later.jobId);
    expect(october.data).toEqual({ commandId: 'cmd-1', employeeId: 3, months: ['2026-10'] });
    // A job asked for before jobs named months still finds its ledger.
    expect(ledgersOf({ streamId: OCTOBER, commandId: 'cmd-1', employeeId: 3 })).toEqual([OCTOBER]);
  });

  it('approvals recorded before issue 8 (no person named) send nothing', () => {
    expect(react(recorded(NOVEMBER, 'TimesheetsApproved', { entryIds: ['a'] }))).toEqual([]);
  });

  it('a command over two months is one mail naming its period, with what both months approved', () => {
    const news = reviewNewsOf([[octoberApproved], [novemberApproved, novemberExpenses]], 'cmd-1')!;
    expect(news.months).toEqual(['2026-10', '2026-11']);
    const mail = reviewEmail('Carlos Contractor', news, projectOf);
    expect(mail.subject).toBe('Approved: Pipeline Integrity Review, Nov - 2026');
    expect(mail.text).toContain('Period: Nov - 2026 (26 Oct - 25 Nov 2026)');
    expect(mail.text).toContain('- Pipeline Integrity Review: 3 time entries, 1 expense');
    expect(mail.text.match(/Pipeline Integrity Review/g)).toHaveLength(1);
  });

  it('a range that is not one of the project’s periods is named by its days', () => {
    const calendarMonth = { start: '2026-10-01', end: '2026-10-31', months: ['2026-10'] };
    const news = reviewNewsOf([[approvedIn(OCTOBER, '2026-10', ['a'], calendarMonth)]], 'cmd-1')!;
    expect(reviewEmail('Carlos', news, projectOf).subject).toBe(
      'Approved: Pipeline Integrity Review, 1 Oct - 31 Oct 2026',
    );
  });

  it('a week is named by its days once; chosen expenses by their months', () => {
    const week = { start: '2026-11-14', end: '2026-11-20', months: ['2026-11'] };
    const weekly = recorded(NOVEMBER, 'TimesheetsApproved', {
      entryIds: ['w'],
      employeeId: 3,
      projectId: 22,
      month: '2026-11',
      request: week,
    });
    const weekMail = reviewEmail('Sam', reviewNewsOf([[weekly]], 'cmd-1')!, projectOf);
    expect(weekMail.subject).toBe('Approved: Archive Migration, 14 Nov - 20 Nov 2026');
    expect(weekMail.text).toContain('Period: 14 Nov - 20 Nov 2026\n');

    const chosen = { start: null, end: null, months: ['2026-10', '2026-11'] };
    const expenses = [OCTOBER, NOVEMBER].map((streamId, i) =>
      recorded(streamId, 'ExpensesApproved', {
        expenseIds: [`e${i}`],
        employeeId: 3,
        projectId: 33,
        month: streamId.slice(-7),
        request: chosen,
      }),
    );
    const mail = reviewEmail('Carlos', reviewNewsOf([[expenses[0]], [expenses[1]]], 'cmd-1')!, projectOf);
    expect(mail.subject).toBe('Approved: Transit Signalling Upgrade, Oct - 2026, Nov - 2026');
    expect(mail.text).toContain('- Transit Signalling Upgrade: 0 time entries, 2 expenses');
  });

  it('a return over two months names the reason once and counts the rows a whole return covers', () => {
    const reason = 'Split the survey hours';
    const returned = (streamId: string, month: string, entryIds: string[]) =>
      recorded(
        streamId,
        'PeriodReturned',
        { employeeId: 3, projectId: 12, month, reason, entryIds, expenseIds: [], request: november },
        'cmd-2',
      );
    const octoberLedger = [submitted(OCTOBER, 'a', '2026-10-26'), returned(OCTOBER, '2026-10', ['a'])];
    // November's return names no rows (a whole month): it counts the two rows the ledger held then.
    const novemberLedger = [
      submitted(NOVEMBER, 'c', '2026-11-02'),
      submitted(NOVEMBER, 'd', '2026-11-03'),
      returned(NOVEMBER, '2026-11', []),
      submitted(NOVEMBER, 'e', '2026-11-04'),
    ];
    const mail = reviewEmail(
      'Carlos Contractor',
      reviewNewsOf([octoberLedger, novemberLedger], 'cmd-2')!,
      projectOf,
    );
    expect(mail.subject).toBe('Returned for changes: Pipeline Integrity Review, Nov - 2026');
    expect(mail.text.split(`Reason: ${reason}`)).toHaveLength(2);
    expect(mail.text).toContain('Returned: 3 time entries, 0 expenses');
    expect(mail.text).toContain('Period: Nov - 2026 (26 Oct - 25 Nov 2026)');
  });

  it('names days across a year as the week periods do', () => {
    expect(periodDaysLabel('2026-12-26', '2027-01-25')).toBe('26 Dec 2026 - 25 Jan 2027');
    expect(periodDaysLabel('2028-02-01', '2028-02-29')).toBe('1 Feb - 29 Feb 2028');
  });
});
