import { Link } from 'react-router-dom';
import { timesheetMessages as msg } from '@portal/contracts';
import { HelpPage, HelpSection, Message, Ui } from './help-page';

/** '/documentation/timesheet-review' (admins): what review means in the portal today, and what is not built. */
export function TimesheetReviewHelp() {
  return (
    <HelpPage
      title="How To: Timesheet Review"
      lead="For admins: how contractors' timesheets are reviewed, and what the portal can do about it today."
    >
      <HelpSection title="Not built yet">
        <p>
          The review screens are not in the portal yet. Until they are, this guide cannot give the steps for
          them:
        </p>
        <ul>
          <li>
            <Link to="/admin/timesheets/review">Contractor Timesheet Review</Link>: filtering by owner,
            employee, project and period, approving entries, downloading timesheets and expenses, viewing
            attachments.
          </li>
          <li>
            <Link to="/verify-review">Verify Timesheet &amp; Expense</Link>: where a contractor submits a
            month for verification.
          </li>
        </ul>
        <p>Both pages say Coming Soon for now.</p>
      </HelpSection>

      <HelpSection title="What already holds">
        <ul>
          <li>
            An entry an admin has approved shows <Ui>{msg.approvedLabel}</Ui> in the contractor&apos;s saved
            timesheets. The contractor can no longer change or delete it.
          </li>
          <li>
            Once a contractor has submitted a project&apos;s month for verification, that month&apos;s
            timesheets and expenses for the project are locked for them: their edit and delete buttons say{' '}
            <Message>{msg.notEditable('Project name')}</Message> with the project&apos;s name.
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
