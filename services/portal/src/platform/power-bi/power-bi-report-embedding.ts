import type { Clock } from '../clock/clock';
import type { PowerBiConfig } from '../config/power-bi-config';
import { describeError, errorField } from '../http/describe-error';
import {
  ReportEmbedding,
  ReportEmbeddingUnavailable,
  type EmbedIdentity,
  type EmbeddedReport,
} from './report-embedding.port';

/** The only origin the embedded report's frame may come from (the page's CSP allows just this). */
export const POWER_BI_FRAME_ORIGIN = 'https://app.powerbi.com';
/** The Power BI REST API's resource, asked for with the client-credentials grant. */
export const POWER_BI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** An AAD token is renewed this long before it expires (requests in flight must not outlive it). */
export const AAD_TOKEN_RENEW_MARGIN_MS = 5 * 60_000;
/** A report's embed URL and dataset are looked up again after this long. */
export const REPORT_LOOKUP_TTL_MS = 15 * 60_000;
/** Upstream text kept in a log line. */
const MAX_LOGGED_TEXT = 500;

export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

export interface PowerBiReportEmbeddingOptions {
  readonly config: PowerBiConfig;
  readonly clock: Clock;
  /** Tests pass a recording fetch; default: the global one. */
  readonly fetch?: FetchFunction;
  /** Per upstream request (default 10 s). */
  readonly timeoutMs?: number;
}

interface CachedToken {
  readonly value: string;
  readonly expiresAt: number;
}

interface ReportFacts {
  readonly embedUrl: string;
  readonly datasetId: string;
  readonly lookedUpAt: number;
}

/**
 * Power BI embedding with a service principal (Azure AD client credentials):
 *
 * 1. `POST {authority}/{tenant}/oauth2/v2.0/token` (grant_type=client_credentials, the client id
 *    and secret, scope `https://analysis.windows.net/powerbi/api/.default`); the token is kept
 *    until 5 minutes before its `expires_in` runs out (by the injected clock), and concurrent
 *    callers share one request;
 * 2. `GET {api}/v1.0/myorg/groups/{workspace}/reports/{report}` for the report's `embedUrl` and
 *    `datasetId` (kept 15 minutes);
 * 3. `POST {api}/v1.0/myorg/groups/{workspace}/reports/{report}/GenerateToken` with
 *    `{accessLevel: 'View', identities: [{username, roles, datasets: [datasetId]}]}` (Embed Token -
 *    Reports GenerateTokenInGroup): the token shows the report as that identity only.
 *
 * A 401 from Power BI drops the cached AAD token and tries once more with a fresh one. Any other
 * failure throws ReportEmbeddingUnavailable with the upstream status and (shortened) text for the
 * log; the secret never appears in it.
 */
export class PowerBiReportEmbedding extends ReportEmbedding {
  readonly enabled = true;
  private readonly fetch: FetchFunction;
  private readonly timeoutMs: number;
  private token: CachedToken | null = null;
  private tokenInFlight: Promise<CachedToken> | null = null;
  private readonly reports = new Map<string, ReportFacts>();

  constructor(private readonly options: PowerBiReportEmbeddingOptions) {
    super();
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async embedReport(reportId: string, identity: EmbedIdentity): Promise<EmbeddedReport> {
    const report = await this.reportFacts(reportId);
    const { rlsRoles } = this.options.config;
    const answer = await this.callApi('POST', `${this.reportPath(reportId)}/GenerateToken`, {
      accessLevel: 'View',
      identities: [
        {
          username: identity.username,
          ...(rlsRoles.length > 0 ? { roles: [...rlsRoles] } : {}),
          datasets: [report.datasetId],
        },
      ],
    });
    const token = textField(answer, 'token');
    const expiration = textField(answer, 'expiration');
    const expiresAt = expiration === null ? NaN : Date.parse(expiration);
    if (token === null || Number.isNaN(expiresAt)) {
      throw new ReportEmbeddingUnavailable(
        `GenerateToken for report ${reportId} answered no token or expiration`,
      );
    }
    return { reportId, embedUrl: report.embedUrl, accessToken: token, expiresAt: new Date(expiresAt) };
  }

  /** The AAD token of the portal itself, from the cache while it has 5 minutes left. */
  async accessToken(): Promise<string> {
    const now = this.options.clock.now().getTime();
    if (this.token && now < this.token.expiresAt - AAD_TOKEN_RENEW_MARGIN_MS) return this.token.value;
    this.tokenInFlight ??= this.requestToken().finally(() => {
      this.tokenInFlight = null;
    });
    const fresh = await this.tokenInFlight;
    this.token = fresh;
    return fresh.value;
  }

  private async requestToken(): Promise<CachedToken> {
    const { authorityUrl, tenantId, clientId, clientSecret } = this.options.config;
    const url = `${authorityUrl}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      scope: POWER_BI_SCOPE,
    });
    const asked = this.options.clock.now().getTime();
    const response = await this.send('Azure AD token', url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    });
    const answer = await this.readJson('Azure AD token', response);
    const value = textField(answer, 'access_token');
    // expires_in is a number of seconds (v2.0 endpoint); v1.0 sent it as a string.
    const lifetime = Number((answer as Record<string, unknown>).expires_in);
    if (value === null || !Number.isFinite(lifetime) || lifetime <= 0) {
      throw new ReportEmbeddingUnavailable('Azure AD token answer has no access_token or expires_in');
    }
    return { value, expiresAt: asked + lifetime * 1000 };
  }

  private async reportFacts(reportId: string): Promise<ReportFacts> {
    const now = this.options.clock.now().getTime();
    const known = this.reports.get(reportId);
    if (known && now - known.lookedUpAt < REPORT_LOOKUP_TTL_MS) return known;
    const answer = await this.callApi('GET', this.reportPath(reportId));
    const embedUrl = textField(answer, 'embedUrl');
    const datasetId = textField(answer, 'datasetId');
    if (embedUrl === null || datasetId === null) {
      throw new ReportEmbeddingUnavailable(`Report ${reportId} answered no embedUrl or datasetId`);
    }
    if (!URL.canParse(embedUrl) || new URL(embedUrl).origin !== POWER_BI_FRAME_ORIGIN) {
      throw new ReportEmbeddingUnavailable(
        `Report ${reportId} has an embedUrl outside ${POWER_BI_FRAME_ORIGIN}: ${shorten(embedUrl)}`,
      );
    }
    const facts = { embedUrl, datasetId, lookedUpAt: now };
    this.reports.set(reportId, facts);
    return facts;
  }

  private reportPath(reportId: string): string {
    const { workspaceId } = this.options.config;
    return `/v1.0/myorg/groups/${encodeURIComponent(workspaceId)}/reports/${encodeURIComponent(reportId)}`;
  }

  /** A Power BI REST call with the portal's AAD token; one retry with a fresh token after a 401. */
  private async callApi(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const what = `Power BI ${method} ${path}`;
    const url = `${this.options.config.apiUrl}${path}`;
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken();
      const response = await this.send(what, url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 401 && attempt === 1) {
        await response.body?.cancel();
        if (this.token?.value === token) this.token = null;
        continue;
      }
      return this.readJson(what, response);
    }
  }

  private async send(what: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const reason =
        errorField(error, 'name') === 'TimeoutError'
          ? `no answer within ${this.timeoutMs} ms`
          : describeError(error);
      throw new ReportEmbeddingUnavailable(`${what} failed: ${reason}`);
    }
  }

  private async readJson(what: string, response: Response): Promise<unknown> {
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      throw new ReportEmbeddingUnavailable(`${what} answered ${response.status}: ${shorten(text)}`);
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) return parsed;
    } catch {
      // reported below
    }
    throw new ReportEmbeddingUnavailable(
      `${what} answered something other than a JSON object: ${shorten(text)}`,
    );
  }
}

function textField(answer: unknown, field: string): string | null {
  const value = (answer as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LOGGED_TEXT ? `${flat.slice(0, MAX_LOGGED_TEXT)}…` : flat;
}
