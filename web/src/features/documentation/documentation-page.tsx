import { Link } from 'react-router-dom';
import { COMMENT_MAX_LENGTH } from '@portal/contracts';
import { Page } from '../../ui/page';

interface Guide {
  readonly to: string;
  readonly title: string;
  readonly summary: string;
}

const GUIDES: readonly Guide[] = [
  {
    to: '/documentation/add-timesheet',
    title: 'How To: Add Timesheet',
    summary:
      `Choose the project and the days in the calendar (Shift+click adds a range), enter the hours and an ` +
      `activity comment of at most ${COMMENT_MAX_LENGTH} characters for each day, then Save.`,
  },
  {
    to: '/documentation/edit-timesheet',
    title: 'How To: Edit Timesheet',
    summary:
      'Find an entry under Saved Timesheets, change it in the Edit Timesheet dialog or delete it. Approved ' +
      'entries and months submitted for verification cannot be changed.',
  },
  {
    to: '/documentation/add-expense',
    title: 'How To: Add Expense',
    summary:
      'Choose the expense type, project and receipt currency, enter the amount and date, attach the PDF ' +
      'receipt or photograph it with your phone, then Submit. Also: what each type asks for and how the ' +
      'claimed amount is converted.',
  },
];

const ADMIN_GUIDE: Guide = {
  to: '/documentation/timesheet-review',
  title: 'How To: Timesheet Review',
  summary:
    'For admins: how contractors verify their periods, and how you review, edit, approve or return ' +
    'them on Contractor Timesheet Review.',
};

/** '/documentation': the how-to guides, each with what it covers. */
export function DocumentationPage({ isAdmin }: { isAdmin: boolean }) {
  const guides = isAdmin ? [...GUIDES, ADMIN_GUIDE] : GUIDES;
  return (
    <Page title="Documentation Overview">
      <p className="page__lead">Short guides for the everyday tasks in the portal.</p>
      <section className="card" aria-labelledby="how-to-title">
        <h2 id="how-to-title" className="card__title">
          How To
        </h2>
        <ul className="doc-list">
          {guides.map((guide) => (
            <li key={guide.to}>
              <Link to={guide.to}>{guide.title}</Link>
              <p className="muted">{guide.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
