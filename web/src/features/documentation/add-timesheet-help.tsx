import { Link } from 'react-router-dom';
import {
  COMMENT_MAX_LENGTH,
  TIMESHEET_MONTHS_AHEAD,
  TIMESHEET_MONTHS_BACK,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
} from '@portal/contracts';
import { HelpPage, HelpSection, Message, ProblemsSection, Screenshot, SCREENSHOTS, Ui } from './help-page';

/** '/documentation/add-timesheet': entering hours for one project over one or more days. */
export function AddTimesheetHelp() {
  return (
    <HelpPage
      title="How To: Add Timesheet"
      lead={
        <>
          Record your hours for one project over one or more days in one go, on the{' '}
          <Link to="/timesheets/create">Timesheets</Link> page (Contractor, Add Timesheet in the menu, or the
          Add Timesheet tile on the home page).
        </>
      }
    >
      <HelpSection title="Steps">
        <ol>
          <li>
            Choose the <Ui>{label.projectId}</Ui>. The list holds the active projects you are on the roster
            of. When the project has sub-projects, a <Ui>{label.subProjectId}</Ui> list appears: choose one
            too.
          </li>
          <li>
            Choose the <Ui>Days</Ui> in the calendar. A click (or <kbd>Enter</kbd>) adds a day or removes it
            again; <kbd>Shift</kbd>+click (or <kbd>Shift</kbd>+<kbd>Enter</kbd>) adds every day from the last
            day you chose. Each chosen day gets a row of its own.
          </li>
          <li>
            In each row enter the <Ui>{label.hours}</Ui> and an <Ui>{label.comment}</Ui> (required, at most{' '}
            {COMMENT_MAX_LENGTH} characters). To give every day the same hours, type them in{' '}
            <Ui>Hours for all days</Ui> and press <Ui>Apply hours to all</Ui>.
          </li>
          <li>
            Remove a day you chose by mistake with the <Ui>×</Ui> button of its row, or start again with{' '}
            <Ui>Clear all</Ui>.
          </li>
          <li>
            Press <Ui>Save</Ui>. The portal says <Message>{msg.saved}</Message>, empties the form, and the new
            entries appear under <Ui>Saved Timesheets</Ui> below.
          </li>
        </ol>
        <Screenshot
          image={SCREENSHOTS.addTimesheet}
          alt="The Add Timesheet form: the project Transit Signalling Upgrade chosen, 23 and 24 November chosen in the calendar, a row for each day with 8 hours and an empty Activity Comment, and the Save button."
          caption="The form with a project and two days chosen, after Apply hours to all."
        />
      </HelpSection>

      <HelpSection title="Which days you can choose">
        <p>
          From the first day of the month {TIMESHEET_MONTHS_BACK} months back to the last day of the month{' '}
          {TIMESHEET_MONTHS_AHEAD} months ahead. On 15 May, for example, that is 1 March to 31 July. Days
          outside this window cannot be chosen.
        </p>
      </HelpSection>

      <HelpSection title="Days before this week">
        <p>
          If a chosen day is before the Monday of the current week, the portal asks first:{' '}
          <Message>{msg.notWithinCurrentWeek}</Message> {msg.lateEntryWarning}
        </p>
        <ul>
          <li>
            <Ui>Proceed</Ui> saves the entries.
          </li>
          <li>
            <Ui>Cancel</Ui> saves nothing; your days and hours stay in the form.
          </li>
        </ul>
      </HelpSection>

      <HelpSection title="Overtime and whole hours">
        <ul>
          <li>
            The <Ui>{label.overtimeHours}</Ui> column appears only for projects that allow overtime. A day may
            have hours, overtime hours or both.
          </li>
          <li>
            When a project is billed in whole hours, the form says{' '}
            <Message>This project is billed in whole hours.</Message> Its hours and overtime hours must then
            be whole numbers.
          </li>
        </ul>
      </HelpSection>

      <ProblemsSection
        after={
          <p>
            To change or delete an entry once it is saved, see{' '}
            <Link to="/documentation/edit-timesheet">How To: Edit Timesheet</Link>.
          </p>
        }
      >
        <li>
          <Message>{msg.projectRequired}</Message> or <Message>{msg.subProjectRequired}</Message>: choose one.
        </li>
        <li>
          <Message>{msg.noDaysChosen}</Message>: choose at least one day in the calendar.
        </li>
        <li>
          <Message>{msg.fillInYourHours}</Message>: a chosen day has neither hours nor overtime hours.
        </li>
        <li>
          <Message>{msg.mustBeGreaterThanZero(label.hours)}</Message>,{' '}
          <Message>{msg.mustBeWholeNumber(label.hours)}</Message>: correct the hours of that day.
        </li>
        <li>
          <Message>{msg.mustHaveValue(label.comment)}</Message>: every day needs its comment.
        </li>
        <li>
          <Message>{msg.saveFailed}</Message>: nothing was saved; try again later.
        </li>
      </ProblemsSection>
    </HelpPage>
  );
}
