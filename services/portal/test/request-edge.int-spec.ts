// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import {
  COMMENT_MAX_LENGTH,
  EXPENSE_COMMENTS_MAX_LENGTH,
  expenseMessages,
  timesheetMessages,
} from '@portal/contracts';
import { startTestApp, type TestApp } from './app-harness';
import { eventLogChecks } from './event-log';

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
  const get = (path: string, token = rita) => t.http('GET', path, { token });
  const { expectRefused } = eventLogChecks(() => t, NOW);

  describe('lengths count the characters a person sees', () => {
    it('saves a timesheet comment of the most emoji allowed and shows it back whole; refuses one more', async () => {
      const comment = '😀'.repeat(COMMENT_MAX_LENGTH);
      const saved = await post('/api/timesheets', timesheet({}, { comment }));
      expect(saved.status).toBe(201);
      const listed = await t.http('GET', '/api/timesheets?start=2026-11-17&end=2026-11-17&projectId=36', {
        token: rita,
      });
      expect(listed.body.rows.map((r: { comment: string }) => r.comment)).toContain(comment);

      const refused = await post(
        '/api/timesheets',
        timesheet({}, { date: '2026-11-18', comment: '😀'.repeat(COMMENT_MAX_LENGTH + 1) }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.problems).toEqual([
        { path: 'items.0.comment', message: timesheetMessages.commentTooLong },
      ]);
    });

    it('saves expense comments of the most emoji allowed; refuses one more', async () => {
      const comment = (n: number) => '🚗'.repeat(n);
      expect(
        (await post('/api/expenses', expense({ comment: comment(EXPENSE_COMMENTS_MAX_LENGTH) }))).status,
      ).toBe(201);
      const refused = await post(
        '/api/expenses',
        expense({ comment: comment(EXPENSE_COMMENTS_MAX_LENGTH + 1) }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.problems).toEqual([{ path: 'comment', message: expenseMessages.commentsTooLong }]);
    });
  });

  describe('ids out of the integer range never reach the database', () => {
    const outOfRange = 'Project must be a whole number from 1 to 2147483647';

    it.each([9007199254740992, 1e308])(
      'refuses projectId %p in timesheet, expense and verify bodies',
      async (projectId) => {
        const refusal = [{ path: 'projectId', message: outOfRange }];
        await expectRefused(post('/api/timesheets', timesheet({ projectId })), 400, refusal);
        await expectRefused(post('/api/expenses', expense({ projectId })), 400, refusal);
        await expectRefused(post('/api/ledgers/me/2026-11/verify', { projectId }), 400, refusal);
      },
    );

    it('answers a path id that cannot exist as an unknown one: 404', async () => {
      for (const id of ['99999999999', '2147483648', 'abc']) {
        const res = await get(`/api/projects/${id}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(`Project ${id} does not exist.`);
      }
      expect((await get('/api/ledgers/99999999999/2026-11/locks/36')).status).toBe(404);
      expect((await get('/api/ledgers/6/2026-11/locks/99999999999')).status).toBe(404);
    });

    it('a query filter out of range is a 400 naming it', async () => {
      const res = await get('/api/timesheets?start=2026-11-01&end=2026-11-30&projectId=99999999999');
      expect(res.status).toBe(400);
      expect(res.body.problems).toEqual([{ path: 'projectId', message: outOfRange }]);
    });
  });

  describe('strict parsing', () => {
    it('dev sign-in takes a number, not true or text', async () => {
      for (const staffId of [true, '1']) {
        const res = await t.http('POST', '/api/auth/dev/sign-in', { body: { staffId } });
        expect(res.status).toBe(400);
        expect(res.body.problems).toEqual([
          { path: 'staffId', message: 'Staff id must be a whole number from 1 to 2147483647' },
        ]);
        expect(res.body).not.toHaveProperty('token');
      }
    });

    it.each([1.5, 'abc', {}, [], 'true'])(
      'confirmLate %p is refused and nothing is saved',
      async (confirmLate) => {
        // This week's Monday: not a late day, so only confirmLate is wrong.
        await expectRefused(
          post('/api/timesheets', timesheet({ confirmLate }, { date: '2026-11-16' })),
          400,
          [{ path: 'confirmLate', message: 'Confirm late entry must be true or false' }],
        );
      },
    );

    it('a blank sub-project is not an id', async () => {
      await expectRefused(post('/api/timesheets', timesheet({ projectId: 45, subProjectId: ' ' })), 400, [
        { path: 'subProjectId', message: 'Sub Project must be a whole number from 1 to 2147483647' },
      ]);
    });

    it('refuses a key it does not know, naming it, in bodies and query strings', async () => {
      await expectRefused(post('/api/timesheets', timesheet({ approved: true }, { rate: 9 })), 400, [
        { path: 'items.0.rate', message: 'rate is not a field of this request' },
        { path: 'approved', message: 'approved is not a field of this request' },
      ]);
      await expectRefused(post('/api/expenses', expense({ rate: '2' })), 400, [
        { path: 'rate', message: 'rate is not a field of this request' },
      ]);
      const listed = await get('/api/timesheets?start=2026-11-01&end=2026-11-30&employeeId=3');
      expect(listed.status).toBe(400);
      expect(listed.body.problems).toEqual([
        { path: 'employeeId', message: 'employeeId is not a field of this request' },
      ]);
    });
  });
});
