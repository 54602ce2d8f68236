import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { decodeJwt } from 'jose';
import { startOpenIdProvider, type OpenIdProvider } from './support/openid-provider';
import { PEOPLE, sessionToken, toast } from './support/portal';
import { startSpecPortal } from './support/run-portal';
import { expect, specPortalPort, testOnSpecPortal as test } from './support/test';

/**
 * Single sign-on end to end through a real OpenID Connect provider that is not Microsoft's
 * (oidc-provider, started here on a free port; e2e/support/openid-provider.ts): the portal is
 * started with ENTRA_AUTHORITY pointing at it (record 0273), the web signs in with MSAL's popup,
 * the API checks the provider's ID token. No request is intercepted: the browser talks to the
 * provider and the portal as it would in production.
 */

// The provider's certificate is its own (self-signed); the portal trusts it by NODE_EXTRA_CA_CERTS.
test.use({ ignoreHTTPSErrors: true });

const tag = randomUUID().slice(0, 8);
const CARLOS = { email: 'carlos.contractor@smartwork.example', name: PEOPLE.carlos };
const NEWCOMER = { email: `nina.newcomer.${tag}@smartwork.example`, name: 'Nina Newcomer' };
const OUTSIDER = { email: 'mallory@elsewhere.example', name: 'Mallory Outside' };

let provider: OpenIdProvider;
let portal: { stop(): Promise<void> } | undefined;

test.beforeAll(async ({ portal: workerPortal }, workerInfo) => {
  test.setTimeout(330_000);
  const port = specPortalPort(workerPortal.port);
  provider = await startOpenIdProvider({
    portalOrigin: `http://127.0.0.1:${port}`,
    accounts: [CARLOS, NEWCOMER, OUTSIDER],
    folder: workerPortal.dataDir,
  });
  portal = await startSpecPortal(`openid_connect_w${workerInfo.parallelIndex}`, port, provider.portalEnv());
});

test.afterAll(async () => {
  await portal?.stop();
  await provider?.close();
});

/** Log In opens the provider's popup; its sign-in form takes the address (any password). */
async function signInThroughProvider(page: Page, email: string): Promise<void> {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Log In' }).click();
  const popup = await opened;
  await expect(popup).toHaveURL(new RegExp(`^${provider.issuer.replace(/[.]/g, '\\.')}/`));
  await popup.getByPlaceholder('Enter any login').fill(email);
  await popup.getByPlaceholder('and password').fill('any password');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await closed;
}

async function signOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
}

test('a staff member signs in through the provider’s popup, the API takes its token, and signs out', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await signInThroughProvider(page, CARLOS.email);

  const avatar = page.getByRole('button', { name: `Account menu for ${CARLOS.name}` });
  await expect(avatar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);

  // The session holds the provider's ID token for the portal's client, and /api/me answers Carlos.
  const token = await sessionToken(page);
  expect(decodeJwt(token)).toMatchObject({ iss: provider.issuer, aud: provider.clientId });
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ name: CARLOS.name, username: CARLOS.email, access: 'granted' });

  await page.goto('/timesheets/create');
  await expect(page.getByRole('banner').getByText(CARLOS.name, { exact: true })).toBeVisible();

  await signOut(page, CARLOS.name);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(avatar).toHaveCount(0);
  // The portal ended the session: the same token is refused from now on.
  const after = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  await page.goto('/timesheets/create');
  await expect(page).toHaveURL(/\/$/);
});

test('an account of a domain that is not allowed is refused and stays signed out', async ({ page }) => {
  await page.goto('/');
  await signInThroughProvider(page, OUTSIDER.email);
  await expect(toast(page, 'User is not allowed to login.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  expect(await sessionToken(page)).toBe('');
});

test('someone of an allowed domain not yet added sees their access being set up, and signs out', async ({
  page,
}) => {
  await page.goto('/');
  await signInThroughProvider(page, NEWCOMER.email);
  const pending = page.getByRole('main');
  await expect(pending.getByRole('heading', { name: 'Your access is being set up', level: 1 })).toBeVisible();
  await expect(pending).toContainText(`Welcome, ${NEWCOMER.name}. You signed in as ${NEWCOMER.email}`);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  expect(await sessionToken(page)).toBe('');
});
