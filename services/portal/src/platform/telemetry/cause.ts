import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a piece of work is part of and what directly caused it: the correlation id of the request
 * that began it all, and the id of the command or event it answers. A job enqueued while a cause
 * is held carries it in its data (`traceJobData`), and every line the job logs carries it again,
 * beside the trace ids (record 0250).
 */
export interface Cause {
  readonly correlationId: string;
  readonly causationId: string | null;
}

interface Held {
  readonly cause: Cause;
  /**
   * Whether the process's log lines take the cause from here. A request's lines already carry its
   * correlation id (LogContextInterceptor), so a command holds its cause for the jobs it enqueues
   * only; a reaction and a job, which have no request, have their lines carry it.
   */
  readonly logged: boolean;
}

const held = new AsyncLocalStorage<Held>();

/**
 * Runs `work` holding `cause`: jobs it enqueues carry it, and with `logged` so do its log lines.
 * Left out, `logged` is that of the cause held around it (a command run by a job logs as the job).
 */
export function withCause<T>(cause: Cause, work: () => T, logged?: boolean): T {
  return held.run({ cause, logged: logged ?? held.getStore()?.logged ?? false }, work);
}

/** Runs `work` holding no cause (a job enqueued with none, whatever woke the worker up). */
export function withoutCause<T>(work: () => T): T {
  return held.exit(work);
}

/** The cause held by the work running now, if any. */
export function activeCause(): Cause | undefined {
  return held.getStore()?.cause;
}

/** The fields a log line takes from the cause held now (nothing inside a request). */
export function loggedCause(): { correlationId: string; causationId?: string } | Record<string, never> {
  const store = held.getStore();
  if (!store?.logged) return {};
  const { correlationId, causationId } = store.cause;
  return causationId === null ? { correlationId } : { correlationId, causationId };
}

/** A cause read back from a job's data, or undefined when the data holds none (or a malformed one). */
export function causeFrom(value: unknown): Cause | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { correlationId, causationId } = value as Record<string, unknown>;
  if (typeof correlationId !== 'string') return undefined;
  return { correlationId, causationId: typeof causationId === 'string' ? causationId : null };
}
