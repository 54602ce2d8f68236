import { Link } from 'react-router-dom';
import {
  boardPeriodName,
  monthLabel,
  type BoardCell,
  type BoardRow,
  type BoardTask,
  type PeriodBoard,
  type PeriodStateName,
} from '@portal/contracts';
import { formatDecimal } from '../../lib/format';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { QueryState } from '../../ui/query-state';
import { usePeriodBoard } from './api/get-board';
import { STATE_TEXT } from './period-states';
import './period-board.css';

/** The review with this person and project chosen, over the days of the cell's period. */
function reviewLink(row: BoardRow, cell: BoardCell): string {
  const query = new URLSearchParams({
    employeeId: String(row.employeeId),
    projectId: String(row.projectId),
    start: cell.period.start,
    end: cell.period.end,
  });
  return `/admin/timesheets/review?${query.toString()}`;
}

function StateBadge({ cell }: { cell: BoardCell }) {
  return <span className={`state-badge state-badge--${cell.state}`}>{STATE_TEXT[cell.state]}</span>;
}

function cellText(cell: BoardCell): string {
  const reason = cell.state === 'returned' && cell.returnReason ? `: ${cell.returnReason}` : '';
  return `${STATE_TEXT[cell.state]}${reason} (${boardPeriodName(cell.period)})`;
}

const PERIOD_HEADERS = ['Previous period', 'Current period'] as const;

/**
 * A row's previous or current period: each project's own billing period (decision 0241), so the
 * cell names its period ('Oct - 2026', 'Nov - 2026 (26 Oct - 25 Nov 2026)').
 */
function periodColumn(index: 0 | 1, linkToReview: boolean): DataColumn<BoardRow> {
  return {
    id: `period-${index}`,
    header: PERIOD_HEADERS[index],
    sort: 'text',
    text: (row) => cellText(row.cells[index]),
    cell: (row) => {
      const cell = row.cells[index];
      const name = boardPeriodName(cell.period);
      return (
        <div className="board-cell">
          <span className="board-cell__period">{name}</span>{' '}
          {linkToReview ? (
            <Link
              to={reviewLink(row, cell)}
              aria-label={`${row.employeeName}, ${row.projectName}, ${name}: ${STATE_TEXT[cell.state]}`}
            >
              <StateBadge cell={cell} />
            </Link>
          ) : (
            <StateBadge cell={cell} />
          )}
          {cell.state !== 'nothing' ? <span className="muted"> {formatDecimal(cell.hours)} h</span> : null}
          {cell.state === 'returned' && cell.returnReason ? (
            <p className="board-cell__reason">{cell.returnReason}</p>
          ) : null}
        </div>
      );
    },
  };
}

/** Where to do a task. */
function taskLink(task: BoardTask): string {
  if (task.kind === 'enter-missing-days') return '/timesheets/create';
  // The verify page opens on the task's project and period (its key names it).
  const query = new URLSearchParams({ month: task.period.key });
  if (task.projectId !== null) query.set('projectId', String(task.projectId));
  return `/verify-review?${query.toString()}`;
}

function OwnTasks({ board }: { board: PeriodBoard }) {
  const person = board.people[0];
  return (
    <section className="card" aria-labelledby="tasks-title">
      <h2 id="tasks-title" className="card__title">
        What is left to do
      </h2>
      {board.tasks.length === 0 ? (
        <p>Nothing: every period so far is entered and verified.</p>
      ) : (
        <ul className="task-list">
          {board.tasks.map((task) => (
            <li
              key={`${task.kind}-${task.period.key}-${task.projectId ?? 'all'}`}
              className={`task task--${task.kind}`}
            >
              <Link to={taskLink(task)}>{task.text}</Link>
            </li>
          ))}
        </ul>
      )}
      {person && person.missingDays[1].length > 0 ? (
        <p className="muted">
          Days of {monthLabel(board.months[1])} without time: {person.missingDays[1].join(', ')}
        </p>
      ) : null}
    </section>
  );
}

function OwnerTotals({ board }: { board: PeriodBoard }) {
  return (
    <div className="board-owners">
      {board.owners.map((owner) => (
        <section key={owner.ownerId} className="card stat" aria-labelledby={`owner-${owner.ownerId}`}>
          <h2 id={`owner-${owner.ownerId}`} className="stat__label">
            Owner {owner.ownerId}, current periods
          </h2>
          <div className="stat__value">{formatDecimal(owner.hours)} h</div>
          <p className="muted">
            {owner.people} people · expenses {formatDecimal(owner.expensesClaimed)}
          </p>
          <ul className="board-owners__states">
            {(Object.keys(STATE_TEXT) as PeriodStateName[]).map((state) => (
              <li key={state}>
                {STATE_TEXT[state]}: {owner.cells[state]}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function boardColumns(board: PeriodBoard, admin: boolean): DataColumn<BoardRow>[] {
  const missing = new Map(board.people.map((p) => [p.employeeId, p.missingDays]));
  const columns: DataColumn<BoardRow>[] = [];
  if (admin)
    columns.push({
      id: 'person',
      header: 'Person',
      isRowHeader: true,
      sort: 'text',
      text: (row) => row.employeeName,
    });
  columns.push(
    { id: 'project', header: 'Project', isRowHeader: !admin, sort: 'text', text: (row) => row.projectName },
    periodColumn(0, admin),
    periodColumn(1, admin),
  );
  if (admin)
    columns.push(
      {
        id: 'missing',
        header: 'Missing days',
        numeric: true,
        sort: 'decimal',
        text: (row) => String(missing.get(row.employeeId)?.[1].length ?? 0),
      },
      {
        id: 'late',
        header: 'Late entries',
        numeric: true,
        sort: 'decimal',
        text: (row) => String(row.cells[0].lateEntries + row.cells[1].lateEntries),
      },
    );
  return columns;
}

/** The period board of /home: the admin's whole scope, or the person's own periods and tasks. */
export function PeriodBoardSection({ admin }: { admin: boolean }) {
  const board = usePeriodBoard();
  return (
    <section className="dashboard__board" aria-labelledby="board-title">
      <h2 id="board-title">{admin ? 'Period board' : 'Your periods'}</h2>
      <QueryState query={board} what="periods" skeletonLines={4}>
        {(data) => (
          <>
            {admin ? <OwnerTotals board={data} /> : <OwnTasks board={data} />}
            <DataTable
              label={admin ? 'Period board' : 'Your periods'}
              what="periods"
              rows={data.rows}
              rowKey={(row) => `${row.employeeId}-${row.projectId}`}
              columns={boardColumns(data, admin)}
              searchable={admin}
              empty={
                admin
                  ? 'No active people in your scope yet. People appear here once they are on the roster.'
                  : 'You are not on any project roster yet. Ask an admin to add you to a project.'
              }
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
