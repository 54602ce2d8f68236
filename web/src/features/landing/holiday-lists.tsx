import { holidayCalendar } from '@portal/contracts';
import { formatTableDate } from '../../lib/format';

/**
 * US and Canada holidays of one year, from the shared rules (the same ones behind
 * GET /api/holidays), so the list shows even before anyone signs in or when the API is down.
 */
export function HolidayLists({ year }: { year: number }) {
  const calendar = holidayCalendar(year);
  return (
    <section className="holidays" aria-labelledby={`holidays-${year}`}>
      <h2 id={`holidays-${year}`}>{year} Holidays</h2>
      <div className="holidays__countries">
        {calendar.countries.map((country) => (
          <div key={country.country} className="holidays__country">
            <h3>
              {country.country} <span className="badge">{country.holidays.length}</span>
            </h3>
            <ul aria-label={`${country.country} holidays ${year}`} className="holidays__list">
              {country.holidays.map((holiday) => (
                <li key={`${holiday.date}-${holiday.name}`}>
                  <time dateTime={holiday.date} className="holidays__date">
                    {/* The list's heading names its year: its dates need not repeat it. */}
                    {formatTableDate(holiday.date, `${year}-01-01`)}
                  </time>
                  <span>{holiday.name}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
