import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Someone no one has added yet (issue 25), in the browser tests: signed in through the dev
 * picker's "Someone not yet added" (as single sign-on would sign them in), or by its API call.
 */
export interface Newcomer {
  readonly name: string;
  readonly username: string;
}

/** Opens the picker on the landing page and signs in as someone no one has added. */
export async function signInAsNewcomer(page: Page, person: Newcomer): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).click();
  const picker = page.getByRole('dialog', { name: 'Sign in as' });
  const form = picker.getByRole('form', { name: 'Someone not yet added' });
  await form.getByRole('textbox', { name: 'Work e-mail' }).fill(person.username);
  await form.getByRole('textbox', { name: 'Name' }).fill(person.name);
  await form.getByRole('button', { name: 'Sign in as someone new' }).click();
  await expect(picker).toBeHidden();
}

/** Their first sign-in by the API (the token, then the "who am I" that records it): the pending answer. */
export async function firstSignInByApi(
  request: APIRequestContext,
  person: Newcomer,
): Promise<{ token: string; firstSignInAt: string }> {
  const signIn = await request.post('/api/auth/dev/first-sign-in', { data: person });
  expect(signIn.status(), 'POST /api/auth/dev/first-sign-in').toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  const answer = (await me.json()) as { access: string; firstSignInAt: string };
  expect(answer.access).toBe('pending');
  return { token, firstSignInAt: answer.firstSignInAt };
}

/**
 * Waits until an admin's "Awaiting access" holds the address: a first sign-in is nobody's write the
 * admin's next read waits for, so its projection may be a moment behind.
 */
export async function untilAwaiting(request: APIRequestContext, adminToken: string, username: string) {
  await expect
    .poll(async () => {
      const answer = await request.get('/api/admin/access-requests', {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      return ((await answer.json()) as { username: string }[]).map((row) => row.username);
    })
    .toContain(username);
}
