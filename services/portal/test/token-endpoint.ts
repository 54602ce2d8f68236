import { randomUUID } from 'node:crypto';

/** What a stand-in's OAuth2 token endpoint expects of a client-credentials grant. */
export interface ExpectedGrant {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope: string;
  /** The lifetime of the tokens it issues, seconds (default 3599). */
  readonly tokenSeconds?: number;
  /** 'aad', 'graph': the issued tokens' prefix. */
  readonly prefix: string;
}

/**
 * Azure AD's / Entra ID's token endpoint as the stand-ins of the tests play it: a bad grant or scope
 * is 400 `invalid_request`, a wrong client id or secret 401 `invalid_client`, else a fresh bearer
 * token (added to `issued`) in the v2.0 endpoint's answer. Answers the status and body to send.
 */
export function clientCredentialsAnswer(
  form: Readonly<Record<string, unknown>> | null,
  expected: ExpectedGrant,
  issued: Set<string>,
): { status: number; body: unknown } {
  if (form?.grant_type !== 'client_credentials' || form.scope !== expected.scope)
    return { status: 400, body: { error: 'invalid_request', error_description: 'AADSTS900144: bad grant' } };
  if (form.client_id !== expected.clientId || form.client_secret !== expected.clientSecret)
    return {
      status: 401,
      body: { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' },
    };
  const token = `${expected.prefix}-${randomUUID()}`;
  issued.add(token);
  const seconds = expected.tokenSeconds ?? 3599;
  return {
    status: 200,
    body: { token_type: 'Bearer', expires_in: seconds, ext_expires_in: seconds, access_token: token },
  };
}
