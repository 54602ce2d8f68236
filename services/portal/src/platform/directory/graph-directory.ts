import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock/clock';
import type { GraphConfig } from '../config/graph-config';
import { clientCredentialsClient, type ClientCredentialsToken } from '../upstream/client-credentials-token';
import { shorten, type FetchFunction, type UpstreamHttp } from '../upstream/upstream-http';
import {
  Directory,
  DirectoryBookmarkExpired,
  DirectoryUnavailable,
  type DirectoryPage,
  type DirectoryUser,
} from './directory.port';

/** Graph's resource, asked for with the client-credentials grant. */
export const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
/** The properties read of each user (the delta query's $select). */
export const GRAPH_USER_FIELDS = [
  'displayName',
  'mail',
  'userPrincipalName',
  'jobTitle',
  'department',
  'accountEnabled',
] as const;
export const GRAPH_USERS_DELTA_PATH = `/v1.0/users/delta?$select=${GRAPH_USER_FIELDS.join(',')}`;

export interface GraphRetryLimits {
  /** Tries of one page, the first included, over throttling, 5xx and no answer (default 5). */
  readonly attempts: number;
  /** Wait before the second try after a 5xx or no answer; doubles per try (default 1,000 ms). */
  readonly backoffMs: number;
  /** The longest a 429's Retry-After is waited (default 60 s); a longer one is cut to this. */
  readonly maxRetryAfterMs: number;
}

export interface GraphDirectoryOptions {
  readonly config: GraphConfig;
  readonly clock: Clock;
  /** Tests pass a recording fetch; default: the global one. */
  readonly fetch?: FetchFunction;
  /** Per request (default 30 s). */
  readonly timeoutMs?: number;
  readonly retry?: Partial<GraphRetryLimits>;
}

const DEFAULT_RETRY: GraphRetryLimits = { attempts: 5, backoffMs: 1000, maxRetryAfterMs: 60_000 };

/**
 * Microsoft Graph's users delta query with the app's own token (client credentials):
 *
 * - the token: `POST {GRAPH_TOKEN_URL}` (grant_type=client_credentials, scope
 *   `https://graph.microsoft.com/.default`), kept until 5 minutes before it expires; a 401 from
 *   Graph drops it and tries once more with a fresh one;
 * - `GET {GRAPH_BASE_URL}/v1.0/users/delta?$select=…` starts a full read; `@odata.nextLink` pages
 *   follow, and the last page's `@odata.deltaLink` starts the next read of changes only. A link
 *   outside GRAPH_BASE_URL's origin is refused (the bearer token goes nowhere else);
 * - 429: waits the Retry-After (seconds or a date; at most `maxRetryAfterMs`), then tries again;
 *   a 5xx or no answer: tries again after 1 s, 2 s, 4 s…; either way at most `attempts` tries of a
 *   page, then DirectoryUnavailable. 410 Gone (the bookmark is too old): DirectoryBookmarkExpired.
 *   Any other failure: DirectoryUnavailable, with the upstream status and text for the log only.
 */
export class GraphDirectory extends Directory {
  readonly configured = true;
  private readonly http: UpstreamHttp;
  private readonly token: ClientCredentialsToken;
  private readonly retry: GraphRetryLimits;
  private readonly origin: string;

  constructor(private readonly options: GraphDirectoryOptions) {
    super();
    const { tokenUrl, clientId, clientSecret, baseUrl } = options.config;
    ({ http: this.http, token: this.token } = clientCredentialsClient({
      what: 'Graph token',
      tokenUrl,
      clientId,
      clientSecret,
      scope: GRAPH_SCOPE,
      clock: options.clock,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? 30_000,
      unavailable: (message) => new DirectoryUnavailable(message),
    }));
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.origin = new URL(baseUrl).origin;
  }

  async readPage(link: string | null): Promise<DirectoryPage> {
    const url = link ?? `${this.options.config.baseUrl}${GRAPH_USERS_DELTA_PATH}`;
    if (!URL.canParse(url) || new URL(url).origin !== this.origin)
      throw new DirectoryUnavailable(`Graph gave a link outside ${this.origin}: ${shorten(url)}`);
    return pageOf((await this.get(url))!);
  }

  /** `GET /v1.0/users/{id}` with the same properties as the delta read; null when Graph has no such user (404). */
  async readUser(id: string): Promise<DirectoryUser | null> {
    const url = `${this.options.config.baseUrl}/v1.0/users/${encodeURIComponent(id)}?$select=${GRAPH_USER_FIELDS.join(',')}`;
    const answer = await this.get(url, { missing: true });
    return answer === null ? null : userOf(answer);
  }

  /** One GET with the retries above; the answer's JSON object (null for a 404 when `missing` may be). */
  private async get(
    url: string,
    options: { missing?: boolean } = {},
  ): Promise<Record<string, unknown> | null> {
    const what = `Graph GET ${new URL(url).pathname}`;
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const token = await this.token.value();
      let response: Response;
      try {
        response = await this.http.send(what, url, {
          method: 'GET',
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        });
      } catch (error) {
        if (attempt >= this.retry.attempts) throw error;
        await sleep(this.backoff(attempt));
        continue;
      }
      if (response.status === 401 && !refreshed) {
        await response.body?.cancel();
        this.token.forget(token);
        refreshed = true;
        attempt -= 1;
        continue;
      }
      if (response.status === 404 && options.missing) {
        await response.body?.cancel();
        return null;
      }
      if (response.status === 410) {
        const text = await response.text().catch(() => '');
        throw new DirectoryBookmarkExpired(`${what} answered 410: ${shorten(text)}`);
      }
      const again = response.status === 429 || response.status >= 500;
      if (again && attempt < this.retry.attempts) {
        const wait = response.status === 429 ? this.retryAfter(response) : this.backoff(attempt);
        await response.body?.cancel();
        await sleep(wait);
        continue;
      }
      return this.http.readJson(what, response);
    }
  }

  private backoff(attempt: number): number {
    return this.retry.backoffMs * 2 ** (attempt - 1);
  }

  /** A 429's Retry-After in ms (whole seconds or an HTTP date), bounded; absent: one backoff. */
  private retryAfter(response: Response): number {
    const header = response.headers.get('retry-after')?.trim() ?? '';
    const seconds = /^\d+$/.test(header)
      ? Number(header) * 1000
      : Date.parse(header) - this.options.clock.now().getTime();
    const wait = Number.isFinite(seconds) ? seconds : this.retry.backoffMs;
    return Math.min(Math.max(wait, 0), this.retry.maxRetryAfterMs);
  }
}

/** Graph's page: `value` (users, or `{id, '@removed'}`), then `@odata.nextLink` or `@odata.deltaLink`. */
function pageOf(answer: Record<string, unknown>): DirectoryPage {
  const value = answer.value;
  if (!Array.isArray(value)) throw new DirectoryUnavailable('Graph answered a page without a value list');
  const nextLink = linkOf(answer, '@odata.nextLink');
  const deltaLink = linkOf(answer, '@odata.deltaLink');
  if ((nextLink === null) === (deltaLink === null))
    throw new DirectoryUnavailable('Graph answered a page with neither (or both) a nextLink and a deltaLink');
  return { users: value.map(userOf), nextLink, deltaLink };
}

function linkOf(answer: Record<string, unknown>, name: string): string | null {
  const link = answer[name];
  return typeof link === 'string' && link !== '' ? link : null;
}

function userOf(item: unknown): DirectoryUser {
  const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  if (typeof entry.id !== 'string' || entry.id === '')
    throw new DirectoryUnavailable('Graph answered a user without an id');
  if ('@removed' in entry) return { id: entry.id, removed: true };
  const user: Record<string, unknown> = { id: entry.id, removed: false };
  for (const field of GRAPH_USER_FIELDS) {
    if (!(field in entry)) continue;
    const value = entry[field];
    const type = field === 'accountEnabled' ? 'boolean' : 'string';
    if (value !== null && typeof value !== type)
      throw new DirectoryUnavailable(`Graph answered a user whose ${field} is not a ${type}`);
    user[field] = value;
  }
  return user as unknown as DirectoryUser;
}
