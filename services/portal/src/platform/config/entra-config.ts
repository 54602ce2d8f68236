import { z } from 'zod';
import { optionalBaseUrl, optionalText } from './env-fields';

/**
 * Single sign-on: Microsoft Entra ID (the default), or any standard OpenID Connect provider named
 * by `ENTRA_AUTHORITY` (docs/decisions/0273-any-openid-connect-provider.md). The web signs in
 * through the authority with MSAL (popup) and the API checks the provider's tokens (issuer,
 * audience, signature through the provider's published keys).
 */
export interface EntraConfig {
  /** The Entra tenant; null for another provider. */
  readonly tenantId: string | null;
  readonly clientId: string;
  /** What the token's `aud` must be (ENTRA_AUDIENCE, else the client id). */
  readonly audience: string;
  /** Where MSAL signs in, without a trailing '/': https://login.microsoftonline.com/{tenant} by default. */
  readonly authority: string;
  /** `entra`: Microsoft's protocol (MSAL's AAD mode); `oidc`: plain OpenID Connect (MSAL's OIDC mode). */
  readonly protocol: 'entra' | 'oidc';
  /** The hosts MSAL may trust without Microsoft's instance discovery: the authority's for `oidc`. */
  readonly knownAuthorities: readonly string[];
  /** The OpenID metadata document the API reads the signing keys (and, for `oidc`, the issuer) from. */
  readonly metadataUrl: string;
  /** The issuers a token may have; null: the one the metadata document names. */
  readonly issuers: readonly string[] | null;
}

/** Microsoft's sign-in host: an authority there speaks Entra's protocol. */
export const MICROSOFT_SIGN_IN_HOST = 'login.microsoftonline.com';

export const entraEnvShape = {
  ENTRA_TENANT_ID: optionalText,
  ENTRA_CLIENT_ID: optionalText,
  ENTRA_AUDIENCE: optionalText,
  /** Another OpenID Connect provider's issuer URL (https); unset: Entra ID's tenant authority. */
  ENTRA_AUTHORITY: optionalBaseUrl,
  /** Override of the OpenID metadata document; tests point it at a local server. */
  ENTRA_METADATA_URL: optionalBaseUrl,
};

type EntraEnv = z.output<z.ZodObject<typeof entraEnvShape>> & { readonly NODE_ENV: string };

const isMicrosoft = (authority: string) => new URL(authority).host.toLowerCase() === MICROSOFT_SIGN_IN_HOST;

/** The Entra issuers of a tenant: v2.0 tokens, and v1.0 access tokens. */
export function entraIssuers(tenantId: string): string[] {
  return [`https://login.microsoftonline.com/${tenantId}/v2.0`, `https://sts.windows.net/${tenantId}/`];
}

/**
 * The client id needs a tenant or an authority, and each of those a client id; the authority is
 * https (MSAL refuses any other); production signs in through one of them.
 */
export function checkEntraEnv(env: EntraEnv, ctx: z.RefinementCtx): void {
  const provider = env.ENTRA_TENANT_ID ?? env.ENTRA_AUTHORITY;
  if (provider && !env.ENTRA_CLIENT_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['ENTRA_CLIENT_ID'],
      message: `is required with ${env.ENTRA_TENANT_ID ? 'ENTRA_TENANT_ID' : 'ENTRA_AUTHORITY'}`,
    });
  }
  if (env.ENTRA_CLIENT_ID && !provider) {
    ctx.addIssue({
      code: 'custom',
      path: ['ENTRA_TENANT_ID'],
      message:
        'ENTRA_TENANT_ID (or ENTRA_AUTHORITY for another OpenID Connect provider) goes with ENTRA_CLIENT_ID',
    });
  }
  if (env.ENTRA_AUTHORITY && !env.ENTRA_AUTHORITY.startsWith('https://')) {
    ctx.addIssue({ code: 'custom', path: ['ENTRA_AUTHORITY'], message: 'must use https://' });
  }
  if (env.ENTRA_AUTHORITY && isMicrosoft(env.ENTRA_AUTHORITY) && !env.ENTRA_TENANT_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['ENTRA_TENANT_ID'],
      message: `is required when ENTRA_AUTHORITY is ${MICROSOFT_SIGN_IN_HOST}`,
    });
  }
  if (env.NODE_ENV === 'production' && !provider) {
    ctx.addIssue({
      code: 'custom',
      path: ['ENTRA_TENANT_ID'],
      message: 'is required in production (Entra ID sign-in, or ENTRA_AUTHORITY for another provider)',
    });
  }
}

/** The sign-in settings, or undefined when no provider is configured (dev sign-in only). */
export function entraConfigOf(env: EntraEnv): EntraConfig | undefined {
  const clientId = env.ENTRA_CLIENT_ID;
  if (!clientId || !(env.ENTRA_TENANT_ID ?? env.ENTRA_AUTHORITY)) return undefined;
  const tenantId = env.ENTRA_TENANT_ID ?? null;
  const authority = env.ENTRA_AUTHORITY ?? `https://${MICROSOFT_SIGN_IN_HOST}/${tenantId}`;
  const microsoft = isMicrosoft(authority);
  return Object.freeze({
    tenantId,
    clientId,
    audience: env.ENTRA_AUDIENCE ?? clientId,
    authority,
    protocol: microsoft ? 'entra' : 'oidc',
    knownAuthorities: Object.freeze(microsoft ? [] : [new URL(authority).host]),
    metadataUrl:
      env.ENTRA_METADATA_URL ??
      (microsoft
        ? `https://${MICROSOFT_SIGN_IN_HOST}/${tenantId}/v2.0/.well-known/openid-configuration`
        : `${authority}/.well-known/openid-configuration`),
    issuers: microsoft && tenantId ? Object.freeze(entraIssuers(tenantId)) : null,
  });
}
