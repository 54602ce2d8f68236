import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientCredentialsAnswer } from './token-endpoint';

/**
 * A local stand-in for Azure AD and the Power BI REST API, for integration tests: node http on
 * 127.0.0.1 and a random port, playing
 *
 * - `POST /{tenant}/oauth2/v2.0/token` (client credentials): checks the grant, client id, secret
 *   and scope it was made with; answers `{token_type, expires_in, access_token}` or AAD's 401;
 * - `GET /v1.0/myorg/groups/{workspace}/reports/{report}`: the report's `embedUrl` and `datasetId`
 *   (404 PowerBIEntityNotFound for another workspace or report);
 * - `POST .../reports/{report}/GenerateToken`: checks the bearer is an AAD token it issued and the
 *   body is a View request with one identity on the report's dataset; answers
 *   `{token, tokenId, expiration}` with a token naming the report and the identity's username.
 *
 * It records every request (path, authorization, form or JSON body) for tests to assert what the
 * adapter sent. It plays the documented shapes only: what the real services do beyond them
 * (row-level security itself, token lifetimes, throttling) is not simulated.
 */
export interface PowerBiDoubleOptions {
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly workspaceId: string;
  /** Report id -> its dataset id. */
  readonly reports: Readonly<Record<string, string>>;
  /** The `expiration` every embed token carries. */
  readonly expiration: string;
  /** AAD token lifetime in seconds (default 3599). */
  readonly tokenSeconds?: number;
}

/** The app the specs register with the double's tenant. */
export const TEST_POWER_BI_APP = { tenantId: 'contoso-tenant', clientId: 'portal-app' } as const;
/** The workspace and the dataset of the specs' reports. */
export const TEST_POWER_BI_WORKSPACE = 'f089354e-8366-4e18-aea3-4cb4a3a50b48';
export const TEST_POWER_BI_DATASET = 'cfafbeb1-8037-4d0c-896e-a46fb27ff229';
/** The four Download Timesheet reports, as `powerBiEnvFor` names them to the portal. */
export const TEST_TIMESHEET_REPORTS = {
  client: '11111111-1111-4111-8111-111111111111',
  internal: '22222222-2222-4222-8222-222222222222',
  otMonthly: '33333333-3333-4333-8333-333333333333',
  otBiweekly: '44444444-4444-4444-8444-444444444444',
} as const;

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  /** The form fields (token endpoint) or the parsed JSON body (API); null when empty. */
  readonly body: Record<string, unknown> | null;
}

export interface PowerBiDouble {
  /** Base URL: POWERBI_AUTHORITY_URL and POWERBI_API_URL alike. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  tokenRequests(): RecordedRequest[];
  generateTokenRequests(): RecordedRequest[];
  /** The next request whose path contains `match` answers `status` with `body` (raw text). */
  failNext(match: string, status: number, body: string): void;
  /** Every AAD token issued so far stops being accepted (as after a key rollover). */
  revokeTokens(): void;
  /** The client secret the token endpoint accepts from now on. */
  acceptSecret(secret: string): void;
  close(): Promise<void>;
}

const SCOPE = 'https://analysis.windows.net/powerbi/api/.default';

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json' }).end(text);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(request: IncomingMessage, text: string): Record<string, unknown> | null {
  if (text === '') return null;
  if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { unparsed: text };
  }
}

export async function startPowerBiDouble(options: PowerBiDoubleOptions): Promise<PowerBiDouble> {
  const requests: RecordedRequest[] = [];
  const failures: { match: string; status: number; body: string }[] = [];
  let issued = new Set<string>();
  let secret = options.clientSecret;
  let url = '';

  const tokenEndpoint = (body: Record<string, unknown> | null, response: ServerResponse) => {
    const { clientId, tokenSeconds } = options;
    const answer = clientCredentialsAnswer(
      body,
      { clientId, clientSecret: secret, scope: SCOPE, tokenSeconds, prefix: 'aad' },
      issued,
    );
    return send(response, answer.status, answer.body);
  };

  const api = (
    method: string,
    path: string,
    authorization: string | undefined,
    body: Record<string, unknown> | null,
    response: ServerResponse,
  ) => {
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (!issued.has(bearer)) {
      return send(response, 401, { error: { code: 'TokenExpired', message: 'Access token has expired' } });
    }
    const match = /^\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)(\/GenerateToken)?$/.exec(path);
    const dataset = match ? options.reports[match[2]] : undefined;
    if (!match || match[1] !== options.workspaceId || dataset === undefined) {
      return send(response, 404, { error: { code: 'PowerBIEntityNotFound' } });
    }
    const [, workspace, report, generate] = match;
    if (!generate && method === 'GET') {
      return send(response, 200, {
        id: report,
        name: `Report ${report}`,
        datasetId: dataset,
        webUrl: `https://app.powerbi.com/groups/${workspace}/reports/${report}`,
        embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${report}&groupId=${workspace}`,
      });
    }
    const identities = body?.identities as { username?: unknown; datasets?: unknown }[] | undefined;
    const identity = identities?.[0];
    if (
      method !== 'POST' ||
      body?.accessLevel !== 'View' ||
      identities?.length !== 1 ||
      typeof identity?.username !== 'string' ||
      !Array.isArray(identity.datasets) ||
      !identity.datasets.includes(dataset)
    ) {
      return send(response, 400, { error: { code: 'InvalidRequest', message: 'bad GenerateToken body' } });
    }
    return send(response, 200, {
      token: `embed:${report}:${identity.username}`,
      tokenId: randomUUID(),
      expiration: options.expiration,
    });
  };

  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const path = new URL(request.url ?? '/', 'http://double').pathname;
      const body = parseBody(request, text);
      const authorization = request.headers.authorization;
      requests.push({ method: request.method ?? 'GET', path, authorization, body });
      const failure = failures.findIndex((f) => path.includes(f.match));
      if (failure >= 0) {
        const { status, body: text } = failures.splice(failure, 1)[0];
        return send(response, status, text);
      }
      if (request.method === 'POST' && path === `/${options.tenantId}/oauth2/v2.0/token`) {
        return tokenEndpoint(body, response);
      }
      return api(request.method ?? 'GET', path, authorization, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    tokenRequests: () => requests.filter((r) => r.path.endsWith('/oauth2/v2.0/token')),
    generateTokenRequests: () => requests.filter((r) => r.path.endsWith('/GenerateToken')),
    failNext: (match, status, body) => failures.push({ match, status, body }),
    revokeTokens: () => {
      issued = new Set();
    },
    acceptSecret: (next) => {
      secret = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The portal's POWERBI_* variables pointing at the double. */
export function powerBiEnvFor(
  double: Pick<PowerBiDouble, 'url'>,
  options: PowerBiDoubleOptions,
  reportIds: {
    client: string;
    internal: string;
    otMonthly: string;
    otBiweekly: string;
  },
  rlsRoles = '',
): Record<string, string> {
  return {
    POWERBI_TENANT_ID: options.tenantId,
    POWERBI_CLIENT_ID: options.clientId,
    POWERBI_CLIENT_SECRET: options.clientSecret,
    POWERBI_WORKSPACE_ID: options.workspaceId,
    POWERBI_REPORT_CLIENT_TIMESHEET: reportIds.client,
    POWERBI_REPORT_INTERNAL_TIMESHEET: reportIds.internal,
    POWERBI_REPORT_OT_MONTHLY: reportIds.otMonthly,
    POWERBI_REPORT_OT_BIWEEKLY: reportIds.otBiweekly,
    POWERBI_RLS_ROLES: rlsRoles,
    POWERBI_AUTHORITY_URL: double.url,
    POWERBI_API_URL: double.url,
  };
}
