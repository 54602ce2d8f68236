import { startTestApp, type TestApp, type TestAppOptions } from './app-harness';

/** A started test app and a dev sign-in token of each person a test file acts as, by staff id. */
export interface SignedInApp {
  readonly t: TestApp;
  readonly tokens: Record<number, string>;
}

/**
 * Starts the test app and signs `people` in, one after the other, as a test file's `beforeAll` does:
 * `({ t, tokens } = await startSignedIn([ALICE, CARLOS], { seedDemo: true }))`.
 */
export async function startSignedIn(
  people: readonly number[],
  options: TestAppOptions = {},
): Promise<SignedInApp> {
  const t = await startTestApp(options);
  return { t, tokens: await signInAll(t, people) };
}

/** A dev sign-in token of each of `people`, by staff id (signed in one after the other). */
export async function signInAll(t: TestApp, people: readonly number[]): Promise<Record<number, string>> {
  const tokens: Record<number, string> = {};
  for (const id of people) tokens[id] = await t.signIn(id);
  return tokens;
}
