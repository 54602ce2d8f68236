// Fixed dates: token lifetimes measured from the file's own instant (NOW).
import { FixedClock } from '../clock/clock';
import type { PowerBiConfig } from '../config/power-bi-config';
import { PowerBiReportEmbedding, POWER_BI_SCOPE, type FetchFunction } from './power-bi-report-embedding';
import { ReportEmbeddingUnavailable } from './report-embedding.port';

const WORKSPACE = 'f089354e-8366-4e18-aea3-4cb4a3a50b48';
const REPORT = '5b218778-e7a5-4d73-8187-f10824047715';
const DATASET = 'cfafbeb1-8037-4d0c-896e-a46fb27ff229';
const NOW = new Date('2026-11-23T10:00:00.000Z');

const config = (overrides: Partial<PowerBiConfig> = {}): PowerBiConfig => ({
  tenantId: 'contoso-tenant',
  clientId: 'portal-app',
  clientSecret: 's3cret/with+chars&=',
  workspaceId: WORKSPACE,
  reportIds: {
    'Client Timesheet': REPORT,
    'Internal Timesheet (Non-billable)': REPORT,
    'OT Timesheet - Monthly': REPORT,
    'OT Timesheet - Biweekly': REPORT,
  },
  analyticsReportIds: {},
  rlsRoles: ['Employee'],
  filterTable: 'Timesheets',
  authorityUrl: 'https://login.example',
  apiUrl: 'https://api.example',
  ...overrides,
});

interface Sent {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

const json = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * A recording fetch playing Azure AD and Power BI: AAD tokens 'aad-1', 'aad-2', ... living
 * `tokenSeconds`; the report lookup; GenerateToken answering the identity's username in its token.
 * `answer` overrides the answer of a path (by a substring of the URL) once.
 */
function fakeUpstream(tokenSeconds: number | string = 3599) {
  const sent: Sent[] = [];
  const overrides: { match: string; response: () => Response }[] = [];
  let issued = 0;
  const fetch: FetchFunction = async (url, init) => {
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? init.body : undefined;
    sent.push({ method: init.method ?? 'GET', url, headers, body });
    const override = overrides.findIndex((o) => url.includes(o.match));
    if (override >= 0) return overrides.splice(override, 1)[0].response();
    if (url.endsWith('/oauth2/v2.0/token')) {
      issued += 1;
      return json(200, { token_type: 'Bearer', expires_in: tokenSeconds, access_token: `aad-${issued}` });
    }
    if (url.endsWith('/GenerateToken')) {
      const request = JSON.parse(body ?? '{}') as { identities: { username: string }[] };
      return json(200, {
        token: `embed-for-${request.identities[0].username}`,
        tokenId: '49ae3742-54c0-4c29-af52-619ff93b5c80',
        expiration: '2026-11-23T11:00:00Z',
      });
    }
    return json(200, {
      id: REPORT,
      name: 'Client Timesheet',
      datasetId: DATASET,
      webUrl: `https://app.powerbi.com/groups/${WORKSPACE}/reports/${REPORT}`,
      embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${REPORT}&groupId=${WORKSPACE}`,
    });
  };
  return {
    fetch,
    sent,
    answerOnce: (match: string, response: () => Response) => overrides.push({ match, response }),
    tokenRequests: () => sent.filter((s) => s.url.endsWith('/oauth2/v2.0/token')),
    apiRequests: () => sent.filter((s) => s.url.startsWith('https://api.example')),
  };
}

describe('PowerBiReportEmbedding', () => {
  const setUp = (tokenSeconds?: number | string, overrides?: Partial<PowerBiConfig>) => {
    const upstream = fakeUpstream(tokenSeconds);
    const clock = new FixedClock(NOW);
    const embedding = new PowerBiReportEmbedding({ config: config(overrides), clock, fetch: upstream.fetch });
    return { upstream, clock, embedding };
  };

  it('asks Azure AD for an app-only token with the client credentials, form-encoded', async () => {
    const { upstream, embedding } = setUp();
    await embedding.embedReport(REPORT, { username: 'carlos@smartwork.example' });
    const [token] = upstream.tokenRequests();
    expect(token.method).toBe('POST');
    expect(token.url).toBe('https://login.example/contoso-tenant/oauth2/v2.0/token');
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'portal-app',
      client_secret: 's3cret/with+chars&=',
      scope: POWER_BI_SCOPE,
    });
  });

  it('looks the report up, then asks GenerateToken for a View token as the person, with the RLS roles and dataset', async () => {
    const { upstream, embedding } = setUp();
    const embed = await embedding.embedReport(REPORT, { username: 'carlos@smartwork.example' });
    const [lookup, generate] = upstream.apiRequests();
    const reportUrl = `https://api.example/v1.0/myorg/groups/${WORKSPACE}/reports/${REPORT}`;
    expect(lookup).toMatchObject({ method: 'GET', url: reportUrl, body: undefined });
    expect(lookup.headers.authorization).toBe('Bearer aad-1');
    expect(generate.method).toBe('POST');
    expect(generate.url).toBe(`${reportUrl}/GenerateToken`);
    expect(generate.headers.authorization).toBe('Bearer aad-1');
    expect(generate.headers['content-type']).toBe('application/json');
    expect(JSON.parse(generate.body!)).toEqual({
      accessLevel: 'View',
      identities: [{ username: 'carlos@smartwork.example', roles: ['Employee'], datasets: [DATASET] }],
    });
    expect(embed).toEqual({
      reportId: REPORT,
      embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${REPORT}&groupId=${WORKSPACE}`,
      accessToken: 'embed-for-carlos@smartwork.example',
      expiresAt: new Date('2026-11-23T11:00:00Z'),
    });
  });

  it('sends no roles when none are configured', async () => {
    const { upstream, embedding } = setUp(3599, { rlsRoles: [] });
    await embedding.embedReport(REPORT, { username: 'dana@smartwork.example' });
    const generate = upstream.apiRequests()[1];
    expect(JSON.parse(generate.body!).identities).toEqual([
      { username: 'dana@smartwork.example', datasets: [DATASET] },
    ]);
  });

  it('keeps the AAD token until five minutes before it expires, then asks again', async () => {
    const { upstream, clock, embedding } = setUp(3600);
    await embedding.embedReport(REPORT, { username: 'a@smartwork.example' });
    clock.set(new Date(NOW.getTime() + 54 * 60_000 + 59_000)); // 54:59 later: 5 min 1 s left
    await embedding.embedReport(REPORT, { username: 'b@smartwork.example' });
    expect(upstream.tokenRequests()).toHaveLength(1);
    clock.set(new Date(NOW.getTime() + 55 * 60_000)); // 5 min left: renewed
    await embedding.embedReport(REPORT, { username: 'c@smartwork.example' });
    expect(upstream.tokenRequests()).toHaveLength(2);
    const generates = upstream.apiRequests().filter((r) => r.url.endsWith('/GenerateToken'));
    expect(generates.map((r) => r.headers.authorization)).toEqual([
      'Bearer aad-1',
      'Bearer aad-1',
      'Bearer aad-2',
    ]);
  });

  it('reads expires_in sent as a string (the v1.0 endpoint)', async () => {
    const { upstream, clock, embedding } = setUp('3600');
    await embedding.accessToken();
    clock.set(new Date(NOW.getTime() + 30 * 60_000));
    await embedding.accessToken();
    expect(upstream.tokenRequests()).toHaveLength(1);
  });

  it('shares one token request among concurrent callers', async () => {
    const { upstream, embedding } = setUp();
    const tokens = await Promise.all([
      embedding.accessToken(),
      embedding.accessToken(),
      embedding.accessToken(),
    ]);
    expect(tokens).toEqual(['aad-1', 'aad-1', 'aad-1']);
    expect(upstream.tokenRequests()).toHaveLength(1);
  });

  it('keeps the report lookup for 15 minutes', async () => {
    const { upstream, clock, embedding } = setUp();
    await embedding.embedReport(REPORT, { username: 'a@smartwork.example' });
    clock.set(new Date(NOW.getTime() + 14 * 60_000));
    await embedding.embedReport(REPORT, { username: 'b@smartwork.example' });
    clock.set(new Date(NOW.getTime() + 15 * 60_000));
    await embedding.embedReport(REPORT, { username: 'c@smartwork.example' });
    expect(upstream.apiRequests().filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('after a 401 from Power BI drops the cached token and tries once more with a fresh one', async () => {
    const { upstream, embedding } = setUp();
    await embedding.accessToken();
    upstream.answerOnce('/GenerateToken', () => json(401, { error: { code: 'TokenExpired' } }));
    const embed = await embedding.embedReport(REPORT, { username: 'a@smartwork.example' });
    expect(embed.accessToken).toBe('embed-for-a@smartwork.example');
    const generates = upstream.apiRequests().filter((r) => r.url.endsWith('/GenerateToken'));
    expect(generates.map((r) => r.headers.authorization)).toEqual(['Bearer aad-1', 'Bearer aad-2']);
  });

  it('a second 401 is a failure, not a loop', async () => {
    const { upstream, embedding } = setUp();
    upstream.answerOnce('/GenerateToken', () => json(401, 'no'));
    upstream.answerOnce('/GenerateToken', () => json(401, 'still no'));
    await expect(embedding.embedReport(REPORT, { username: 'a@smartwork.example' })).rejects.toThrow(
      /GenerateToken answered 401: still no/,
    );
    expect(upstream.apiRequests().filter((r) => r.url.endsWith('/GenerateToken'))).toHaveLength(2);
  });

  it.each([
    [
      'Azure AD refusing the credentials',
      '/oauth2/',
      () =>
        json(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret.' }),
      /Azure AD token answered 401: .*AADSTS7000215/,
    ],
    [
      'an AAD answer without a token',
      '/oauth2/',
      () => json(200, { token_type: 'Bearer' }),
      /no access_token/,
    ],
    [
      'an unknown report',
      `/reports/${REPORT}`,
      () => json(404, { error: { code: 'PowerBIEntityNotFound' } }),
      /answered 404: .*PowerBIEntityNotFound/,
    ],
    [
      'an embed URL outside app.powerbi.com',
      `/reports/${REPORT}`,
      () => json(200, { datasetId: DATASET, embedUrl: 'https://evil.example/reportEmbed' }),
      /embedUrl outside https:\/\/app\.powerbi\.com/,
    ],
    [
      'GenerateToken failing',
      '/GenerateToken',
      () => json(500, 'Internal error'),
      /answered 500: Internal error/,
    ],
    [
      'GenerateToken without a token',
      '/GenerateToken',
      () => json(200, { tokenId: 'x' }),
      /no token or expiration/,
    ],
    ['an answer that is not JSON', '/GenerateToken', () => json(200, '<html>'), /other than a JSON object/],
  ])(
    '%s is ReportEmbeddingUnavailable, with the detail for the log',
    async (_what, match, response, detail) => {
      const { upstream, embedding } = setUp();
      upstream.answerOnce(match, response);
      const failure = embedding.embedReport(REPORT, { username: 'a@smartwork.example' });
      await expect(failure).rejects.toBeInstanceOf(ReportEmbeddingUnavailable);
      await expect(embedding.embedReport(REPORT, { username: 'a@smartwork.example' })).resolves.toBeDefined();
      await expect(failure).rejects.toThrow(detail);
    },
  );

  it('a network failure names the cause, never the secret', async () => {
    const clock = new FixedClock(NOW);
    const embedding = new PowerBiReportEmbedding({
      config: config(),
      clock,
      fetch: () =>
        Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })),
    });
    const failure = embedding.embedReport(REPORT, { username: 'a@smartwork.example' });
    await expect(failure).rejects.toThrow('Azure AD token failed: fetch failed (ECONNREFUSED)');
    await expect(failure).rejects.not.toThrow(/s3cret/);
  });
});
