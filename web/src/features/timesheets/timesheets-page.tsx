import { businessDateOf } from '@portal/contracts';
import { useCurrentUser } from '../../lib/current-user';
import { DownloadTimesheetButton } from './components/download-timesheet-button';
import { SavedTimesheets } from './components/saved-timesheets';
import { TimesheetEntryForm } from './components/timesheet-entry-form';

/** '/timesheets/create': the entry form above the saved list. */
export function TimesheetsPage() {
  const current = useCurrentUser();
  // The business day is the UTC calendar day, the same one the server's rules use.
  const today = businessDateOf(new Date());
  if (current.status !== 'signed-in') return null;
  return (
    <div className="page">
      <header className="page__header">
        <h1>Timesheets</h1>
        <DownloadTimesheetButton today={today} />
      </header>
      <TimesheetEntryForm today={today} />
      <SavedTimesheets today={today} staffId={current.user.staffId} />
    </div>
  );
}
