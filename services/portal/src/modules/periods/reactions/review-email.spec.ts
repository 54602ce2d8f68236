import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { JobRequest } from '../../../platform/queue/job-queue.port';
import { periodLabel, reviewEmail, reviewEmailReactor, reviewNewsOf } from './review-email';

/** The reactor answers synchronously; the port allows a promise. */
const react = (event: RecordedEvent) => reviewEmailReactor.react(event) as readonly JobRequest[];

const STREAM = 'ledger-3-2026-11';
function recorded(type: string, data: unknown, commandId = 'cmd-1'): RecordedEvent {
  return {
    id: `${type}-${commandId}`,
    streamId: STREAM,
    type,
    data,
    metadata: { commandId } as RecordedEvent['metadata'],
  } as RecordedEvent;
}
const approvedTime = recorded('TimesheetsApproved', {
  entryIds: ['a', 'b'],
  employeeId: 3,
  projectId: 12,
  month: '2026-11',
});
const approvedExpenses = recorded('ExpensesApproved', {
  expenseIds: ['x'],
  employeeId: 3,
  projectId: 12,
  month: '2026-11',
});
const returned = recorded(
  'PeriodReturned',
  {
    employeeId: 3,
    projectId: 12,
    month: '2026-11',
    reason: 'Split the survey hours',
    entryIds: ['a'],
    expenseIds: [],
  },
  'cmd-2',
);
const names = (id: number) => (id === 12 ? 'Pipeline Integrity Review' : `Project ${id}`);

describe('the review e-mails to the person', () => {
  it('one job per command and ledger: time and expenses approved together are one mail', () => {
    const [first] = react(approvedTime);
    const [second] = react(approvedExpenses);
    expect(first.jobId).toBe(second.jobId);
    expect(first.data).toEqual({ streamId: STREAM, commandId: 'cmd-1', employeeId: 3 });
    expect(react(returned)[0].jobId).not.toBe(first.jobId);
  });

  it('approvals recorded before issue 8 (no person named) send nothing', () => {
    expect(react(recorded('TimesheetsApproved', { entryIds: ['a'] }))).toEqual([]);
  });

  it('the approval mail names the project, the period and what was approved', () => {
    const news = reviewNewsOf([approvedTime, approvedExpenses, returned], 'cmd-1')!;
    const mail = reviewEmail('Carlos Contractor', news, names);
    expect(mail.subject).toBe('Approved: Pipeline Integrity Review, Nov - 2026');
    expect(mail.text).toContain('- Pipeline Integrity Review: 2 time entries, 1 expense');
    expect(mail.text).not.toContain('Split the survey');
  });

  it('the return mail names the project, the period and the reason', () => {
    const mail = reviewEmail('Carlos Contractor', reviewNewsOf([approvedTime, returned], 'cmd-2')!, names);
    expect(mail.subject).toBe('Returned for changes: Pipeline Integrity Review, Nov - 2026');
    expect(mail.text).toContain('Reason: Split the survey hours');
    expect(mail.text).toContain('Returned: 1 time entry, 0 expenses');
  });

  it('labels a month as the period pickers do', () => {
    expect(periodLabel('2027-01')).toBe('Jan - 2027');
  });
});
