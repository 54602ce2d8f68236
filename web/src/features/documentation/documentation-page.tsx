import { Link } from 'react-router-dom';
import { COMMENT_MAX_LENGTH } from '@portal/contracts';

/** '/documentation': what the how-to guides will cover, with links to them. */
export function DocumentationPage({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="page">
      <header className="page__header">
        <h1>Documentation Overview</h1>
      </header>
      <p className="page__lead">Short guides for the everyday tasks in the portal.</p>
      <section className="card" aria-labelledby="how-to-title">
        <h2 id="how-to-title" className="card__title">
          How To
        </h2>
        <ul className="doc-list">
          <li>
            <Link to="/documentation/add-timesheet">Add a timesheet</Link>
            <p className="muted">
              Choose the project, pick the days in the calendar (Shift+click selects a range), enter hours and
              an activity comment of at most {COMMENT_MAX_LENGTH} characters for each day, then Save.
            </p>
          </li>
          <li>
            <Link to="/documentation/edit-timesheet">Edit a timesheet</Link>
            <p className="muted">
              Use the edit button of a row in the saved timesheets. Approved rows and months already submitted
              for verification cannot be changed.
            </p>
          </li>
          <li>
            <Link to="/documentation/add-expense">Add an expense</Link>
            <p className="muted">
              Expenses with receipts and currency conversion (the expense screens are coming soon).
            </p>
          </li>
          {isAdmin ? (
            <li>
              <Link to="/documentation/timesheet-review">Review timesheets (admins)</Link>
              <p className="muted">Approving and downloading contractor timesheets.</p>
            </li>
          ) : null}
        </ul>
        <p className="muted">The detailed guides are being written; their pages say Coming Soon for now.</p>
      </section>
    </div>
  );
}
