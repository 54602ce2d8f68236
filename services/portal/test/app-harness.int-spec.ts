import { startTestApp, type TestApp } from './app-harness';

/** The harness boots the real app: the staff context's directory and the demo seed sign people in. */
describe('startTestApp with the demo seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ seedDemo: true });
  });
  afterAll(() => t?.close());

  it('signs in a seeded person through dev sign-in', async () => {
    const people = await t.http('GET', '/api/auth/dev/people');
    expect(people.status).toBe(200);
    expect(people.body.length).toBeGreaterThan(0);
    const person = people.body[0];
    const token = await t.signIn(person.staffId);
    const me = await t.http('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ staffId: person.staffId, name: person.name, username: person.username });
  });
});
