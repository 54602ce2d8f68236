import { Link } from 'react-router-dom';
import {
  COMMENT_MAX_LENGTH,
  EDIT_HOURS_STEP,
  HOURLY_VALUE,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
} from '@portal/contracts';
import { HelpPage, HelpSection, Message, Screenshot, SCREENSHOTS, Ui } from './help-page';

/** '/documentation/edit-timesheet': finding a saved entry, changing or deleting it, and what locks it. */
export function EditTimesheetHelp() {
  return (
    <HelpPage
      title="How To: Edit Timesheet"
      lead={
        <>
          Saved entries are listed under <Ui>Saved Timesheets</Ui> on the{' '}
          <Link to="/timesheets/create">Timesheets</Link> page. Each row has an edit and a delete button,
          unless it can no longer be changed.
        </>
      }
    >
      <HelpSection title="Find the entry">
        <ul>
          <li>
            <Ui>Period</Ui>: Current month (the default), Previous month, Last 3 months, Last 6 months, Last
            year, or Custom range with a <Ui>From</Ui> and a <Ui>To</Ui> date.
          </li>
          <li>
            <Ui>Filter by project</Ui> shows one project&apos;s entries only.
          </li>
          <li>
            Sort by <Ui>Date</Ui> or <Ui>Activity</Ui> with their column headers. The last row adds up the
            hours, the overtime and the value ({HOURLY_VALUE} per hour). When nothing matches, the table says{' '}
            <Message>{msg.recordsNotFound}</Message>
          </li>
        </ul>
      </HelpSection>

      <HelpSection title="Change an entry">
        <ol>
          <li>
            Press the edit button of the row. Screen readers announce it as <Ui>Edit</Ui> followed by the
            project and the date.
          </li>
          <li>
            The <Ui>Edit Timesheet</Ui> dialog opens with the entry&apos;s <Ui>{label.projectId}</Ui> (and{' '}
            <Ui>{label.subProjectId}</Ui>), <Ui>{label.date}</Ui>, <Ui>{label.hours}</Ui>,{' '}
            <Ui>{label.overtimeHours}</Ui> when the project allows overtime, and <Ui>{label.comment}</Ui>.
            Hours go in steps of {EDIT_HOURS_STEP}; the comment stays required, at most {COMMENT_MAX_LENGTH}{' '}
            characters, with a counter below it.
          </li>
          <li>
            Press <Ui>Save Changes</Ui>. The portal says <Message>{msg.updated}</Message> and the list shows
            the change. <Ui>Close</Ui> leaves the entry as it was.
          </li>
        </ol>
        <Screenshot
          image={SCREENSHOTS.editTimesheet}
          alt="The Edit Timesheet dialog with the entry's project, date, hours and activity comment, and the Close and Save Changes buttons."
          caption="The Edit Timesheet dialog of a saved entry."
        />
        <p>
          Changing an entry dated before the Monday of the current week, or moving it to such a day, asks the
          same question as a new entry: <Message>{msg.notWithinCurrentWeek}</Message> <Ui>Proceed</Ui> saves
          and an email is sent to the admins; <Ui>Cancel</Ui> saves nothing.
        </p>
      </HelpSection>

      <HelpSection title="Delete an entry">
        <ol>
          <li>Press the delete button of the row.</li>
          <li>
            The portal asks whether you are sure, naming the project and the date. <Ui>Yes</Ui> deletes it (
            <Message>{msg.deleted}</Message>); <Ui>No</Ui> keeps it.
          </li>
        </ol>
      </HelpSection>

      <HelpSection title="When an entry cannot be changed">
        <ul>
          <li>
            An entry an admin has approved shows <Ui>{msg.approvedLabel}</Ui> instead of the buttons. It can
            no longer be changed or deleted.
          </li>
          <li>
            Once you have submitted a project&apos;s month for verification, its entries are locked: the edit
            or delete button then says <Message>{msg.notEditable('Project name')}</Message> (with the
            project&apos;s name) and opens nothing.
          </li>
          <li>
            If the entry was changed elsewhere since you opened the list, saving says{' '}
            <Message>{msg.staleVersion}</Message> Press <Ui>Reload timesheets</Ui> and make your change again.
          </li>
        </ul>
      </HelpSection>
    </HelpPage>
  );
}
