import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { models, type Embed, type Report, type service } from 'powerbi-client';
import { PowerBIEmbed, type EventHandler } from 'powerbi-client-react';
import type { ReportEmbed as ReportEmbedAnswer, ReportFilter } from '@portal/contracts';
import { Button } from './button';
import { LoadingSkeleton } from './query-state';

/** A report that has not said 'loaded' by then is treated as failed (the frame may be blocked). */
export const REPORT_LOAD_TIMEOUT_MS = 30_000;
/** The embed token is renewed this long before it expires, while the report stays open. */
const RENEW_BEFORE_MS = 2 * 60_000;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2_147_483_647;

export interface ReportEmbedProps {
  /** The server's answer (POST /api/reports/embed). */
  readonly embed: ReportEmbedAnswer;
  /** What the report shows, for its frame's accessible name ('Client Timesheet, Nov - 2026'). */
  readonly title: string;
  /** The way out when the report cannot be shown: the portal's own file (a button). */
  readonly fallback: ReactNode;
  /** Asks the server for a fresh embed shortly before the token expires; absent: no renewal. */
  readonly renewToken?: () => Promise<ReportEmbedAnswer>;
}

type ReportState = 'loading' | 'loaded' | 'failed';

/** The selection's filters in powerbi-models' types (the server sends exactly those shapes). */
function powerBiFilters(filters: readonly ReportFilter[]): models.ReportLevelFilters[] {
  return filters.map((filter) =>
    'values' in filter
      ? { ...filter, target: { ...filter.target }, values: [...filter.values] }
      : { ...filter, target: { ...filter.target }, conditions: filter.conditions.map((c) => ({ ...c })) },
  );
}

function isFatal(event?: service.ICustomEvent<unknown>): boolean {
  const level = (event?.detail as models.IError | undefined)?.level;
  return level === undefined || level >= models.TraceType.Error;
}

/**
 * A Power BI report shown with powerbi-client-react: a loading state until the report says it has
 * loaded, and when it fails or does not load in time a plain error with Try again and the way out
 * (`fallback`, the .xlsx). Filters are applied and the filter pane hidden (row-level security on
 * the token decides what may be seen; the filters only narrow it).
 */
export function ReportEmbed({ embed, title, fallback, renewToken }: ReportEmbedProps) {
  const [state, setState] = useState<ReportState>('loading');
  const [attempt, setAttempt] = useState(0);
  // The token in use: the answer's, then each renewed one (a new attempt embeds with the latest).
  const [token, setToken] = useState({ accessToken: embed.accessToken, expiresAt: embed.expiresAt });
  const report = useRef<Report | null>(null);

  const config = useMemo<models.IReportEmbedConfiguration>(
    () => ({
      type: 'report',
      id: embed.reportId,
      embedUrl: embed.embedUrl,
      accessToken: token.accessToken,
      tokenType: models.TokenType.Embed,
      filters: powerBiFilters(embed.filters),
      settings: {
        panes: { filters: { visible: false }, pageNavigation: { visible: true } },
        background: models.BackgroundType.Transparent,
      },
    }),
    // A renewed token goes to the running report (setAccessToken), not into a new embed; only a
    // new attempt embeds again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [embed, attempt],
  );

  const handlers = useMemo(
    () =>
      new Map<string, EventHandler>([
        ['loaded', () => setState('loaded')],
        ['error', (event) => isFatal(event) && setState('failed')],
      ]),
    [],
  );

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), REPORT_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state, attempt]);

  useEffect(() => {
    if (!renewToken) return;
    let cancelled = false;
    const wait = Math.min(
      MAX_TIMER_MS,
      Math.max(0, Date.parse(token.expiresAt) - RENEW_BEFORE_MS - Date.now()),
    );
    const timer = setTimeout(() => {
      renewToken()
        .then(async (fresh) => {
          if (cancelled) return;
          await report.current?.setAccessToken(fresh.accessToken);
          setToken({ accessToken: fresh.accessToken, expiresAt: fresh.expiresAt });
        })
        .catch(() => !cancelled && setState('failed'));
    }, wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [token.expiresAt, renewToken]);

  const retry = () => {
    setState('loading');
    setAttempt((n) => n + 1);
  };

  return (
    <section className="report-embed" aria-label={title}>
      {state === 'failed' ? (
        <div role="alert" className="load-state load-state--error">
          <p className="load-state__message">
            The report could not be shown. Try again, or download the .xlsx instead.
          </p>
          <div className="load-state__action">
            <Button variant="secondary" onPress={retry}>
              Try again
            </Button>
            {fallback}
          </div>
        </div>
      ) : (
        <>
          {state === 'loading' ? <LoadingSkeleton what="the report" lines={3} /> : null}
          <PowerBIEmbed
            key={attempt}
            embedConfig={config}
            eventHandlers={handlers}
            cssClassName={`report-embed__frame${state === 'loading' ? ' report-embed__frame--loading' : ''}`}
            getEmbeddedComponent={(embedded: Embed) => {
              embedded.setComponentTitle(title);
              report.current = embedded as Report;
            }}
          />
        </>
      )}
    </section>
  );
}
