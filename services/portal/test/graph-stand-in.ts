import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientCredentialsAnswer } from './token-endpoint';

/**
 * A local stand-in for Microsoft Entra ID's token endpoint and Microsoft Graph's users delta query,
 * for integration and browser tests: node http on 127.0.0.1 and a random port, playing
 *
 * - `POST /{tenant}/oauth2/v2.0/token` (client credentials): checks the grant, client id, secret
 *   and scope `https://graph.microsoft.com/.default`; answers `{token_type, expires_in,
 *   access_token}` or Entra's 401 `invalid_client`;
 * - `GET /v1.0/users/delta?$select=…`: a full read of every user as they are now, `pageSize` a page,
 *   each page but the last with `@odata.nextLink` (`…/users/delta?$skiptoken=…`), the last with
 *   `@odata.deltaLink` (`…/users/delta?$deltatoken=…`); a read from a deltaLink answers only the
 *   users changed since (their selected properties, as Graph does by default) and the removed ones
 *   as `{id, '@removed': {reason: 'deleted'}}`. An unknown token answers 410 `syncStateNotFound`.
 *   The bearer must be a token it issued (else 401 InvalidAuthenticationToken).
 *
 * Failures are played on request: `fail(n, status, {retryAfterSeconds, pages})` makes the next n
 * delta requests (of `pages`: any, or only follow-up pages) answer that status. It records every
 * request for tests to assert what the adapter sent. What Graph does beyond these shapes (other
 * properties, `Prefer: return=minimal`, token lifetimes) is not played.
 */
export interface GraphUser {
  readonly id: string;
  readonly displayName: string | null;
  readonly mail: string | null;
  readonly userPrincipalName: string;
  readonly jobTitle: string | null;
  readonly department: string | null;
  readonly accountEnabled: boolean;
}

export interface GraphStandInOptions {
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Users a page (default 100). */
  readonly pageSize?: number;
  readonly users?: readonly GraphUser[];
}

export interface RecordedGraphRequest {
  readonly method: string;
  /** Path and query. */
  readonly url: string;
  readonly authorization: string | undefined;
}

export interface GraphStandIn {
  /** GRAPH_BASE_URL. */
  readonly url: string;
  /** GRAPH_TOKEN_URL. */
  readonly tokenUrl: string;
  readonly requests: RecordedGraphRequest[];
  deltaRequests(): RecordedGraphRequest[];
  add(...users: GraphUser[]): void;
  /**
   * Changes a user; `partial`: the next delta reads list only the id and the changed properties,
   * as Graph may (the whole user stays readable at `GET /v1.0/users/{id}`).
   */
  change(id: string, patch: Partial<Omit<GraphUser, 'id'>>, options?: { partial?: boolean }): void;
  remove(id: string): void;
  /** The next `times` delta requests (follow-up pages only, with `pages: 'next'`) answer `status`. */
  fail(times: number, status: number, options?: { retryAfterSeconds?: number; pages?: 'any' | 'next' }): void;
  close(): Promise<void>;
}

/** The app registration the specs use. */
export const TEST_GRAPH_APP = {
  tenantId: 'contoso-tenant',
  clientId: 'portal-directory-app',
  clientSecret: 'graph-secret-that-stays-on-the-server',
} as const;

const SCOPE = 'https://graph.microsoft.com/.default';

/** A user of the stand-in: `n` gives its id and names; `domain` its addresses. */
export function graphUser(
  n: number,
  domain = 'smartwork.example',
  extra: Partial<GraphUser> = {},
): GraphUser {
  const local = `directory.person${n}`;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    displayName: `Directory Person${n}`,
    mail: `${local}@${domain}`,
    userPrincipalName: `${local}@${domain}`,
    jobTitle: 'Consultant',
    department: 'Delivery',
    accountEnabled: true,
    ...extra,
  };
}

/** The portal's GRAPH_* variables for the stand-in, with no scheduled run (tests run it). */
export function graphEnvFor(standIn: GraphStandIn): Record<string, string> {
  return {
    GRAPH_TENANT_ID: TEST_GRAPH_APP.tenantId,
    GRAPH_CLIENT_ID: TEST_GRAPH_APP.clientId,
    GRAPH_CLIENT_SECRET: TEST_GRAPH_APP.clientSecret,
    GRAPH_BASE_URL: standIn.url,
    GRAPH_TOKEN_URL: standIn.tokenUrl,
    DIRECTORY_SYNC_CRON: 'off',
  };
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

interface Read {
  readonly items: readonly object[];
  readonly offset: number;
  /** The change count the read ends at (its deltaLink's). */
  readonly version: number;
}

export async function startGraphStandIn(options: GraphStandInOptions): Promise<GraphStandIn> {
  const pageSize = options.pageSize ?? 100;
  const users = new Map<string, GraphUser>((options.users ?? []).map((u) => [u.id, u]));
  /** Every change in order: which user, at which version (1, 2, …). */
  const changes: { id: string; version: number }[] = [];
  let version = 0;
  const reads = new Map<string, Read>();
  const deltaTokens = new Map<string, number>();
  const issued = new Set<string>();
  const requests: RecordedGraphRequest[] = [];
  const failures: { status: number; retryAfterSeconds?: number; pages: 'any' | 'next' }[] = [];
  let url = '';

  /** Users whose latest change delta reads list partially: the properties changed. */
  const partials = new Map<string, string[]>();
  const touch = (id: string) => changes.push({ id, version: ++version });
  const asDeltaItem = (id: string): object => {
    const user = users.get(id);
    if (!user) return { id, '@removed': { reason: 'deleted' } };
    const keys = partials.get(id);
    return keys
      ? Object.fromEntries(Object.entries(user).filter(([key]) => key === 'id' || keys.includes(key)))
      : user;
  };

  const tokenEndpoint = (form: URLSearchParams, response: ServerResponse) => {
    const { clientId, clientSecret } = options;
    const expected = { clientId, clientSecret, scope: SCOPE, prefix: 'graph' };
    const answer = clientCredentialsAnswer(Object.fromEntries(form), expected, issued);
    return send(response, answer.status, answer.body);
  };

  /** The page of a read at `offset`: a nextLink while more follow, else the read's deltaLink. */
  const page = (read: Read, response: ServerResponse) => {
    const value = read.items.slice(read.offset, read.offset + pageSize);
    const after = read.offset + value.length;
    if (after < read.items.length) {
      const skip = randomUUID();
      reads.set(skip, { ...read, offset: after });
      return send(response, 200, {
        '@odata.context': `${url}/v1.0/$metadata#users`,
        '@odata.nextLink': `${url}/v1.0/users/delta?$skiptoken=${skip}`,
        value,
      });
    }
    const delta = randomUUID();
    deltaTokens.set(delta, read.version);
    return send(response, 200, {
      '@odata.context': `${url}/v1.0/$metadata#users`,
      '@odata.deltaLink': `${url}/v1.0/users/delta?$deltatoken=${delta}`,
      value,
    });
  };

  const delta = (query: URLSearchParams, response: ServerResponse) => {
    const skip = query.get('$skiptoken');
    const failure = failures[0];
    if (failure && (failure.pages === 'any' || skip !== null)) {
      failures.shift();
      const headers: Record<string, string> =
        failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) };
      return send(
        response,
        failure.status,
        { error: { code: 'standInFailure', message: 'played' } },
        headers,
      );
    }
    if (skip !== null) {
      const read = reads.get(skip);
      return read ? page(read, response) : send(response, 410, { error: { code: 'syncStateNotFound' } });
    }
    const token = query.get('$deltatoken');
    if (token !== null) {
      const since = deltaTokens.get(token);
      if (since === undefined) return send(response, 410, { error: { code: 'syncStateNotFound' } });
      const ids = [...new Set(changes.filter((c) => c.version > since).map((c) => c.id))];
      const items = ids.map(asDeltaItem);
      return page({ items, offset: 0, version }, response);
    }
    if (query.get('$select') === null) return send(response, 400, { error: { code: 'BadRequest' } });
    return page({ items: [...users.values()], offset: 0, version }, response);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
      });
      const target = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'POST' && target.pathname === `/${options.tenantId}/oauth2/v2.0/token`)
        return tokenEndpoint(new URLSearchParams(body), response);
      const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!issued.has(bearer))
        return send(response, 401, {
          error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' },
        });
      if (request.method === 'GET' && target.pathname === '/v1.0/users/delta')
        return delta(target.searchParams, response);
      const one = /^\/v1\.0\/users\/([^/]+)$/.exec(target.pathname);
      if (request.method === 'GET' && one) {
        const user = users.get(decodeURIComponent(one[1]!));
        return user
          ? send(response, 200, user)
          : send(response, 404, { error: { code: 'Request_ResourceNotFound' } });
      }
      return send(response, 404, { error: { code: 'Request_ResourceNotFound' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    tokenUrl: `${url}/${options.tenantId}/oauth2/v2.0/token`,
    requests,
    deltaRequests: () => requests.filter((r) => r.url.startsWith('/v1.0/users/delta')),
    add(...added) {
      for (const user of added) {
        users.set(user.id, user);
        partials.delete(user.id);
        touch(user.id);
      }
    },
    change(id, patch, changeOptions = {}) {
      const user = users.get(id);
      if (!user) throw new Error(`the stand-in has no user ${id}`);
      users.set(id, { ...user, ...patch });
      if (changeOptions.partial) partials.set(id, Object.keys(patch));
      else partials.delete(id);
      touch(id);
    },
    remove(id) {
      users.delete(id);
      partials.delete(id);
      touch(id);
    },
    fail(times, status, failure = {}) {
      for (let i = 0; i < times; i++) failures.push({ status, pages: 'any', ...failure });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
