import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { loadFailureMessage } from '../lib/load-failure';
import { Button } from './button';

/** What every screen's data load looks like to this component (a react-query result fits). */
export interface LoadState {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly isFetching: boolean;
  readonly error: unknown;
  readonly refetch: () => unknown;
}

export interface LoadErrorProps {
  readonly error: unknown;
  /** Plural noun phrase: 'timesheets', 'mails', 'exchange rates'. */
  readonly what: string;
  readonly onRetry: () => unknown;
  readonly isRetrying: boolean;
}

/** The error state: a plain message and Retry. */
export function LoadError({ error, what, onRetry, isRetrying }: LoadErrorProps) {
  return (
    <div role="alert" className="load-state load-state--error">
      <p className="load-state__message">{loadFailureMessage(error, what)}</p>
      <Button variant="secondary" onPress={() => void onRetry()} isPending={isRetrying}>
        Retry
      </Button>
    </div>
  );
}

/** A load's error state with Retry while it has failed (a list beside a form); nothing otherwise. */
export function QueryLoadError({ query, what }: { query: LoadState; what: string }) {
  return query.isError ? (
    <LoadError error={query.error} what={what} onRetry={query.refetch} isRetrying={query.isFetching} />
  ) : null;
}

/** The loading state: grey bars shaped like the content, announced once as 'Loading {what}…'. */
export function LoadingSkeleton({ what, lines = 4 }: { what: string; lines?: number }) {
  return (
    <div className="load-state load-state--loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading {what}…</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} aria-hidden="true" className="skeleton-line" />
      ))}
    </div>
  );
}

/** The empty state: what is (not) here and the next step. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="load-state load-state--empty">
      <p className="load-state__message">{children}</p>
      {action ? <div className="load-state__action">{action}</div> : null}
    </div>
  );
}

export interface QueryStateProps<TData> {
  readonly query: LoadState & { readonly data: TData | undefined };
  readonly what: string;
  /** True when the loaded data has nothing to show. */
  readonly isEmpty?: (data: TData) => boolean;
  /** What to show when there is nothing: the message and the next step. */
  readonly empty?: ReactNode;
  readonly skeletonLines?: number;
  readonly children: (data: TData) => ReactNode;
}

/**
 * One screen's data in its four states: loading skeleton, error with Retry, empty with the next
 * step, or the content. Data already on screen stays when a background refresh fails; the error
 * shows above it.
 */
export function QueryState<TData>({
  query,
  what,
  isEmpty,
  empty,
  skeletonLines,
  children,
}: QueryStateProps<TData>) {
  const error = query.isError ? <QueryLoadError query={query} what={what} /> : null;
  if (query.data === undefined) {
    return error ?? <LoadingSkeleton what={what} lines={skeletonLines} />;
  }
  const content = isEmpty?.(query.data) && empty !== undefined ? empty : children(query.data);
  return (
    <>
      {error}
      {content}
    </>
  );
}

/**
 * A part of a screen whose code comes in a chunk of its own, fetched when the part first renders
 * (a saved list below a form, a board below the cards), so the screen's first paint does not wait
 * for it (docs/decisions/0298-route-budgets.md). Until it arrives the part shows the loading
 * skeleton, announced as 'Loading {what}…'.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, what: string) {
  const Part = lazy(async () => ({ default: await load() }));
  function LazyPart(props: P) {
    return (
      <Suspense fallback={<LoadingSkeleton what={what} />}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}
