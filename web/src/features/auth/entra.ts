import type { AuthenticationResult, IPublicClientApplication } from '@azure/msal-browser';
import { authMessages } from '@portal/contracts';
import type { EntraSettings } from './api/get-auth-config';

/**
 * Placeholder until the auth contract shares the list (the server enforces it from
 * ALLOWED_SIGN_IN_DOMAINS whatever the browser says).
 */
const DEFAULT_ALLOWED_DOMAINS = ['smartwork.example', 'sightstream.example'];

const BASE_SCOPES = ['openid', 'profile', 'email'];

let client: Promise<IPublicClientApplication> | null = null;
let clientSettings: EntraSettings | null = null;

/** MSAL is loaded on first use so that people signing in another way never download it. */
function msalClient(settings: EntraSettings): Promise<IPublicClientApplication> {
  if (!client || clientSettings?.clientId !== settings.clientId) {
    clientSettings = settings;
    client = import('@azure/msal-browser').then(async ({ PublicClientApplication, BrowserCacheLocation }) => {
      const app = new PublicClientApplication({
        auth: {
          clientId: settings.clientId,
          authority: settings.authority,
          redirectUri: `${window.location.origin}/auth-redirect.html`,
        },
        cache: { cacheLocation: BrowserCacheLocation.SessionStorage },
      });
      await app.initialize();
      return app;
    });
  }
  return client;
}

function tokenOf(result: AuthenticationResult, settings: EntraSettings): string {
  return settings.scopes?.length ? result.accessToken : result.idToken;
}

function isAllowed(username: string, settings: EntraSettings): boolean {
  const domain = username.split('@').pop()?.toLowerCase() ?? '';
  const allowed = settings.allowedDomains?.length ? settings.allowedDomains : DEFAULT_ALLOWED_DOMAINS;
  return allowed.some((d) => d.toLowerCase() === domain);
}

export class SignInRefused extends Error {}

/** Popup sign-in, then a silent token for the API. */
export async function signInWithEntra(settings: EntraSettings): Promise<string> {
  const app = await msalClient(settings);
  const scopes = [...BASE_SCOPES, ...(settings.scopes ?? [])];
  const login = await app.loginPopup({ scopes, prompt: 'select_account' });
  const account = login.account;
  if (!account || !isAllowed(account.username, settings)) {
    if (account) await app.clearCache({ account });
    throw new SignInRefused(authMessages.notAllowedToLogin);
  }
  app.setActiveAccount(account);
  const silent = await app.acquireTokenSilent({ account, scopes });
  return tokenOf(silent, settings);
}

/** A fresh token without any prompt, or null (then the person signs in again). */
export async function renewEntraToken(settings: EntraSettings): Promise<string | null> {
  const app = await msalClient(settings);
  const account = app.getActiveAccount() ?? app.getAllAccounts()[0];
  if (!account) return null;
  const scopes = [...BASE_SCOPES, ...(settings.scopes ?? [])];
  try {
    const result = await app.acquireTokenSilent({ account, scopes, forceRefresh: true });
    return tokenOf(result, settings);
  } catch {
    return null;
  }
}

/** Drops the cached account on logout (the Entra session itself is left alone). */
export async function forgetEntraAccount(): Promise<void> {
  if (!client) return;
  const app = await client;
  await app.clearCache().catch(() => undefined);
}
