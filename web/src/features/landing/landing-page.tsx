import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Brand } from '../../lib/brand';
import { HolidayLists } from './holiday-lists';
import { businessToday } from '../../lib/business-day';

/** The year the spec fixes for the home page's holiday list. */
const SPEC_HOLIDAY_YEAR = 2025;

export interface LandingPageProps {
  readonly brand: Brand;
  readonly signedIn: boolean;
  /** The Log In button (the auth feature's), shown while signed out. */
  readonly signIn: ReactNode;
}

/** '/': tagline, entry tiles or Log In, Need Help panel and the holiday lists. */
export function LandingPage({ brand, signedIn, signIn }: LandingPageProps) {
  const currentYear = Number(businessToday().slice(0, 4));
  const years = currentYear === SPEC_HOLIDAY_YEAR ? [SPEC_HOLIDAY_YEAR] : [SPEC_HOLIDAY_YEAR, currentYear];

  return (
    <main id="main" className="landing">
      <section className="landing__hero">
        <p className="landing__company">{brand.companyName}</p>
        <h1 className="landing__tagline">The Future is Smart</h1>
        {signedIn ? (
          <div className="landing__tiles">
            <Link to="/timesheets/create" className="tile">
              <svg className="tile__icon" viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="12" cy="13" r="8" />
                <path d="M12 9v4l2.5 2.5M9 2h6" />
              </svg>
              <span className="tile__title">Add Timesheet</span>
              <span className="tile__text">Record your hours by project and day.</span>
            </Link>
            <Link to="/expenses/create" className="tile">
              <svg className="tile__icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 2h12v20l-3-2-3 2-3-2-3 2z" />
                <path d="M9 7h6M9 11h6M9 15h4" />
              </svg>
              <span className="tile__title">Add Expense</span>
              <span className="tile__text">Claim travel, meals and other costs.</span>
            </Link>
          </div>
        ) : (
          <div className="landing__sign-in">
            <p>Sign in with your company account to record timesheets and expenses.</p>
            {signIn}
          </div>
        )}
      </section>
      <div className="landing__columns">
        <aside className="card need-help" aria-labelledby="need-help-title">
          <h2 id="need-help-title">Need Help?</h2>
          <p>Step-by-step guides explain how to add and edit timesheets and expenses.</p>
          <Link to="/documentation" className="btn btn--secondary">
            Read the documentation
          </Link>
        </aside>
        <div className="card landing__holidays">
          {years.map((year) => (
            <HolidayLists key={year} year={year} />
          ))}
        </div>
      </div>
    </main>
  );
}
