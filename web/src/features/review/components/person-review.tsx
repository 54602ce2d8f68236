import type { ReviewExpenseRow, ReviewPagePerson, ReviewTimeRow } from '@portal/contracts';
import { formatDecimal } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { ExpenseTable } from './expense-table';
import { countsText } from './state-badge';
import { TimeTable } from './time-table';

/** The rows chosen in one person's tables. */
export interface PersonSelection {
  readonly entries: ReadonlySet<string>;
  readonly expenses: ReadonlySet<string>;
}

export const NOTHING_CHOSEN: PersonSelection = { entries: new Set(), expenses: new Set() };

export interface PersonReviewProps {
  readonly person: ReviewPagePerson;
  readonly time: readonly ReviewTimeRow[];
  readonly expenses: readonly ReviewExpenseRow[];
  readonly showOvertime: boolean;
  readonly selection: PersonSelection;
  readonly onSelect: (selection: PersonSelection) => void;
  /** Names the list shown: a new filter or page starts the tables afresh. */
  readonly listKey: string;
  readonly onEditTime: (row: ReviewTimeRow) => void;
  readonly onEditExpense: (row: ReviewExpenseRow) => void;
  readonly onApproveAll: () => void;
  readonly onApproveSelected: () => void;
  readonly onReturn: () => void;
  readonly onDownloadTimesheets: () => void;
  readonly onDownloadExpenses: () => void;
  /** An auditor's view (issue 11): the data and the timesheet download, no approve, return, edit or choosing. */
  readonly readOnly?: boolean;
  /** A past view ('as of'): not even the downloads, which would be of today's rows. */
  readonly pastView?: boolean;
}

/** One person of the review: their totals, what can be done with their period, their time and expenses. */
export function PersonReview(props: PersonReviewProps) {
  const { person, selection } = props;
  const headingId = `review-person-${person.employeeId}`;
  const open = person.counts.entered + person.counts.verified + person.counts.returned;
  return (
    <section className="card review-person" aria-labelledby={headingId}>
      <header className="review-person__header">
        <h2 id={headingId} className="card__title">
          {person.employeeName}
        </h2>
        <p className="muted">{countsText(person.counts)}</p>
        <dl className="review-totals review-totals--person">
          <div>
            <dt>Hours</dt>
            <dd>{formatDecimal(person.hours)}</dd>
          </div>
          {props.showOvertime ? (
            <div>
              <dt>Overtime</dt>
              <dd>{formatDecimal(person.overtimeHours)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Timesheets</dt>
            <dd>{formatDecimal(person.timesheetValue, 2)}</dd>
          </div>
          <div>
            <dt>Expenses</dt>
            <dd>{formatDecimal(person.expensesClaimed, 2)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatDecimal(person.total, 2)}</dd>
          </div>
        </dl>
      </header>
      {props.pastView ? null : (
        <div
          className="review-person__actions"
          role="group"
          aria-label={`Actions for ${person.employeeName}`}
        >
          {props.readOnly ? null : (
            <>
              <Button onPress={props.onApproveAll} isDisabled={open === 0}>
                Approve all
              </Button>
              <Button
                variant="secondary"
                onPress={props.onApproveSelected}
                isDisabled={selection.expenses.size === 0}
              >
                {`Approve selected expenses (${selection.expenses.size})`}
              </Button>
              <Button variant="danger" onPress={props.onReturn}>
                Return…
              </Button>
            </>
          )}
          <Button variant="secondary" onPress={props.onDownloadTimesheets}>
            Download Timesheets
          </Button>
          {/* Zipping the receipts starts a job on the server (a POST), which an auditor may not send. */}
          {props.readOnly ? null : (
            <Button variant="secondary" onPress={props.onDownloadExpenses}>
              Download All Expenses
            </Button>
          )}
        </div>
      )}
      <h3 className="review-person__subtitle">Time</h3>
      <TimeTable
        person={person}
        rows={props.time}
        showOvertime={props.showOvertime}
        selected={selection.entries}
        onSelect={(entries) => props.onSelect({ ...selection, entries })}
        onEdit={props.onEditTime}
        readOnly={props.readOnly}
        listKey={props.listKey}
      />
      <h3 className="review-person__subtitle">Expenses</h3>
      <ExpenseTable
        person={person}
        rows={props.expenses}
        selected={selection.expenses}
        onSelect={(expenses) => props.onSelect({ ...selection, expenses })}
        onEdit={props.onEditExpense}
        readOnly={props.readOnly}
        listKey={props.listKey}
      />
    </section>
  );
}
