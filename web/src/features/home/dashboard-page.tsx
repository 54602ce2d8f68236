import { Link } from 'react-router-dom';
import { format, parseISO } from 'date-fns';
import { useCurrentUser } from '../../lib/current-user';
import { formatDecimal } from '../../lib/format';
import { QueryState } from '../../ui/query-state';
import { useMonthHours } from './api/get-month-hours';
import { ExpiringVehiclesPanel } from './expiring-vehicles';
import { MonthAtAGlancePanel } from './month-at-a-glance';
import { businessToday, currentBusinessTimeZone } from '../../lib/business-day';
import { formatFullDate } from '../../lib/format';
import { lazyPart } from '../../ui/query-state';

/** The period board (its table) comes after the cards have painted. */
const PeriodBoardSection = lazyPart(
  async () => (await import('./period-board')).PeriodBoardSection,
  'periods',
);

const adminPages: readonly { label: string; to: string; built?: boolean }[] = [
  { label: 'Mail outbox', to: '/admin/outbox', built: true },
  { label: 'Exchange rates', to: '/admin/exchange-rates', built: true },
  { label: 'Timesheet Review', to: '/admin/timesheets/review', built: true },
  { label: 'Vehicles', to: '/admin/vehicles/review', built: true },
  { label: 'Employee - Project Roster', to: '/empRoster', built: true },
  { label: 'Staff Review', to: '/admin/staffs/review', built: true },
  { label: 'Projects', to: '/admin/projects/create', built: true },
  { label: 'Clients', to: '/admin/clients/create', built: true },
  { label: 'Planned Hours', to: '/admin/planned-hours', built: true },
  { label: 'Team Leave', to: '/admin/leave', built: true },
  { label: 'Hiring', to: '/admin/hr/hiring', built: true },
];

function MonthHours({ today }: { today: string }) {
  const totals = useMonthHours(today);
  const month = format(parseISO(today), 'MMMM yyyy');
  return (
    <section className="card stat" aria-labelledby="month-hours-title">
      <h2 id="month-hours-title" className="stat__label">
        Hours in {month}
      </h2>
      <QueryState query={totals} what="hours" skeletonLines={1}>
        {(data) => (
          <>
            <div className="stat__value">{formatDecimal(data.hours)}</div>
            {data.overtimeHours !== '0' ? (
              <p className="muted">Overtime: {formatDecimal(data.overtimeHours)} h</p>
            ) : null}
          </>
        )}
      </QueryState>
      <Link to="/timesheets/create">See this month's timesheets</Link>
    </section>
  );
}

/**
 * '/home': for an employee their month at a glance (GET /api/me/month) and quick links; for an
 * admin the month's hours, quick links and the admin pages.
 */
export function DashboardPage() {
  const current = useCurrentUser();
  if (current.status !== 'signed-in') return null;
  const { user } = current;
  const today = businessToday();

  return (
    <div className="page">
      <header className="page__header">
        <h1>Welcome, {user.name}</h1>
        <p className="page__lead">
          Today is <time dateTime={today}>{formatFullDate(today)}</time> ({currentBusinessTimeZone()}).
        </p>
      </header>
      <div className="dashboard">
        {user.isAdmin ? <MonthHours today={today} /> : <MonthAtAGlancePanel />}
        <nav className="card" aria-labelledby="quick-links-title">
          <h2 id="quick-links-title" className="card__title">
            Quick links
          </h2>
          <ul className="link-list">
            <li>
              <Link to="/timesheets/create">Add Timesheet</Link>
            </li>
            <li>
              <Link to="/expenses/create">Add Expense</Link>
            </li>
            <li>
              <Link to="/leave/leave-request">Leave Form</Link>
            </li>
            <li>
              <Link to="/documentation">Documentation</Link>
            </li>
          </ul>
        </nav>
        {user.isAdmin ? (
          <nav className="card dashboard__admin" aria-labelledby="admin-panel-title">
            <h2 id="admin-panel-title" className="card__title">
              Administration
            </h2>
            <ul className="link-list link-list--columns">
              {adminPages.map((page) => (
                <li key={page.to}>
                  <Link to={page.to}>{page.label}</Link>{' '}
                  {page.built ? null : <span className="badge">coming soon</span>}
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {user.isAdmin ? <ExpiringVehiclesPanel /> : null}
      </div>
      <PeriodBoardSection admin={user.isAdmin} />
    </div>
  );
}
