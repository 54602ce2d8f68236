import { useState } from 'react';
import {
  daysFrom,
  endOfMonth,
  leaveWithin,
  startOfMonth,
  teamLeaveQuerySchema,
  type TeamLeaveView,
} from '@portal/contracts';
import { fieldErrorsOf, zodProblems } from '../../lib/form-errors';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { Select } from '../../ui/select';
import { DateField } from '../../ui/text-field';
import { useTeamLeave } from './api/leave-api';
import { TeamLeaveDays } from './components/team-leave-days';
import { businessToday } from '../../lib/business-day';
import { Page } from '../../ui/page';
import { HistoryButton } from '../../ui/history';
import './leave.css';

const ALL_PEOPLE = 'all';

/** The days of a leave within the period (a leave may start before it or end after it). */
function daysWithin(l: TeamLeaveView, start: string, end: string): number {
  const within = leaveWithin(l, { start, end });
  return within ? daysFrom(within.first, within.last) + 1 : 0;
}

/**
 * '/admin/leave' (admins): everyone's leave touching a chosen period, read only, filterable by
 * person. A sightstream admin sees only owner-2 people (the server answers only those).
 */
export function TeamLeavePage() {
  const today = businessToday();
  const [start, setStart] = useState(startOfMonth(today));
  const [end, setEnd] = useState(endOfMonth(today));
  const [person, setPerson] = useState<string>(ALL_PEOPLE);
  // The API's own rules for the period, so the fields say what the server would.
  const checked = teamLeaveQuerySchema.safeParse({ start, end });
  const problem = checked.success ? {} : fieldErrorsOf(zodProblems(checked.error));
  const valid = checked.success;
  const filter = { start, end, employeeId: person === ALL_PEOPLE ? null : Number(person) };
  const team = useTeamLeave(filter, valid);
  const people = [
    { id: ALL_PEOPLE, name: 'Everyone' },
    ...(team.data?.people ?? []).map((p) => ({ id: String(p.staffId), name: p.name })),
  ];

  const columns: readonly DataColumn<TeamLeaveView>[] = [
    { id: 'person', header: 'Person', sort: 'text', isRowHeader: true, text: (l) => l.employeeName },
    { id: 'leaveType', header: 'Leave Type', sort: 'text', text: (l) => l.leaveType },
    { id: 'from', header: 'From', sort: 'text', text: (l) => l.fromDate },
    { id: 'to', header: 'To', sort: 'text', text: (l) => l.toDate },
    {
      id: 'days',
      header: 'Days in period',
      numeric: true,
      sort: 'decimal',
      text: (l) => String(daysWithin(l, start, end)),
    },
    { id: 'notes', header: 'Notes', sort: 'text', text: (l) => l.notes },
  ];

  return (
    <Page title="Team Leave" className="leave">
      <p className="page__lead">
        Everyone’s leave in the chosen period. Read only: each person manages their own.
      </p>
      <section className="card leave-filters" aria-label="Period and person">
        <DateField label="Start" value={start} onChange={setStart} errorMessage={problem.start} />
        <DateField label="End" value={end} onChange={setEnd} errorMessage={problem.end} />
        <Select
          label="Person"
          options={people}
          value={person}
          onChange={(key) => setPerson(key === null ? ALL_PEOPLE : String(key))}
        />
      </section>
      <section className="card" aria-labelledby="team-leaves-title">
        <h2 id="team-leaves-title" className="card__title">
          Leave from {start} to {end}
        </h2>
        <DataTable
          label="Team leave"
          what="leaves"
          rows={valid ? team.data?.leaves : []}
          load={valid ? team : undefined}
          rowKey={(l) => l.leaveId}
          columns={columns}
          defaultSort={{ column: 'from', direction: 'ascending' }}
          listKey={`${start}-${end}-${person}`}
          empty={valid ? 'Nobody is on leave in this period.' : 'Choose a valid period above.'}
          actions={{
            header: 'History',
            render: (l) => (
              <HistoryButton
                entityKind="leave"
                entityId={l.leaveId}
                name={`leave of ${l.employeeName} from ${l.fromDate}`}
              />
            ),
          }}
        />
      </section>
      {valid && team.data ? <TeamLeaveDays leaves={team.data.leaves} start={start} end={end} /> : null}
    </Page>
  );
}
