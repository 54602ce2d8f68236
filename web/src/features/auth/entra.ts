import type { AuthenticationResult, IPublicClientApplication } from '@azure/msal-browser';
import { authMessages } from '@portal/contracts';
import type { EntraSettings } from './api/get-auth-config';

const BASE_SCOPES = ['openid', 'profile', 'email'];

let client: Promise<IPublicClientApplication> | null = null;
let clientSettings: EntraSettings | null = null;

/** MSAL is loaded on first use so that people signing in another way never download it. */
function msalClient(settings: EntraSettings): Promise<IPublicClientApplication> {
  if (
    !client ||
    clientSettings?.clientId !== settings.clientId ||
    clientSettings.authority !== settings.authority
  ) {
    clientSettings = settings;
    client = import('@azure/msal-browser').then(async (msal) => {
      const app = new msal.PublicClientApplication({
        auth: {
          clientId: settings.clientId,
          authority: settings.authority,
          knownAuthorities: [...settings.knownAuthorities],
          redirectUri: `${window.location.origin}/auth-redirect.html`,
        },
        cache: { cacheLocation: msal.BrowserCacheLocation.SessionStorage },
        system: {
          protocolMode: settings.protocol === 'oidc' ? msal.ProtocolMode.OIDC : msal.ProtocolMode.AAD,
        },
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

/** The server refuses other domains whatever the browser says; this spares a refused round trip. */
function isAllowed(username: string, settings: EntraSettings): boolean {
  const domain = username.split('@').pop()?.toLowerCase() ?? '';
  return settings.allowedDomains.some((d) => d.toLowerCase() === domain);
}

export class SignInRefused extends Error {}

/** Popup sign-in, then a silent token for the API. */
export async function signInWithEntra(settings: EntraSettings): Promise<string> {
  const app = await msalClient(settings);
  const scopes = [...BASE_SCOPES, ...(settings.scopes ?? [])];
  // Entra ID offers its account picker; another provider is asked to sign in afresh (`login` is
  // standard OpenID Connect, `select_account` is not understood everywhere).
  const prompt = settings.protocol === 'oidc' ? 'login' : 'select_account';
  const login = await app.loginPopup({ scopes, prompt });
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
