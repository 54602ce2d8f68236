import { expect, type Page } from '@playwright/test';

/**
 * Signing in in the browser tests: through the development picker (`signInAs`, the picker's own
 * path) or straight onto a page with the picker's call (`openAs`, record 0244).
 */

/** Signs in on the landing page through the development picker and waits for the account menu. */
export async function signInAs(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).click();
  const picker = page.getByRole('dialog', { name: 'Sign in as' });
  await picker.getByRole('button', { name }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}

/** Where the portal keeps the session's bearer token (web/src/lib/session.ts). */
const SESSION_TOKEN_KEY = 'portal.session.token';

/** The people the development picker offers, by name (read once per worker). */
let devPeople: Promise<Map<string, number>> | null = null;

async function devStaffId(page: Page, name: string): Promise<number> {
  devPeople ??= page.request
    .get('/api/auth/dev/people')
    .then(async (answer) => {
      expect(answer.status(), 'GET /api/auth/dev/people').toBe(200);
      const people = (await answer.json()) as { staffId: number; name: string }[];
      return new Map(people.map((person) => [person.name, person.staffId]));
    })
    .catch((error: unknown) => {
      devPeople = null;
      throw error;
    });
  const staffId = (await devPeople).get(name);
  if (staffId === undefined) throw new Error(`${name} is not offered by the development sign-in`);
  return staffId;
}

/**
 * Signs in as the picker does (its own call, `POST /api/auth/dev/sign-in`, whose token goes to
 * sessionStorage) and opens `path` signed in, without showing the landing page and the picker
 * first: for tests whose subject is another page. The picker itself is sign-in.spec's subject
 * and `signInAs`'s path.
 */
export async function openAs(page: Page, name: string, path: string): Promise<void> {
  const staffId = await devStaffId(page, name);
  const answer = await page.request.post('/api/auth/dev/sign-in', { data: { staffId } });
  expect(answer.status(), 'POST /api/auth/dev/sign-in').toBe(200);
  const { token } = (await answer.json()) as { token: string };
  // The token is put in place before the page's own scripts run, on this navigation only.
  const script = await page.addInitScript(
    ([key, value]) => (globalThis as unknown as WithSessionStorage).sessionStorage.setItem(key, value),
    [SESSION_TOKEN_KEY, token] as const,
  );
  try {
    await page.goto(path);
  } finally {
    await script.dispose();
  }
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}

/** The page's sessionStorage, typed for these steps (the tests are not compiled with the DOM library). */
type WithSessionStorage = {
  sessionStorage: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    clear(): void;
  };
};

/** Another person signs in in the same tab: the session (sessionStorage) of the first one ends. */
export async function signInInstead(page: Page, name: string): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as WithSessionStorage).sessionStorage.clear());
  await signInAs(page, name);
}

/** The signed-in person's bearer token, for the API calls a test makes beside the screens. */
export async function sessionToken(page: Page): Promise<string> {
  return (
    (await page.evaluate(
      (key) => (globalThis as unknown as WithSessionStorage).sessionStorage.getItem(key),
      SESSION_TOKEN_KEY,
    )) ?? ''
  );
}
