import { Link } from 'react-router-dom';
import { reviewMessages as review, timesheetMessages as msg } from '@portal/contracts';
import { HelpPage, HelpSection, Message, Screenshot, SCREENSHOTS, Ui } from './help-page';

/** '/documentation/timesheet-review' (admins): how a period moves from entered to approved. */
export function TimesheetReviewHelp() {
  return (
    <HelpPage
      title="How To: Timesheet Review"
      lead="For admins: how contractors verify their periods and how you review, change, approve or return them."
    >
      <HelpSection title="Where a period stands">
        <p>
          Every row of time or expenses is <Ui>Entered</Ui>, <Ui>Verified</Ui>, <Ui>Approved</Ui> or{' '}
          <Ui>Returned</Ui>. The <Link to="/home">Dashboard</Link> shows each person and project for the
          current and the previous month, with missing working days and late entries; each cell opens the
          review with its filters set.
        </p>
      </HelpSection>

      <HelpSection title="The contractor verifies">
        <p>
          On <Link to="/verify-review">Verify Timesheet &amp; Expense</Link> a contractor picks a project and
          one of its billing periods (a calendar month, 26th to 25th, up to the last Friday, or a week, as the
          project bills) and presses Verify Timesheets or Verify Expenses. From then on those days of that
          project are locked for them: their changes are refused with{' '}
          <Message>{msg.notEditable('Project name')}</Message>.
        </p>
      </HelpSection>

      <HelpSection title="You review">
        <ol>
          <li>
            Open <Link to="/admin/timesheets/review">Contractor Timesheet Review</Link> and filter by owner,
            employee, project and period (or a date range). People come 25 to a page with their totals.
          </li>
          <li>Edit a row if it needs it: the contractor sees the change in their own list.</li>
          <li>
            Approve all (the person&apos;s period for the project) or tick expenses and Approve selected
            expenses. The portal says <Message>{review.approved}</Message>; approved rows are final.
          </li>
          <li>
            Or Return… with a reason: the rows reopen for the contractor, who sees the reason on their
            Dashboard and by e-mail, fixes them and verifies again.
          </li>
          <li>Download Timesheets and Download All Expenses give the files for the client.</li>
        </ol>
        <Screenshot
          image={SCREENSHOTS.timesheetReview}
          alt="Contractor Timesheet Review: the filters Owner, Employee, Project, Show, Period, Order people by and Order, then the list of all matching people with their hours, overtime, timesheets, expenses and totals."
          caption="The review page with its filters, for the current month."
        />
        <p>
          You cannot approve, return or edit your own rows here: {review.ownPeriod} Another admin does that.
        </p>
      </HelpSection>

      <HelpSection title="What already holds">
        <ul>
          <li>
            An entry an admin has approved shows <Ui>{msg.approvedLabel}</Ui> in the contractor&apos;s saved
            timesheets. The contractor can no longer change or delete it.
          </li>
          <li>
            Saving, changing or deleting an entry dated before the Monday of the current week sends the admins
            an email naming the change; a contractor saving or changing such an entry is told so first and
            must choose Proceed. The portal&apos;s emails are listed on the{' '}
            <Link to="/admin/outbox">Mail outbox</Link> page.
          </li>
        </ul>
        <p>
          What contractors see is described in{' '}
          <Link to="/documentation/add-timesheet">How To: Add Timesheet</Link> and{' '}
          <Link to="/documentation/edit-timesheet">How To: Edit Timesheet</Link>.
        </p>
      </HelpSection>
    </HelpPage>
  );
}
