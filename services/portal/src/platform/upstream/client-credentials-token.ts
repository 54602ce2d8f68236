import type { Clock } from '../clock/clock';
import { textField, UpstreamHttp, type UpstreamHttpOptions } from './upstream-http';

/** A token is renewed this long before it expires (requests in flight must not outlive it). */
export const TOKEN_RENEW_MARGIN_MS = 5 * 60_000;

export interface ClientCredentialsOptions {
  /** For log lines: 'Azure AD token', 'Graph token'. */
  readonly what: string;
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** e.g. `https://graph.microsoft.com/.default`. */
  readonly scope: string;
  readonly clock: Clock;
  readonly http: UpstreamHttp;
  readonly unavailable: (message: string) => Error;
}

interface CachedToken {
  readonly value: string;
  readonly expiresAt: number;
}

/**
 * The portal's own access token from an OAuth2 client-credentials grant (`POST {token url}` with
 * grant_type=client_credentials, the client id and secret, and the scope), kept until 5 minutes
 * before its `expires_in` runs out by the injected clock; concurrent callers share one request.
 * `forget` drops a token the resource refused (401), so the next call asks for a fresh one.
 */
export class ClientCredentialsToken {
  private token: CachedToken | null = null;
  private inFlight: Promise<CachedToken> | null = null;

  constructor(private readonly options: ClientCredentialsOptions) {}

  async value(): Promise<string> {
    const now = this.options.clock.now().getTime();
    if (this.token && now < this.token.expiresAt - TOKEN_RENEW_MARGIN_MS) return this.token.value;
    this.inFlight ??= this.request().finally(() => {
      this.inFlight = null;
    });
    const fresh = await this.inFlight;
    this.token = fresh;
    return fresh.value;
  }

  forget(value: string): void {
    if (this.token?.value === value) this.token = null;
  }

  private async request(): Promise<CachedToken> {
    const { what, tokenUrl, clientId, clientSecret, scope, clock, http } = this.options;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      scope,
    });
    const asked = clock.now().getTime();
    const response = await http.send(what, tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    });
    const answer = await http.readJson(what, response);
    const value = textField(answer, 'access_token');
    // expires_in is a number of seconds (v2.0 endpoint); v1.0 sent it as a string.
    const lifetime = Number(answer.expires_in);
    if (value === null || !Number.isFinite(lifetime) || lifetime <= 0) {
      throw this.options.unavailable(`${what} answer has no access_token or expires_in`);
    }
    return { value, expiresAt: asked + lifetime * 1000 };
  }
}

/**
 * An adapter that calls a service as the portal itself: its HTTP calls (timeout, failures as its
 * own error) and the client-credentials token they carry.
 */
export function clientCredentialsClient(
  options: Omit<ClientCredentialsOptions, 'http'> & UpstreamHttpOptions,
): { readonly http: UpstreamHttp; readonly token: ClientCredentialsToken } {
  const http = new UpstreamHttp(options);
  return { http, token: new ClientCredentialsToken({ ...options, http }) };
}
