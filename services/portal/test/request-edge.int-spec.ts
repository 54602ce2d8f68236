import { startTestApp, type TestApp } from './app-harness';

/**
 * What the edge of the API accepts, tried over HTTP on the whole portal with the demo data:
 * lengths counted in characters a person sees, ids bounded to their columns, strict parsing.
 */
const NOW = '2026-11-18T15:00:00.000Z'; // a Wednesday; Monday is 2026-11-16
const RITA = 6; // roster 33, 36, 45, 61 (USD)

describe('request edge (real PostgreSQL, demo data)', () => {
  let t: TestApp;
  let rita: string;

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    rita = await t.signIn(RITA);
  });
  afterAll(() => t?.close());

  const timesheet = (extra: Record<string, unknown> = {}, item: Record<string, unknown> = {}) => ({
    projectId: 36,
    subProjectId: null,
    items: [{ date: '2026-11-17', hours: '1', overtimeHours: null, comment: 'Site survey', ...item }],
    confirmLate: false,
    ...extra,
  });
  const expense = (extra: Record<string, unknown> = {}) => ({
    categoryId: 4,
    projectId: 61,
    currency: 'USD',
    amount: '25.00',
    date: '2026-11-10',
    comment: 'Drive to the yard',
    isBillable: true,
    ...extra,
  });
  const post = (path: string, body: unknown, token = rita) => t.http('POST', path, { token, body });

  describe('lengths count the characters a person sees', () => {
    it('saves a timesheet comment of 26 emoji and shows it back whole; refuses 51', async () => {
      const comment = '😀'.repeat(26);
      const saved = await post('/api/timesheets', timesheet({}, { comment }));
      expect(saved.status).toBe(201);
      const listed = await t.http('GET', '/api/timesheets?start=2026-11-17&end=2026-11-17&projectId=36', {
        token: rita,
      });
      expect(listed.body.rows.map((r: { comment: string }) => r.comment)).toContain(comment);

      const refused = await post(
        '/api/timesheets',
        timesheet({}, { date: '2026-11-18', comment: '😀'.repeat(51) }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.problems).toEqual([
        { path: 'items.0.comment', message: 'Activity Comment must be at most 50 characters' },
      ]);
    });

    it('saves expense comments of 500 emoji; refuses 501', async () => {
      expect((await post('/api/expenses', expense({ comment: '🚗'.repeat(500) }))).status).toBe(201);
      const refused = await post('/api/expenses', expense({ comment: '🚗'.repeat(501) }));
      expect(refused.status).toBe(400);
      expect(refused.body.problems).toEqual([
        { path: 'comment', message: 'Comments must be at most 500 characters' },
      ]);
    });
  });
});
