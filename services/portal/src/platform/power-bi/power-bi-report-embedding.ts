import type { Clock } from '../clock/clock';
import type { PowerBiConfig } from '../config/power-bi-config';
import { clientCredentialsClient, type ClientCredentialsToken } from '../upstream/client-credentials-token';
import { shorten, textField, type FetchFunction, type UpstreamHttp } from '../upstream/upstream-http';
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
/** A report's embed URL and dataset are looked up again after this long. */
export const REPORT_LOOKUP_TTL_MS = 15 * 60_000;
export type { FetchFunction } from '../upstream/upstream-http';

export interface PowerBiReportEmbeddingOptions {
  readonly config: PowerBiConfig;
  readonly clock: Clock;
  /** Tests pass a recording fetch; default: the global one. */
  readonly fetch?: FetchFunction;
  /** Per upstream request (default 10 s). */
  readonly timeoutMs?: number;
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
  private readonly http: UpstreamHttp;
  private readonly token: ClientCredentialsToken;
  private readonly reports = new Map<string, ReportFacts>();

  constructor(private readonly options: PowerBiReportEmbeddingOptions) {
    super();
    const { authorityUrl, tenantId, clientId, clientSecret } = options.config;
    ({ http: this.http, token: this.token } = clientCredentialsClient({
      what: 'Azure AD token',
      tokenUrl: `${authorityUrl}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`,
      clientId,
      clientSecret,
      scope: POWER_BI_SCOPE,
      clock: options.clock,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? 10_000,
      unavailable: (message) => new ReportEmbeddingUnavailable(message),
    }));
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
  accessToken(): Promise<string> {
    return this.token.value();
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
      const response = await this.http.send(what, url, {
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
        this.token.forget(token);
        continue;
      }
      return this.http.readJson(what, response);
    }
  }
}
