import { writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';
import { selfSignedCertificate } from '../../services/portal/test/local-openid-provider';

/**
 * A real OpenID Connect provider for the browser tests: `oidc-provider` (a maintained, certified
 * implementation) over https on a free port the OS picks, with a self-signed certificate
 * (MSAL and passport-azure-ad accept only https authorities). It knows one public client, the
 * portal's web app (authorization code + PKCE, its /auth-redirect.html), and the accounts it is
 * given; its own login form (oidc-provider's development interactions) takes an account's e-mail
 * and any password. Consent is taken as given (the portal is the firm's own app).
 */
export interface OpenIdProvider {
  /** Its issuer: what ENTRA_AUTHORITY is set to. */
  readonly issuer: string;
  readonly clientId: string;
  /** The certificate's file, for the portal's NODE_EXTRA_CA_CERTS. */
  readonly certificateFile: string;
  /** What the portal under test is started with. */
  portalEnv(): Record<string, string>;
  close(): Promise<void>;
}

export interface OpenIdAccount {
  readonly email: string;
  readonly name: string;
}

export async function startOpenIdProvider(options: {
  /** The portal's origin, e.g. http://127.0.0.1:23199. */
  readonly portalOrigin: string;
  readonly accounts: readonly OpenIdAccount[];
  /** Where the certificate file is written. */
  readonly folder: string;
}): Promise<OpenIdProvider> {
  const { default: Provider } = await import('oidc-provider');
  const { key, cert } = selfSignedCertificate();
  const certificateFile = join(options.folder, 'openid-provider.pem');
  writeFileSync(certificateFile, cert);

  let handler: (
    request: import('node:http').IncomingMessage,
    response: import('node:http').ServerResponse,
  ) => void = (_request, response) => {
    response.writeHead(503).end();
  };
  const server = https.createServer({ key, cert }, (request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const clientId = 'portal-web';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'e2e-signing-key', use: 'sig', alg: 'RS256' };
  const accounts = new Map(options.accounts.map((account) => [account.email.toLowerCase(), account]));
  const redirectUri = `${options.portalOrigin}/auth-redirect.html`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [redirectUri],
      },
    ],
    jwks: { keys: [signingKey as import('oidc-provider').JWK] },
    cookies: { keys: ['e2e-openid-provider-cookie-key'] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    // MSAL reads the person's address and name from the ID token, as Entra ID puts them there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
    },
    // The web app (a public client) exchanges the code and renews tokens from the portal's origin.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    async findAccount(_ctx, id) {
      const account = accounts.get(id.toLowerCase());
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: account.email.toLowerCase(),
          name: account.name,
          preferred_username: account.email,
          email: account.email,
          email_verified: true,
        }),
      };
    },
    // The firm's own app: consent is not asked for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid profile email offline_access');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  handler = provider.callback();

  return {
    issuer,
    clientId,
    certificateFile,
    portalEnv: () => ({
      ENTRA_AUTHORITY: issuer,
      ENTRA_CLIENT_ID: clientId,
      DEV_SIGN_IN: 'false',
      NODE_EXTRA_CA_CERTS: certificateFile,
    }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
