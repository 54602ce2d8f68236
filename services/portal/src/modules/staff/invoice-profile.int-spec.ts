// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import type { TestApp } from '../../../test/app-harness';
import { startSignedIn } from '../../../test/signed-in';
import { deactivateDirectly, expectNotAllowedToSignIn } from '../../../test/staff-fixtures';

const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin
const CARLOS = 3;
const DANA = 4; // a city, no business name or address
const SAM = 5; // sightstream
const RITA = 6;

describe('GET /api/staff/me/invoice-profile: who a verification invoice is from', () => {
  let t: TestApp;
  let tokens: Record<number, string>;

  beforeAll(async () => {
    ({ t, tokens } = await startSignedIn([ALICE, CARLOS, DANA, SAM, RITA], { now: NOW, seedDemo: true }));
  });
  afterAll(() => t?.close());

  const profile = (who: number) => t.http('GET', '/api/staff/me/invoice-profile', { token: tokens[who] });

  it('answers 401 to nobody signed in', async () => {
    expect((await t.http('GET', '/api/staff/me/invoice-profile')).status).toBe(401);
  });

  it('is the person’s name, business name and address as their profile holds them, nothing more', async () => {
    expect(await profile(SAM)).toMatchObject({
      status: 200,
      body: {
        staffId: SAM,
        name: 'Sam Sightstream',
        businessName: 'Sightstream Studio Services Ltd',
        address: '12 Wharf Road',
        city: 'London',
        state: null,
        postalCode: 'N1 7GU',
      },
    });
    const carlos = await profile(CARLOS);
    expect(carlos.body).toEqual({
      staffId: CARLOS,
      name: 'Carlos Contractor',
      businessName: 'Contractor Field Services Ltd.',
      address: '10220 104 Avenue NW',
      city: 'Edmonton',
      state: 'AB',
      postalCode: 'T5J 0H6',
    });
    // Phones, birth date and licence stay out of an invoice's answer.
    expect(JSON.stringify(carlos.body)).not.toContain('780 555');
  });

  it('has nulls where the profile is empty', async () => {
    expect((await profile(DANA)).body).toEqual({
      staffId: DANA,
      name: 'Dana Developer',
      businessName: null,
      address: null,
      city: 'Vancouver',
      state: null,
      postalCode: null,
    });
  });

  it('is always one’s own, an admin’s too', async () => {
    expect((await profile(ALICE)).body).toMatchObject({
      staffId: ALICE,
      name: 'Alice Admin',
      businessName: null,
    });
  });

  it('answers 403 to a person deactivated since signing in', async () => {
    await deactivateDirectly(t, NOW, RITA);
    expectNotAllowedToSignIn(await profile(RITA));
  });
});
