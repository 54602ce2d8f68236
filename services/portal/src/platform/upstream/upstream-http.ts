import { describeError, errorField } from '../http/describe-error';

/** Upstream text kept in a log line. */
const MAX_LOGGED_TEXT = 500;

export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

export interface UpstreamHttpOptions {
  /** Tests pass a recording fetch; default: the global one. */
  readonly fetch?: FetchFunction;
  /** Per upstream request. */
  readonly timeoutMs: number;
  /** The adapter's own error for a call that failed; its message is for the log only. */
  readonly unavailable: (message: string) => Error;
}

/**
 * Calls to another service over HTTP (Azure AD, Power BI, Microsoft Graph): Node's fetch with a
 * timeout per request, failures turned into the adapter's own "unavailable" error with the
 * upstream status and shortened text for the log (never shown to a person).
 */
export class UpstreamHttp {
  private readonly fetch: FetchFunction;

  constructor(private readonly options: UpstreamHttpOptions) {
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
  }

  /** Sends; no answer (refused, reset, timed out) throws the adapter's error. */
  async send(what: string, url: string, init: RequestInit): Promise<Response> {
    const { timeoutMs, unavailable } = this.options;
    try {
      return await this.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason =
        errorField(error, 'name') === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : describeError(error);
      throw unavailable(`${what} failed: ${reason}`);
    }
  }

  /** The answer's JSON object; a failed status or another body throws the adapter's error. */
  async readJson(what: string, response: Response): Promise<Record<string, unknown>> {
    const text = await response.text().catch(() => '');
    if (!response.ok) throw this.options.unavailable(`${what} answered ${response.status}: ${shorten(text)}`);
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    throw this.options.unavailable(`${what} answered something other than a JSON object: ${shorten(text)}`);
  }
}

/** A non-empty text field of an answer, else null. */
export function textField(answer: unknown, field: string): string | null {
  const value = (answer as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Upstream text for a log line: one line, at most 500 characters. */
export function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LOGGED_TEXT ? `${flat.slice(0, MAX_LOGGED_TEXT)}…` : flat;
}
