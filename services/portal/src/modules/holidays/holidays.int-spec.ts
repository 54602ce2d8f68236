// Fixed dates: holidays of given years, from an app at its own instant.
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { InMemoryStaffDirectory } from '../../../test/in-memory-staff-directory';

describe('GET /api/holidays', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      now: '2026-03-02T10:00:00.000Z',
      staffDirectory: new InMemoryStaffDirectory([]),
    });
  });
  afterAll(() => t?.close());

  it('answers 2025: 11 US holidays and 10 Canadian ones, without sign-in', async () => {
    const res = await t.http('GET', '/api/holidays?year=2025');
    expect(res.status).toBe(200);
    expect(res.body.year).toBe(2025);
    const [us, canada] = res.body.countries;
    expect(us.country).toBe('United States');
    expect(us.holidays).toHaveLength(11);
    expect(us.holidays[1]).toEqual({ date: '2025-01-20', name: 'Martin Luther King Jr. Day' });
    expect(canada.country).toBe('Canada');
    expect(canada.holidays).toHaveLength(10);
    expect(canada.holidays[1]).toEqual({ date: '2025-04-18', name: 'Good Friday' });
  });

  it("answers the clock's year when no year is given", async () => {
    const res = await t.http('GET', '/api/holidays');
    expect(res.status).toBe(200);
    expect(res.body.year).toBe(2026);
    expect(res.body.countries[1].holidays[1]).toEqual({ date: '2026-04-03', name: 'Good Friday' });
  });

  it('refuses a year that is not a supported whole number, naming the field', async () => {
    for (const year of ['abc', '1900', '2025.5']) {
      const res = await t.http('GET', `/api/holidays?year=${year}`);
      expect(res.status).toBe(400);
      expect(res.body.problems).toEqual([
        { path: 'year', message: 'Year must be a whole number from 1971 to 2199' },
      ]);
    }
  });
});
