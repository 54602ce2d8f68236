import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { asOfMessages, parseAsOf } from '@portal/contracts';
import { Button } from './button';

/*
 * The "as of" views (issue 11): the admin review, the roster and planned hours shown as they stood
 * at a past instant. The instant lives in the URL (`?asOf=2026-10-31T17:00:00.000Z`), so a past
 * view can be shared; while it is set the screen shows the banner and offers no action.
 */

/** The instant in the URL (UTC ISO), or null for the live view (a malformed one counts as none). */
export function useAsOf(): string | null {
  const [search] = useSearchParams();
  const value = search.get('asOf');
  return value ? parseAsOf(value) : null;
}

/** 'Wednesday, November 18, 2026 at 4:30 PM' in the browser's time zone. */
export function longDateTime(instant: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(instant),
  );
}

/** A `datetime-local` value ('2026-11-18T16:30') for an instant, in the browser's time zone. */
function localInputOf(instant: string): string {
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The 'As of' picker: a date and time (the browser's own keyboard-usable control) and Show; it
 * writes `asOf` into the URL, keeping the screen's other parameters. A past view's 'Back to now'
 * is in the banner.
 */
export function AsOfControl({ now }: { now: Date }) {
  const [search, setSearch] = useSearchParams();
  const current = useAsOf();
  const [value, setValue] = useState(current ? localInputOf(current) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const show = (event: FormEvent) => {
    event.preventDefault();
    const time = value ? new Date(value).getTime() : Number.NaN;
    if (Number.isNaN(time)) return setProblem('Choose a date and a time.');
    if (time > now.getTime()) return setProblem(asOfMessages.future);
    setProblem(null);
    const next = new URLSearchParams(search);
    next.set('asOf', new Date(time).toISOString());
    setSearch(next);
  };
  return (
    <form className="as-of" role="search" aria-label="Past view" onSubmit={show} noValidate>
      <div className="field">
        <label className="field__label" htmlFor="as-of-input">
          As of
        </label>
        <input
          id="as-of-input"
          className="field__input"
          type="datetime-local"
          value={value}
          max={localInputOf(now.toISOString())}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'as-of-problem' : 'as-of-help'}
          onChange={(event) => setValue(event.target.value)}
        />
        {problem ? (
          <span id="as-of-problem" className="field__error" role="alert">
            {problem}
          </span>
        ) : (
          <span id="as-of-help" className="field__description">
            See this screen as it stood at a past moment.
          </span>
        )}
      </div>
      <Button type="submit" variant="secondary">
        Show as of
      </Button>
    </form>
  );
}

/** The banner of a past view: what is shown, when, that nothing can change, and the way back. */
export function AsOfBanner({ screen, asOf }: { screen: string; asOf: string }) {
  const location = useLocation();
  const [search] = useSearchParams();
  const back = new URLSearchParams(search);
  back.delete('asOf');
  const query = back.toString();
  return (
    <div className="alert alert--warning as-of-banner" role="status">
      <p>{asOfMessages.banner(screen, longDateTime(asOf))}</p>
      <Link to={`${location.pathname}${query ? `?${query}` : ''}`}>Back to now</Link>
    </div>
  );
}
