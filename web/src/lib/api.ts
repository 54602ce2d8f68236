import { authMessages, type BodyOf, type QueryOf, type ResponseOf, type RouteAt } from '@portal/contracts';
import { endSession, getSessionToken } from './session';

/** Shown when no answer came back (offline, timeout, server down). Spec §8 spells it 'proccessed'. */
export const REQUEST_NOT_PROCESSED = 'Your request could not be processed.';
export const SESSION_ENDED = authMessages.sessionEnded;

/** Spec §7: every call times out after 240 000 ms. */
export const REQUEST_TIMEOUT_MS = 240_000;

export interface FieldProblem {
  readonly path: string;
  readonly message: string;
}

/** A refused or failed call, with the server's message and field problems (if any). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: readonly FieldProblem[] = [],
    /** False when no answer came back or the server gave no message of its own. */
    readonly fromServer = true,
    /** A stale edit's 409 (a leave): what the server holds now, for the form to show. */
    readonly current?: unknown,
    /** A 400's structured account, when it sent one (a data import's problems by row and column). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message for one field ('items.0.hours'), if the server named it. */
  problemAt(path: string): string | undefined {
    return this.problems.find((p) => p.path === path)?.message;
  }
}

/** True when no answer came back at all (offline, a dropped connection, a timeout). */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** The message to show for any failure; `fallback` when the server said nothing useful. */
export function errorMessage(error: unknown, fallback = REQUEST_NOT_PROCESSED): string {
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  return fallback;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  readonly body?: unknown;
  readonly query?: Record<string, string | number | undefined | null>;
  /** Reuse the same key when retrying the same submission; a fresh one is made otherwise. */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
}

/**
 * Called on a 401: returns a fresh token (silent re-authentication) or null. Registered by the
 * app once it knows how people sign in (Entra or dev sign-in).
 */
let renewToken: () => Promise<string | null> = async () => null;

export function setTokenRenewal(renew: () => Promise<string | null>): void {
  renewToken = renew;
}

/** The path with the query's non-empty values after `?` (the same for JSON calls and files). */
export function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function timeoutSignal(outer: AbortSignal | undefined): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Timed out', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/**
 * The server's error body (its text, already read) as an ApiError: its message and field problems
 * when it sent them, the generic message when it is no JSON or says nothing. JSON calls, file calls
 * and the upload with progress (XMLHttpRequest) all read errors this way.
 */
export function errorFromBody(status: number, text: string): ApiError {
  let message = '';
  let problems: FieldProblem[] = [];
  let current: unknown;
  let details: unknown;
  try {
    const body = JSON.parse(text) as {
      message?: unknown;
      problems?: unknown;
      current?: unknown;
      details?: unknown;
    };
    current = body.current;
    details = body.details;
    if (typeof body.message === 'string') message = body.message;
    else if (Array.isArray(body.message)) message = body.message.join(' ');
    if (Array.isArray(body.problems)) {
      problems = body.problems.filter(
        (p): p is FieldProblem => typeof p?.path === 'string' && typeof p?.message === 'string',
      );
    }
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the generic message below.
  }
  if (!message) return new ApiError(status, REQUEST_NOT_PROCESSED, problems, false);
  return new ApiError(status, message, problems, true, current, details);
}

/** A failed fetch's answer as an ApiError (see `errorFromBody`). */
export async function readError(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body could not be read: the generic message.
  }
  return errorFromBody(response.status, text);
}

async function send(
  method: Method,
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['Idempotency-Key'] = options.idempotencyKey ?? crypto.randomUUID();

  const { signal, done } = timeoutSignal(options.signal);
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    // A query cancelled by react-query is not a failure to report.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, REQUEST_NOT_PROCESSED, [], false);
  } finally {
    done();
  }
}

/**
 * The declared route a call reaches, if `apiRequest` may call it: JSON (or nothing) in and out.
 * Files are fetched and uploads sent by lib/downloads.ts (`FileRouteAt`, `UploadRouteAt`) and
 * lib/upload-with-progress.ts.
 */
export type JsonRouteAt<M extends Method, P extends string> =
  RouteAt<M, P> extends infer R
    ? R extends
        { readonly response: { readonly kind: 'file' } } | { readonly body: { readonly multipart: string } }
      ? never
      : R
    : never;

/** A query string's values as sent (each written out as text; empty ones left out). */
export type QueryValues<Q> = [Q] extends [undefined] ? undefined : { readonly [K in keyof Q]?: Q[K] | null };

/**
 * A body as sent: the schema's input, read-only all the way down, and a field whose input takes
 * `undefined` may be left out (JSON has no `undefined`; the server reads a missing field as it).
 */
export type Sendable<T> = T extends readonly (infer Item)[]
  ? readonly Sendable<Item>[]
  : T extends object
    ? { readonly [K in keyof T as undefined extends T[K] ? K : never]?: Sendable<T[K]> } & {
        readonly [K in keyof T as undefined extends T[K] ? never : K]: Sendable<T[K]>;
      }
    : T;

/** The options of a call to route(s) `R`: its declared body (required when it takes one) and query. */
export type CallOptions<R> = Omit<RequestOptions, 'body' | 'query'> &
  (undefined extends BodyOf<R>
    ? { readonly body?: Sendable<BodyOf<R>> }
    : { readonly body: Sendable<BodyOf<R>> }) & {
    readonly query?: QueryValues<QueryOf<R>>;
  };

/**
 * The options argument: required when the route needs a body; impossible when no route is declared
 * for the method and path (the path is any text to the compiler, so that `/api/x/${id}` keeps its
 * shape; this is where an undeclared one is refused).
 */
type CallArgs<R> = [R] extends [never]
  ? [options: { readonly 'no route is declared for this method and path': never }]
  : object extends CallOptions<R>
    ? [options?: CallOptions<R>]
    : [options: CallOptions<R>];

/**
 * Calls the portal API; resolves with the JSON answer (undefined for 204). Typed from the route
 * declarations (@portal/contracts, `<context>/routes.ts`): the method and path must be a declared
 * route (`/api/timesheets/${id}` matches `/timesheets/{id}`; a `?query` in the path is ignored),
 * the body must fit the route's body schema, and the answer is the route's declared response type.
 */
export function apiRequest<M extends Method, P extends string>(
  method: M,
  path: P,
  ...[options]: CallArgs<JsonRouteAt<M, P>>
): Promise<ResponseOf<JsonRouteAt<M, P>>> {
  return request<ResponseOf<JsonRouteAt<M, P>>>(method, path, (options ?? {}) as RequestOptions);
}

async function request<T>(method: Method, path: string, options: RequestOptions): Promise<T> {
  let response = await send(method, path, options, getSessionToken());

  const isSignInCall = path.startsWith('/api/auth/');
  if (response.status === 401 && !isSignInCall) {
    const renewed = await renewToken().catch(() => null);
    if (renewed) response = await send(method, path, options, renewed);
    if (response.status === 401) {
      endSession();
      throw new ApiError(401, SESSION_ENDED, [], false);
    }
  }

  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Keeps one Idempotency-Key per submission so that pressing Save again after a failure (same
 * content) is recognised by the server as the same command and never recorded twice.
 */
export class SubmissionKeys {
  private readonly keys = new Map<string, string>();

  keyFor(payload: unknown): string {
    const fingerprint = JSON.stringify(payload);
    let key = this.keys.get(fingerprint);
    if (!key) {
      key = crypto.randomUUID();
      this.keys.set(fingerprint, key);
    }
    return key;
  }

  /** After success the same content is a new submission. */
  forget(payload: unknown): void {
    this.keys.delete(JSON.stringify(payload));
  }
}
