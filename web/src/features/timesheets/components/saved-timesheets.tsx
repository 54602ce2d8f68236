import { useState } from 'react';
import { isBusinessDate, type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { ledgerLockMessage } from '../../../lib/ledger-lock';
import { useBillableProjects } from '../../../lib/projects';
import { ProjectFilter } from '../../../ui/project-filter';
import { EmptyState } from '../../../ui/query-state';
import { Select } from '../../../ui/select';
import { useRowDialogs } from '../../../ui/use-row-dialogs';
import { DateField } from '../../../ui/text-field';
import { timesheetsKey, useTimesheets } from '../../../lib/timesheets/get-timesheets';
import { type DateRange, PERIODS, type PeriodId, periodRange } from '../periods';
import { DeleteTimesheetDialog } from './delete-timesheet-dialog';
import { EditTimesheetDialog } from '../../../ui/timesheets/edit-timesheet-dialog';
import { usePersonTimesheetEditor } from '../../../ui/timesheets/person-timesheet-editor';
import { TimesheetTable } from './timesheet-table';

/** The person's saved timesheets: quick periods or a custom range, a project filter, sorting. */
export function SavedTimesheets({ today, staffId }: { today: string; staffId: number }) {
  const projects = useBillableProjects();
  const timesheetEditor = usePersonTimesheetEditor(today);
  const [period, setPeriod] = useState<PeriodId>('current-month');
  const [custom, setCustom] = useState<DateRange>(() => periodRange('current-month', today));
  const [projectId, setProjectId] = useState<number | null>(null);
  // A month already submitted for verification cannot be changed: say so before opening anything.
  const dialogs = useRowDialogs(
    (row: TimesheetRow) => ledgerLockMessage(staffId, row, msg.notEditable, 'timesheets'),
    timesheetsKey,
  );

  const range = period === 'custom' ? custom : periodRange(period, today);
  const rangeError =
    period !== 'custom'
      ? undefined
      : !isBusinessDate(custom.start) || !isBusinessDate(custom.end)
        ? 'Choose both dates'
        : custom.end < custom.start
          ? msg.endBeforeStart
          : undefined;

  const list = useTimesheets(
    {
      ...range,
      projectId,
      // Sorting, search and pages happen in the table; the server's order is by date.
      sortBy: 'date',
      direction: 'asc',
    },
    rangeError === undefined,
  );

  return (
    <section className="card" aria-labelledby="saved-title">
      <h2 id="saved-title" className="card__title">
        Saved Timesheets
      </h2>
      <div className="filters" role="group" aria-label="Filters">
        <Select
          label="Period"
          options={PERIODS}
          value={period}
          onChange={(key) => {
            if (key === null) return;
            if (key === 'custom') setCustom(range);
            setPeriod(key as PeriodId);
          }}
        />
        {period === 'custom' ? (
          <>
            <DateField
              label="From"
              value={custom.start}
              onChange={(start) => setCustom((r) => ({ ...r, start }))}
            />
            <DateField
              label="To"
              value={custom.end}
              onChange={(end) => setCustom((r) => ({ ...r, end }))}
              errorMessage={rangeError}
            />
          </>
        ) : null}
        <ProjectFilter projects={projects.data ?? []} value={projectId} onChange={setProjectId} />
      </div>
      {rangeError === undefined ? (
        <TimesheetTable
          list={list.data}
          load={list}
          listKey={`${range.start}/${range.end}/${projectId ?? 'all'}`}
          {...dialogs.actions}
        />
      ) : (
        <EmptyState>Choose a valid date range to see your saved timesheets.</EmptyState>
      )}
      <EditTimesheetDialog {...dialogs.editDialog} editor={timesheetEditor} />
      <DeleteTimesheetDialog {...dialogs.deleteDialog} />
    </section>
  );
}
