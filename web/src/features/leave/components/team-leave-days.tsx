import { daysBetween, leaveWithin, type TeamLeaveView } from '@portal/contracts';
import { formatFullDate } from '../../../lib/format';

/** Each day of the period someone is away, with who and which leave, in date order. */
function awayByDay(
  leaves: readonly TeamLeaveView[],
  start: string,
  end: string,
): [string, TeamLeaveView[]][] {
  const days = new Map<string, TeamLeaveView[]>();
  for (const leave of leaves) {
    const within = leaveWithin(leave, { start, end });
    if (!within) continue;
    for (const date of daysBetween(within.first, within.last))
      days.set(date, [...(days.get(date) ?? []), leave]);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** The team's leave as a day-by-day calendar list (read only; days nobody is away are left out). */
export function TeamLeaveDays({
  leaves,
  start,
  end,
}: {
  leaves: readonly TeamLeaveView[];
  start: string;
  end: string;
}) {
  const days = awayByDay(leaves, start, end);
  return (
    <section className="card" aria-labelledby="team-leave-days-title">
      <h2 id="team-leave-days-title" className="card__title">
        Day by day
      </h2>
      {days.length === 0 ? (
        <p className="muted">Nobody is away on any day of this period.</p>
      ) : (
        <ol className="leave-days">
          {days.map(([date, away]) => (
            <li key={date} className="leave-days__day">
              <time dateTime={date} className="leave-days__date">
                {formatFullDate(date)}
              </time>
              <ul className="leave-days__people">
                {away.map((l) => (
                  <li key={l.leaveId}>
                    {l.employeeName} <span className="badge">{l.leaveType}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
