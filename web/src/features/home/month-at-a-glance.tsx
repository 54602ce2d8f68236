import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  boardPeriodName,
  formatAcknowledgedAt,
  isCalendarMonth,
  monthLabel,
  type MonthAtAGlance,
} from '@portal/contracts';
import { formatDecimal, formatTableDate } from '../../lib/format';
import { QueryState } from '../../ui/query-state';
import { useMyMonth } from './api/get-my-month';
import { STATE_TEXT } from './period-states';
import './month-at-a-glance.css';

function Item({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <li className="glance__item">
      <h3 className="glance__title">{title}</h3>
      <div className="glance__value">{children}</div>
      {action ? <div className="glance__action">{action}</div> : null}
    </li>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Figures({ month }: { month: MonthAtAGlance }) {
  const missing = month.missingDays.length;
  const onboardingLeft = month.onboardingTotal - month.onboardingDone;
  return (
    <ul className="glance" aria-label={`Your month at a glance, ${monthLabel(month.month)}`}>
      <Item title="Hours entered" action={<Link to="/timesheets/create">Add or check your time</Link>}>
        <span className="glance__number">{formatDecimal(month.hours)}</span> h
      </Item>
      <Item title="Expenses entered" action={<Link to="/expenses/create">Add or check your expenses</Link>}>
        {month.expenses.length === 0 ? (
          'None yet'
        ) : (
          <ul className="glance__lines" aria-label="Expenses by currency">
            {month.expenses.map((line) => (
              <li key={line.currency}>
                {line.currency} {formatDecimal(line.claimed, 2)}
              </li>
            ))}
          </ul>
        )}
      </Item>
      <Item
        title="Working days without time"
        action={missing > 0 ? <Link to="/timesheets/create">Enter the missing days</Link> : undefined}
      >
        {missing === 0 ? (
          'None: every working day so far has time'
        ) : (
          <>
            {plural(missing, 'day', 'days')}:{' '}
            {month.missingDays.map((day) => formatTableDate(day)).join(', ')}
          </>
        )}
      </Item>
      <Item
        title="Periods"
        action={month.periods.length > 0 ? <Link to="/verify-review">Verify your periods</Link> : undefined}
      >
        {month.periods.length === 0 ? (
          'Nothing entered in your current periods'
        ) : (
          <ul className="glance__lines" aria-label="Current periods">
            {month.periods.map((p) => (
              <li key={p.projectId}>
                {/* Each project's own billing period; a calendar month is this month. */}
                {p.projectName}
                {isCalendarMonth(p.period) ? '' : `, ${boardPeriodName(p.period)}`}:{' '}
                <span className={`state-badge state-badge--${p.state}`}>{STATE_TEXT[p.state]}</span>
              </li>
            ))}
          </ul>
        )}
      </Item>
      <Item
        title="Code of Conduct"
        action={
          month.codeOfConductAcknowledgedAt === null ? (
            <Link to="/codeOfConduct">Read and acknowledge it</Link>
          ) : undefined
        }
      >
        {month.codeOfConductAcknowledgedAt === null
          ? 'Still to acknowledge'
          : `Acknowledged on ${formatAcknowledgedAt(month.codeOfConductAcknowledgedAt)}`}
      </Item>
      <Item
        title="Onboarding checklist"
        action={onboardingLeft > 0 ? <Link to="/onboarding">See what onboarding involves</Link> : undefined}
      >
        {month.onboardingDone} of {month.onboardingTotal} done
        {onboardingLeft > 0 ? `, ${plural(onboardingLeft, 'item', 'items')} to go` : ''}
      </Item>
      <Item title="Holidays coming up" action={<Link to="/leave/leave-request">Plan your leave</Link>}>
        {month.upcomingHolidays.length === 0 ? (
          'None listed'
        ) : (
          <ul className="glance__lines" aria-label="Holidays coming up">
            {month.upcomingHolidays.map((h) => (
              <li key={`${h.date}-${h.country}`}>
                <time dateTime={h.date}>{formatTableDate(h.date)}</time> {h.name} ({h.country})
              </li>
            ))}
          </ul>
        )}
      </Item>
    </ul>
  );
}

/** The employee dashboard's month at a glance: one answer of the server, each item a way to act. */
export function MonthAtAGlancePanel() {
  const month = useMyMonth();
  return (
    <section className="card dashboard__wide" aria-labelledby="glance-title">
      <h2 id="glance-title" className="card__title">
        Your month at a glance{month.data ? `: ${monthLabel(month.data.month)}` : ''}
      </h2>
      <QueryState query={month} what="your month" skeletonLines={6}>
        {(data) => <Figures month={data} />}
      </QueryState>
    </section>
  );
}
