import { useState } from 'react';
import type { SortDescriptor } from 'react-aria-components';
import { isBusinessDate, monthOf, type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { useBillableProjects } from '../api/get-billable-projects';
import { findLedgerLock } from '../api/get-ledger-lock';
import { timesheetsKey, useTimesheets } from '../api/get-timesheets';
import { type DateRange, PERIODS, type PeriodId, periodRange } from '../periods';
import { DeleteTimesheetDialog } from './delete-timesheet-dialog';
import { EditTimesheetDialog } from './edit-timesheet-dialog';
import { TimesheetTable } from './timesheet-table';

const ALL_PROJECTS = 'all';

/** The person's saved timesheets: quick periods or a custom range, a project filter, sorting. */
export function SavedTimesheets({ today, staffId }: { today: string; staffId: number }) {
  const queryClient = useQueryClient();
  const projects = useBillableProjects();
  const [period, setPeriod] = useState<PeriodId>('current-month');
  const [custom, setCustom] = useState<DateRange>(() => periodRange('current-month', today));
  const [projectId, setProjectId] = useState<number | null>(null);
  const [sort, setSort] = useState<SortDescriptor>({ column: 'date', direction: 'ascending' });
  const [editing, setEditing] = useState<TimesheetRow | null>(null);
  const [deleting, setDeleting] = useState<TimesheetRow | null>(null);

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
      sortBy: sort.column === 'activity' ? 'activity' : 'date',
      direction: sort.direction === 'descending' ? 'desc' : 'asc',
    },
    rangeError === undefined,
  );

  // A month already submitted for verification cannot be changed: say so before opening anything.
  const whenEditable = async (row: TimesheetRow, open: (row: TimesheetRow) => void) => {
    try {
      const lock = await findLedgerLock(staffId, monthOf(row.date), row.projectId);
      if (lock) {
        showToast(msg.notEditable(lock.project || row.projectName), 'danger');
        return;
      }
    } catch {
      // The server checks again when the change is sent.
    }
    open(row);
  };

  const projectOptions = [
    { id: ALL_PROJECTS, name: 'All projects' },
    ...(projects.data ?? []).map((p) => ({ id: p.projectId, name: p.name })),
  ];

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
            <TextField
              label="From"
              inputType="date"
              value={custom.start}
              onChange={(start) => setCustom((r) => ({ ...r, start }))}
            />
            <TextField
              label="To"
              inputType="date"
              value={custom.end}
              onChange={(end) => setCustom((r) => ({ ...r, end }))}
              errorMessage={rangeError}
            />
          </>
        ) : null}
        <Select
          label="Filter by project"
          options={projectOptions}
          value={projectId ?? ALL_PROJECTS}
          onChange={(key) => setProjectId(key === null || key === ALL_PROJECTS ? null : Number(key))}
        />
      </div>
      {list.isError ? (
        <p role="alert" className="alert alert--danger">
          {errorMessage(list.error)}
        </p>
      ) : null}
      <TimesheetTable
        list={list.data}
        isLoading={list.isPending && rangeError === undefined}
        sort={sort}
        onSortChange={setSort}
        onEdit={(row) => void whenEditable(row, setEditing)}
        onDelete={(row) => void whenEditable(row, setDeleting)}
      />
      <EditTimesheetDialog
        row={editing}
        today={today}
        onClose={() => setEditing(null)}
        onReload={() => {
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: timesheetsKey });
        }}
      />
      <DeleteTimesheetDialog row={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
