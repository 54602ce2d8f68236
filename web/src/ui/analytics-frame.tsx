import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnalyticsPage, ReportEmbed as ReportEmbedAnswer } from '@portal/contracts';
import { apiRequest } from '../lib/api';
import { Button } from './button';
import { LoadingSkeleton } from './query-state';

// powerbi-client-react is its own chunk, loaded only when a page has a report configured.
const ReportEmbed = lazy(() => import('./report-embed').then((m) => ({ default: m.ReportEmbed })));

export interface AnalyticsFrameProps {
  /** Which of the six report pages (its Power BI report, when configured, is looked up by it). */
  readonly page: AnalyticsPage;
  /** The page's heading ('ERP Time'). */
  readonly title: string;
  /** The portal's built-in view, shown when no report is configured for the page. */
  readonly children: ReactNode;
}

const embedPath = (page: AnalyticsPage) => `/api/admin/analytics/${page}/embed` as const;

/**
 * One analytics page (admin spec §2): asks the server whether Power BI is configured for it
 * (`GET /api/admin/analytics/{page}/embed`; the server fetches the embed token, the secret never
 * comes here) and shows the report, else the built-in view. When the report cannot be shown (the
 * server's 503, or the report failing to load) the built-in view is the way out.
 */
export function AnalyticsFrame({ page, title, children }: AnalyticsFrameProps) {
  const [builtIn, setBuiltIn] = useState(false);
  const embed = useQuery({
    queryKey: ['admin', 'analytics', 'embed', page],
    queryFn: ({ signal }) => apiRequest('GET', embedPath(page), { signal }),
    // An embed token is for now: never reused from the cache.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const renewToken = useCallback(async (): Promise<ReportEmbedAnswer> => {
    const fresh = await apiRequest('GET', embedPath(page));
    if (!fresh.powerBi) throw new Error('Power BI is no longer configured');
    return fresh.embed;
  }, [page]);

  let content: ReactNode;
  if (embed.isPending) content = <LoadingSkeleton what="the report" lines={3} />;
  else if (builtIn || embed.isError || !embed.data.powerBi) {
    content = (
      <>
        {embed.isError ? (
          <p role="status" className="page__lead">
            The Power BI report cannot be shown right now; these are the portal’s own figures.
          </p>
        ) : null}
        {children}
      </>
    );
  } else {
    content = (
      <Suspense fallback={<LoadingSkeleton what="the report" lines={3} />}>
        <ReportEmbed
          embed={embed.data.embed}
          title={title}
          renewToken={renewToken}
          fallback={
            <Button variant="secondary" onPress={() => setBuiltIn(true)}>
              Show the portal’s figures
            </Button>
          }
        />
      </Suspense>
    );
  }
  return (
    <div className="page analytics-page">
      <header className="page__header">
        <h1>{title}</h1>
      </header>
      {content}
    </div>
  );
}
