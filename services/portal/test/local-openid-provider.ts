import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike, type JWTPayload } from 'jose';

/**
 * A tiny OpenID provider that stands in for Entra ID in tests: it serves a tenant's
 * `/.well-known/openid-configuration` and JWKS over https (passport-azure-ad accepts only https
 * metadata URLs) with a self-signed certificate made by the `openssl` CLI at start, and signs
 * RS256 access tokens shaped like Entra's (issuer `https://login.microsoftonline.com/{tenant}/v2.0`).
 * With `shape: 'own'` it is a provider of its own instead (issuer = its URL, metadata at
 * `{issuer}/.well-known/openid-configuration`), as ENTRA_AUTHORITY names one (record 0273).
 * The browser test signs in through a real provider (e2e/support/openid-provider.ts).
 *
 * passport-azure-ad fetches with Node's `https` module and the global agent, so `start` adds the
 * certificate to `https.globalAgent.options.ca` for this process (NODE_EXTRA_CA_CERTS is read only
 * when the process starts); `close` restores it.
 */
export interface LocalOpenIdProvider {
  readonly tenantId: string;
  readonly clientId: string;
  /** What ENTRA_METADATA_URL must be set to. */
  readonly metadataUrl: string;
  /** Its https base URL (what ENTRA_AUTHORITY is set to for `shape: 'own'`). */
  readonly baseUrl: string;
  issuerOf(tenantId: string): string;
  /** An access token with sensible defaults (valid 1 hour from real time, audience = clientId). */
  token(
    claims?: JWTPayload,
    options?: { signWithUnpublishedKey?: boolean; withoutTyp?: boolean },
  ): Promise<string>;
  close(): Promise<void>;
}

const KEY_ID = 'local-test-key';

export interface LocalOpenIdProviderOptions {
  readonly tenantId?: string;
  readonly clientId?: string;
  /** `entra` (default): Entra's issuer and paths; `own`: a provider whose issuer is its own URL. */
  readonly shape?: 'entra' | 'own';
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, valid a day, made by the `openssl` CLI:
 * passport-azure-ad and MSAL accept only https providers.
 */
export function selfSignedCertificate(): { readonly key: string; readonly cert: string } {
  const folder = mkdtempSync(join(tmpdir(), 'portal-oidc-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(folder, 'key.pem'),
        '-out',
        join(folder, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(folder, 'key.pem'), 'utf8'),
      cert: readFileSync(join(folder, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function startLocalOpenIdProvider({
  tenantId = '11111111-2222-3333-4444-555555555555',
  clientId = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
  shape = 'entra',
}: LocalOpenIdProviderOptions = {}): Promise<LocalOpenIdProvider> {
  const { key, cert } = selfSignedCertificate();

  const signing = await generateKeyPair('RS256', { extractable: true });
  const unpublished = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(signing.publicKey)), kid: KEY_ID, use: 'sig', alg: 'RS256' };
  let baseUrl = '';
  const issuerOf = (tenant: string) =>
    shape === 'own'
      ? `${baseUrl}${tenant === tenantId ? '' : `/${tenant}`}`
      : `https://login.microsoftonline.com/${tenant}/v2.0`;
  const prefix = shape === 'own' ? '' : `/${tenantId}/v2.0`;
  const server = https.createServer({ key, cert }, (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === `${prefix}/.well-known/openid-configuration`) {
      send(200, {
        issuer: issuerOf(tenantId),
        authorization_endpoint: `${baseUrl}/${tenantId}/oauth2/v2.0/authorize`,
        token_endpoint: `${baseUrl}/${tenantId}/oauth2/v2.0/token`,
        jwks_uri: `${baseUrl}/${tenantId}/discovery/v2.0/keys`,
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code', 'id_token', 'token id_token'],
        subject_types_supported: ['pairwise'],
      });
    } else if (path === `/${tenantId}/discovery/v2.0/keys`) {
      send(200, { keys: [publicJwk] });
    } else {
      send(404, { error: 'not_found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const previousCa = https.globalAgent.options.ca;
  const previous = previousCa === undefined ? [] : Array.isArray(previousCa) ? previousCa : [previousCa];
  https.globalAgent.options.ca = [...previous, cert];

  return {
    tenantId,
    clientId,
    metadataUrl: `${baseUrl}${prefix}/.well-known/openid-configuration`,
    baseUrl,
    issuerOf,
    async token(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const privateKey: KeyLike = options.signWithUnpublishedKey
        ? unpublished.privateKey
        : signing.privateKey;
      return new SignJWT({
        iss: issuerOf(tenantId),
        aud: clientId,
        tid: tenantId,
        ver: '2.0',
        iat: now,
        nbf: now,
        exp: now + 3600,
        sub: 'subject-of-test-user',
        oid: 'oid-of-test-user',
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, ...(options.withoutTyp ? {} : { typ: 'JWT' }) })
        .sign(privateKey);
    },
    async close() {
      https.globalAgent.options.ca = previousCa;
      https.globalAgent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
