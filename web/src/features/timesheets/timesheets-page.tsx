import { useCurrentUser } from '../../lib/current-user';
import { DownloadTimesheetButton } from './components/download-timesheet-button';
import { TimesheetEntryForm } from './components/timesheet-entry-form';
import { CopyLastWeek } from './components/copy-last-week';
import { businessToday } from '../../lib/business-day';
import { Page } from '../../ui/page';
import { lazyPart } from '../../ui/query-state';

/** The saved list (its table and row dialogs) comes after the form has painted. */
const SavedTimesheets = lazyPart(
  async () => (await import('./components/saved-timesheets')).SavedTimesheets,
  'saved timesheets',
);

/** '/timesheets/create': the entry form above the saved list. */
export function TimesheetsPage() {
  const current = useCurrentUser();
  const today = businessToday();
  if (current.status !== 'signed-in') return null;
  return (
    <Page title="Timesheets" tools={<DownloadTimesheetButton today={today} />}>
      <CopyLastWeek today={today} />
      <TimesheetEntryForm today={today} />
      <SavedTimesheets today={today} staffId={current.user.staffId} />
    </Page>
  );
}
