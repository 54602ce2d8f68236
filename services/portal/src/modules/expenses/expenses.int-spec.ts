/*
 * Over 300 lines on purpose: the expenses context's HTTP journeys against one seeded portal;
 * splitting the file would start and seed the portal once more per file.
 */
import { testTimeZone } from '../../../test/dates';
import {
  addDays,
  businessDateIn,
  endOfMonth,
  expenseWindow,
  monthOf,
  rateDateFor,
  startOfMonthOffset,
  expenseClaimSchema,
  sumMoney,
  type Currency,
} from '@portal/contracts';
import { sql } from 'kysely';
import { startTestApp, testNow, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { CommandBus } from '@nestjs/cqrs';
import { systemCaller } from '../../platform/cqrs';
import { deriveEventId } from '../../platform/event-store/command-context';
import { ExchangeRates } from '../exchange-rates';
import { ClaimExpensesCommand, planOfClaim } from '.';

// The clock: the run's pinned instant (PORTAL_NOW). The dates below follow from it: days of this
// month, of last month, and the window (six months back to two ahead).
const NOW = testNow();
const TODAY = businessDateIn(new Date(NOW), testTimeZone());
const MONTH = monthOf(TODAY);
const MONTH_FIRST = `${MONTH}-01`;
const MONTH_LAST = endOfMonth(TODAY);
const PREVIOUS_FIRST = startOfMonthOffset(TODAY, -1);
const PREVIOUS = monthOf(PREVIOUS_FIRST);
const WINDOW = expenseWindow(TODAY);
/** Day `n` of this month. */
const day = (n: number) => addDays(MONTH_FIRST, n - 1);
/** Day `n` of last month. */
const lastMonthDay = (n: number) => addDays(PREVIOUS_FIRST, n - 1);
/** A day from today on (the rate-date rule asks for the latest rate). */
const LATER = addDays(TODAY, 2);
const TIMESHEET_DAY = TODAY;
const TIMESHEET_DAY_2 = addDays(TODAY, 1);
const DANA = 4; // roster 12 (CAD), 18, 27, 30 (INR), 45, 64; no NeedReceipt
const RITA = 6; // roster 33 (CAD), 36 (AUD), 45, 61 (USD); NeedReceipt
const SAM = 5; // sightstream (owner 2); roster 21, 22

/** Known rates per pair and day; records every question so the rate-date rule can be checked. */
class FakeRates extends ExchangeRates {
  readonly source = 'embedded' as const;
  readonly asked: string[] = [];
  private readonly table: Record<string, string> = {
    [`CAD>USD@${day(2)}`]: '0.71239',
    [`CAD>USD@${LATER}`]: '0.7001',
    [`USD>CAD@${day(3)}`]: '1.4',
    [`EUR>CAD@${day(5)}`]: '1.5',
  };

  protected async lookUp(from: Currency, to: Currency, date: string): Promise<string | null> {
    this.asked.push(`${from}>${to}@${date}`);
    return this.table[`${from}>${to}@${date}`] ?? null;
  }
}

describe('expenses over HTTP (real PostgreSQL)', () => {
  let t: TestApp;
  const rates = new FakeRates();
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({
      now: NOW,
      seedDemo: true,
      override: (builder) => builder.overrideProvider(ExchangeRates).useValue(rates),
    });
    for (const id of [DANA, RITA, SAM]) tokens[id] = await t.signIn(id);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** appendDirectly: an event the way a later issue's command (approval) or another context would. */
  const { eventCount, expectRefused, appendDirectly } = eventLogChecks(() => t, NOW);

  const post = (who: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.http('POST', `/api/expenses${path}`, { token: tokens[who], body, headers });
  const list = (who: number, query: string) =>
    t.http('GET', `/api/expenses?${query}`, { token: tokens[who] });
  const rowOf = async (who: number, id: string) => {
    const res = await list(who, `start=${WINDOW.first}&end=${WINDOW.last}`);
    return res.body.rows.find((r: { id: string }) => r.id === id);
  };

  async function uploadedReceipt(employeeId: number, key: string): Promise<string> {
    const receiptId = deriveEventId(key, 'receipt', 0);
    await appendDirectly(
      `receipts-${employeeId}`,
      'ReceiptUploaded',
      {
        receiptId,
        employeeId,
        fileName: `${key}.pdf`,
        contentType: 'application/pdf',
        size: 1234,
        sha256: 'a'.repeat(64),
        storageKey: `receipts/${employeeId}/${receiptId}.pdf`,
        scan: { total: null, date: null },
      },
      key,
    );
    return receiptId;
  }

  const claim = (extra: Record<string, unknown> = {}) => ({
    categoryId: 4,
    projectId: 61,
    currency: 'USD',
    amount: '25.00',
    date: day(10),
    comment: 'Drive to the yard',
    isBillable: true,
    ...extra,
  });

  it('a project outside the owner scope answers exactly as an unknown one, and nothing is appended', async () => {
    const outside = await expectRefused(post(SAM, '', claim({ projectId: 12 })), 400);
    const unknown = await expectRefused(post(SAM, '', claim({ projectId: 999999 })), 400);
    expect(outside.body.problems).toEqual([{ path: 'projectId', message: 'Project 12 does not exist' }]);
    expect(unknown.body.problems).toEqual([{ path: 'projectId', message: 'Project 999999 does not exist' }]);
  });

  /** A claim over several dates has no single `date`; an accommodation has no single `amount` either. */
  const overDates = (extra: Record<string, unknown> = {}) => {
    const { date: _date, ...rest } = claim(extra);
    return rest;
  };
  const nightly = (extra: Record<string, unknown> = {}) => {
    const { amount: _amount, ...rest } = overDates(extra);
    return rest;
  };

  it('lists the expense types with their behaviours', async () => {
    const res = await t.http('GET', '/api/expenses/types', { token: tokens[RITA] });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((type: { id: number }) => [type.id, type]));
    expect(byId.get(0)).toMatchObject({ name: 'Meals', receipt: 'required' });
    expect(byId.get(1)).toMatchObject({ receipt: 'whenNeedReceipt', activityDateLabel: 'Check-In Date' });
    expect(byId.get(3)).toMatchObject({ activityDateLabel: 'Date of Departure' });
    expect(byId.get(16)).toMatchObject({ flow: 'totalAndExpensed' });
  });

  it('saves a claim converted at the day’s rate, truncated, and lists it right away with totals', async () => {
    // A timesheet first, for the contractor's total (8 h x 200 = 1600.00).
    const time = await t.http('POST', '/api/timesheets', {
      token: tokens[RITA],
      body: {
        projectId: 61,
        subProjectId: null,
        items: [{ date: TIMESHEET_DAY, hours: '8', overtimeHours: null, comment: 'Yard survey' }],
        confirmLate: false,
      },
    });
    expect(time.status).toBe(201);

    const res = await post(RITA, '', claim({ currency: ' cad ', amount: '100', date: day(2) }));
    expect(res.status).toBe(201);
    expect(res.body.expenseIds).toHaveLength(1);
    expect(res.body.position).toMatch(/^\d+\/\d+$/);
    expect(rates.asked).toContain(`CAD>USD@${day(2)}`);

    const listed = await list(RITA, `start=${MONTH_FIRST}&end=${MONTH_LAST}`);
    expect(listed.status).toBe(200);
    expect(listed.body.rows).toEqual([
      expect.objectContaining({
        id: res.body.expenseIds[0],
        date: day(2),
        projectId: 61,
        projectName: 'Field Operations (Overtime)',
        categoryId: 4,
        categoryName: 'Mileage',
        currency: 'CAD',
        amount: '100',
        rate: '0.71239',
        projectCurrency: 'USD',
        claimed: '71.23', // 71.239 truncated, not rounded
        isBillable: true,
        comment: 'Drive to the yard',
        receiptId: null,
        isApproved: false,
        verifiedAt: null,
        version: 1,
      }),
    ]);
    expect(listed.body.totals).toEqual({ claimed: '71.23' });
    expect(listed.body.contractorTotal).toEqual({
      timesheetValue: '1600.00',
      expensesClaimed: '71.23',
      total: '1671.23',
    });
  });

  it('time and expenses share the month: a timesheet saved after an expense of that month is accepted', async () => {
    const expense = await post(RITA, '', claim({ date: TIMESHEET_DAY_2, comment: 'Gate pass' }));
    expect(expense.status).toBe(201);
    const time = await t.http('POST', '/api/timesheets', {
      token: tokens[RITA],
      body: {
        projectId: 61,
        subProjectId: null,
        items: [{ date: TIMESHEET_DAY_2, hours: '6', overtimeHours: null, comment: 'Yard survey, day 2' }],
        confirmLate: false,
      },
    });
    expect(time.status).toBe(201);
    const listed = await t.http('GET', `/api/timesheets?start=${TIMESHEET_DAY_2}&end=${TIMESHEET_DAY_2}`, {
      token: tokens[RITA],
    });
    expect(listed.body.rows.map((r: { comment: string }) => r.comment)).toEqual(['Yard survey, day 2']);
  });

  it('a date from today on asks for the latest rate; an unknown pair or the same currency is rate 1', async () => {
    const future = await post(RITA, '', claim({ currency: 'CAD', amount: '10', date: LATER }));
    expect(future.status).toBe(201);
    // The adapters apply the rate-date rule; the handler hands them the expense date.
    expect(rates.asked).toContain(`CAD>USD@${LATER}`);
    expect(await rowOf(RITA, future.body.expenseIds[0])).toMatchObject({ rate: '0.7001', claimed: '7.00' });

    const same = await post(RITA, '', claim({ currency: 'USD', amount: '12.34' }));
    expect(await rowOf(RITA, same.body.expenseIds[0])).toMatchObject({ rate: '1', claimed: '12.34' });

    const unknown = await post(RITA, '', claim({ currency: 'INR', amount: '500' }));
    expect(await rowOf(RITA, unknown.body.expenseIds[0])).toMatchObject({ rate: '1', claimed: '500.00' });
  });

  it('previews the claimed amount and rate the claim is then saved with; bad input is 400 naming the field', async () => {
    const preview = (who: number, query: string) =>
      t.http('GET', `/api/expenses/claim-preview?${query}`, { token: tokens[who] });
    const converted = await preview(RITA, `projectId=61&date=${day(2)}&currency=%20cad%20&amount=100.50`);
    expect(converted.status).toBe(200);
    expect(converted.body).toEqual({
      amount: '100.5',
      currency: 'CAD',
      projectCurrency: 'USD',
      rate: '0.71239',
      rateDate: rateDateFor(day(2), TODAY),
      rateFound: true,
      claimed: '71.59', // 71.595195 truncated
    });
    const saved = await post(RITA, '', claim({ currency: 'CAD', amount: '100.50', date: day(2) }));
    expect(await rowOf(RITA, saved.body.expenseIds[0])).toMatchObject({
      rate: converted.body.rate,
      claimed: converted.body.claimed,
      projectCurrency: 'USD',
    });

    const later = await preview(RITA, `projectId=61&date=${LATER}&currency=CAD&amount=10`);
    expect(later.body).toMatchObject({
      rate: '0.7001',
      rateDate: 'latest',
      rateFound: true,
      claimed: '7.00',
    });
    const same = await preview(RITA, `projectId=61&date=${day(2)}&currency=USD&amount=12.34`);
    expect(same.body).toMatchObject({ rate: '1', rateDate: null, rateFound: true, claimed: '12.34' });
    const unknown = await preview(RITA, `projectId=61&date=${day(2)}&currency=INR&amount=500`);
    expect(unknown.body).toMatchObject({ rate: '1', rateFound: false, claimed: '500.00' });

    const problems = async (query: string) => {
      const res = await preview(RITA, query);
      expect(res.status).toBe(400);
      return res.body.problems;
    };
    expect(await problems(`projectId=61&date=${day(2)}&currency=CAD&amount=7.255`)).toEqual([
      { path: 'amount', message: 'Amount can have at most 2 decimal places' },
    ]);
    expect(await problems(`date=${day(2)}&currency=XYZ&amount=1`)).toEqual([
      { path: 'projectId', message: 'Project is required.' },
      { path: 'currency', message: 'Currency must be one of USD, CAD, EUR, INR, GBP, AUD' },
    ]);
    expect(await problems(`projectId=61&date=soon&currency=CAD&amount=1&rate=2`)).toEqual(
      expect.arrayContaining([{ path: 'date', message: 'Date must be a date (YYYY-MM-DD)' }]),
    );
    // Outside the person's owner scope: the claim's own answer, no currency or rate told.
    expect(await problems(`projectId=12&date=${day(2)}&currency=CAD&amount=1`)).toEqual([
      { path: 'projectId', message: 'You are not on the roster of this project.' },
    ]);
    const outside = await preview(SAM, `projectId=12&date=${day(2)}&currency=CAD&amount=1`);
    expect(outside.status).toBe(400);
    expect(outside.body.problems).toEqual([{ path: 'projectId', message: 'Project 12 does not exist' }]);
    expect(outside.body).not.toHaveProperty('rate');
  });

  it('answers 400 naming the field and the rule, and appends nothing', async () => {
    await expectRefused(post(RITA, '', claim({ categoryId: null })), 400, [
      { path: 'categoryId', message: 'Type of expense is required.' },
    ]);
    await expectRefused(post(RITA, '', claim({ date: '' })), 400, [
      { path: 'date', message: 'Date is required.' },
    ]);
    await expectRefused(post(RITA, '', claim({ amount: null })), 400, [
      { path: 'amount', message: 'Amount is required.' },
    ]);
    await expectRefused(post(RITA, '', claim({ comment: '  ' })), 400, [
      { path: 'comment', message: 'Comments are required.' },
    ]);
    await expectRefused(post(RITA, '', claim({ amount: '0' })), 400, [
      { path: 'amount', message: 'Amount must be greater than 0' },
    ]);
    await expectRefused(post(RITA, '', claim({ amount: '1.005' })), 400, [
      { path: 'amount', message: 'Amount can have at most 2 decimal places' },
    ]);
    await expectRefused(post(RITA, '', claim({ currency: 'JPY' })), 400, [
      { path: 'currency', message: 'Currency must be one of USD, CAD, EUR, INR, GBP, AUD' },
    ]);
    await expectRefused(post(RITA, '', claim({ categoryId: 3 })), 400, [
      { path: 'activityDate', message: 'Date is required.' },
    ]);
    await expectRefused(post(RITA, '', claim({ categoryId: 16, totalAmount: '20' })), 400, [
      { path: 'amount', message: 'Amount to be Expensed must not be more than the Total Amount.' },
    ]);
    await expectRefused(post(RITA, '', claim({ date: addDays(WINDOW.first, -1) })), 400, [
      { path: 'date', message: `Date must be between ${WINDOW.first} and ${WINDOW.last}` },
    ]);
    await expectRefused(post(RITA, '', claim({ date: addDays(WINDOW.last, 1) })), 400, [
      { path: 'date', message: `Date must be between ${WINDOW.first} and ${WINDOW.last}` },
    ]);
    await expectRefused(post(RITA, '', claim({ categoryId: 0 })), 400, [
      { path: 'receiptId', message: 'A receipt is required for this type of expense.' },
    ]);
    // Hotel: Rita has NeedReceipt set.
    await expectRefused(post(RITA, '', claim({ categoryId: 1, activityDate: day(10) })), 400, [
      { path: 'receiptId', message: 'A receipt is required for this type of expense.' },
    ]);
    await expectRefused(post(RITA, '', claim({ projectId: 12 })), 400, [
      { path: 'projectId', message: 'You are not on the roster of this project.' },
    ]);
    await expectRefused(post(RITA, '', claim({ receiptId: '00000000-0000-4000-8000-000000000000' })), 400, [
      { path: 'receiptId', message: 'Receipt not found. Upload it again.' },
    ]);
    await expectRefused(
      post(DANA, '/accommodation', {
        ...nightly({ categoryId: 1, projectId: 12, currency: 'CAD' }),
        items: [
          { date: day(2), amount: '120' },
          { date: day(3), amount: '' },
        ],
      }),
      400,
      [{ path: 'items.1.amount', message: 'Please enter all the amounts.' }],
    );
    await expectRefused(post(DANA, '/per-diem', { ...overDates({ projectId: 12 }), dates: [day(2)] }), 400, [
      { path: 'categoryId', message: 'This type of expense cannot be claimed over several dates.' },
    ]);
  });

  it('a hotel needs no receipt without NeedReceipt; a meal with the person’s own receipt is saved', async () => {
    const hotel = await post(DANA, '', claim({ categoryId: 1, projectId: 12, activityDate: day(9) }));
    expect(hotel.status).toBe(201);
    const receiptId = await uploadedReceipt(RITA, 'rita-meal');
    const meal = await post(RITA, '', claim({ categoryId: 0, receiptId }));
    expect(meal.status).toBe(201);
    expect(await rowOf(RITA, meal.body.expenseIds[0])).toMatchObject({
      receiptId,
      receiptFileName: 'rita-meal.pdf',
    });
  });

  it('records a per diem over three dates, one expense each, in one group', async () => {
    const res = await post(DANA, '/per-diem', {
      ...overDates({ categoryId: 1, projectId: 12, currency: 'USD', amount: '96' }),
      dates: [day(3), day(4), day(5)],
    });
    expect(res.status).toBe(201);
    expect(res.body.expenseIds).toHaveLength(3);
    const rows = await Promise.all(res.body.expenseIds.map((id: string) => rowOf(DANA, id)));
    expect(rows.map((r) => r.date)).toEqual([day(3), day(4), day(5)]);
    // USD -> CAD: a rate only for the 3rd; the other days fall back to 1.
    expect(rows.map((r) => [r.rate, r.claimed])).toEqual([
      ['1.4', '134.40'],
      ['1', '96.00'],
      ['1', '96.00'],
    ]);
    expect(rows.every((r) => r.activityDate === day(3) && r.groupId === rows[0].groupId)).toBe(true);
    expect(rows[0].groupId).not.toBeNull();
  });

  it('records an accommodation with an amount per date, across two months', async () => {
    const res = await post(DANA, '/accommodation', {
      ...nightly({ categoryId: 1, projectId: 12, currency: 'CAD' }),
      items: [
        { date: addDays(MONTH_FIRST, -2), amount: '120.50' },
        { date: addDays(MONTH_FIRST, -1), amount: 99 },
        { date: MONTH_FIRST, amount: '101.25' },
      ],
    });
    expect(res.status).toBe(201);
    const rows = await Promise.all(res.body.expenseIds.map((id: string) => rowOf(DANA, id)));
    expect(rows.map((r) => [r.date, r.amount, r.claimed])).toEqual([
      [addDays(MONTH_FIRST, -2), '120.5', '120.50'],
      [addDays(MONTH_FIRST, -1), '99', '99.00'],
      [MONTH_FIRST, '101.25', '101.25'],
    ]);
    const streams = await sql<{ stream_id: string }>`
      select distinct stream_id from events where type = 'ExpenseClaimed' and data->>'groupId' = ${rows[0].groupId}
      order by stream_id`.execute(t.db.db);
    expect(streams.rows.map((r) => r.stream_id)).toEqual([`ledger-4-${PREVIOUS}`, `ledger-4-${MONTH}`]);
  });

  it('an idempotent retry (same Idempotency-Key) appends nothing twice', async () => {
    const before = await eventCount();
    const body = claim({ amount: '5.55', comment: 'Retry me' });
    const first = await post(RITA, '', body, { 'Idempotency-Key': 'rita-expense-1' });
    const again = await post(RITA, '', body, { 'Idempotency-Key': 'rita-expense-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.expenseIds).toEqual(first.body.expenseIds);
    expect(await eventCount()).toBe(before + 1);
  });

  it('edits within the month and into another month; a stale version is 409; delete removes it', async () => {
    const saved = await post(RITA, '', claim({ currency: 'CAD', amount: '100', date: day(2) }));
    const id = saved.body.expenseIds[0];
    const edit = (body: Record<string, unknown>) =>
      t.http('PUT', `/api/expenses/${id}`, { token: tokens[RITA], body });
    const base = {
      projectId: 61,
      categoryId: 5,
      isBillable: false,
      date: day(2),
      amount: '50',
      comment: 'Parking instead',
    };

    const changed = await edit({ ...base, version: 1 });
    expect(changed.status).toBe(200);
    expect(await rowOf(RITA, id)).toMatchObject({
      categoryName: 'Parking',
      isBillable: false,
      amount: '50',
      rate: '0.71239', // same date and currency: the rate is kept
      claimed: '35.61', // 35.6195 truncated
      version: 2,
    });

    await expectRefused(edit({ ...base, amount: '60', version: 1 }), 409);
    await expectRefused(edit({ ...base, comment: '', version: 2 }), 400, [
      { path: 'comment', message: 'Comments are required.' },
    ]);

    const moved = await edit({ ...base, date: lastMonthDay(15), version: 2 });
    expect(moved.status).toBe(200);
    expect(await rowOf(RITA, id)).toMatchObject({
      date: lastMonthDay(15),
      version: 3,
      rate: '1',
      claimed: '50.00',
    });
    // Claimed in the new month first, then withdrawn from the old one, naming where it went.
    const events = await sql<{ stream_id: string; type: string; moved_to: string | null }>`
      select stream_id, type, data->>'movedTo' as moved_to from events
      where data->>'expenseId' = ${id} order by position`.execute(t.db.db);
    expect(events.rows.slice(-2)).toEqual([
      { stream_id: `ledger-${RITA}-${PREVIOUS}`, type: 'ExpenseClaimed', moved_to: null },
      { stream_id: `ledger-${RITA}-${MONTH}`, type: 'ExpenseWithdrawn', moved_to: PREVIOUS },
    ]);

    const removed = await t.http('DELETE', `/api/expenses/${id}?version=3`, { token: tokens[RITA] });
    expect(removed.status).toBe(200);
    expect(await rowOf(RITA, id)).toBeUndefined();
  });

  it('another person’s expense or receipt is 403 and nothing changes', async () => {
    const saved = await post(RITA, '', claim({ amount: '7' }));
    const id = saved.body.expenseIds[0];
    await expectRefused(
      t.http('PUT', `/api/expenses/${id}`, {
        token: tokens[DANA],
        body: { projectId: 12, categoryId: 4, date: day(10), amount: '1', comment: 'Mine', version: 1 },
      }),
      403,
    );
    await expectRefused(t.http('DELETE', `/api/expenses/${id}?version=1`, { token: tokens[DANA] }), 403);
    const ritasReceipt = await uploadedReceipt(RITA, 'rita-taxi');
    await expectRefused(post(DANA, '', claim({ projectId: 12, receiptId: ritasReceipt })), 403);
    expect(await rowOf(DANA, id)).toBeUndefined();
  });

  it('a verified month answers 423 “{project} is not editable”; an approved expense cannot change', async () => {
    const saved = await post(RITA, '', claim({ projectId: 33, currency: 'CAD', date: lastMonthDay(5) }));
    const id = saved.body.expenseIds[0];
    await appendDirectly(
      `ledger-6-${PREVIOUS}`,
      'PeriodVerified',
      { employeeId: RITA, projectId: 33, month: PREVIOUS },
      'rita-verify-33',
    );
    const body = {
      projectId: 33,
      categoryId: 4,
      date: lastMonthDay(5),
      amount: '1',
      comment: 'Late change',
      version: 1,
    };
    const locked = await expectRefused(
      t.http('PUT', `/api/expenses/${id}`, { token: tokens[RITA], body }),
      423,
    );
    expect(locked.body.message).toBe('Fort McMurray Relocation is not editable');
    await expectRefused(post(RITA, '', claim({ projectId: 33, date: lastMonthDay(6) })), 423);
    expect(await rowOf(RITA, id)).toMatchObject({ verifiedAt: expect.any(String) });

    const other = await post(RITA, '', claim({ amount: '8', date: day(11) }));
    const approvedId = other.body.expenseIds[0];
    await appendDirectly(`ledger-6-${MONTH}`, 'ExpensesApproved', { expenseIds: [approvedId] }, 'approve-1');
    expect(await rowOf(RITA, approvedId)).toMatchObject({ isApproved: true });
    await expectRefused(
      t.http('PUT', `/api/expenses/${approvedId}`, {
        token: tokens[RITA],
        body: { ...body, projectId: 61, date: day(11) },
      }),
      400,
      [{ path: 'id', message: 'This expense is approved and can no longer be changed.' }],
    );
    await expectRefused(
      t.http('DELETE', `/api/expenses/${approvedId}?version=1`, { token: tokens[RITA] }),
      400,
    );
  });

  it('sorts by claimed and filters by project', async () => {
    const desc = await list(DANA, `start=${PREVIOUS_FIRST}&end=${MONTH_LAST}&sortBy=claimed&direction=desc`);
    const claimed = desc.body.rows.map((r: { claimed: string }) => Number(r.claimed));
    expect(claimed.length).toBeGreaterThan(3);
    expect([...claimed].sort((a, b) => b - a)).toEqual(claimed);
    const only30 = await list(DANA, `start=${WINDOW.first}&end=${MONTH_LAST}&projectId=30`);
    expect(only30.body.rows.length).toBeGreaterThan(0); // the seeded phone bill
    expect(only30.body.rows.every((r: { projectId: number }) => r.projectId === 30)).toBe(true);
    const bad = await list(DANA, `start=${MONTH_LAST}&end=${MONTH_FIRST}`);
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([{ path: 'end', message: 'End must not be before Start' }]);
  });

  it('the demo history went through the claim command: listed for the person, recorded by the demo seed', async () => {
    const carlos = await t.signIn(3);
    // The seed claims it on the ninth of the month before the one it ran in.
    const previous = `start=${PREVIOUS_FIRST}&end=${endOfMonth(PREVIOUS_FIRST)}`;
    const lastMonth = await t.http('GET', `/api/expenses?${previous}`, { token: carlos });
    const parking = lastMonth.body.rows.find(
      (r: { comment: string }) => r.comment === 'Parking at the depot',
    );
    expect(parking).toMatchObject({ projectId: 14, date: lastMonthDay(9), claimed: '18.50' });
    const { rows } = await sql<{
      stream_id: string;
      metadata: { actor: { name: string }; commandId: string };
    }>`
      select stream_id, metadata from events where type = 'ExpenseClaimed' and data->>'expenseId' = ${parking.id}`.execute(
      t.db.db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].stream_id).toBe(`ledger-3-${PREVIOUS}`);
    expect(rows[0].metadata.actor.name).toBe('Demo seed');
    expect(rows[0].metadata.commandId).toBe('demo-seed:expenses-carlos-parking');
  });

  it('only the system caller may claim for someone else with vouched facts; a person gets 403 and nothing is written', async () => {
    const person = { staffId: DANA, name: 'Dana Developer', username: 'dana.developer@smartwork.example' };
    const caller = systemCaller({
      actor: { id: String(DANA), name: person.name },
      commandId: 'vouched-by-a-person',
      correlationId: 'vouched-by-a-person',
      causationId: null,
      now: new Date(NOW),
    });
    const notSystem = { ...caller, principal: { ...caller.principal, ...person, isAdmin: true } };
    const command = new ClaimExpensesCommand(notSystem, planOfClaim(expenseClaimSchema.parse(claim())), {
      employeeId: RITA,
      needReceipt: false,
      project: { projectId: 33, name: 'Any', invoiceCurrency: 'CAD' },
    });
    const before = await eventCount();
    await expect(t.app.get(CommandBus).execute(command)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await eventCount()).toBe(before);
  });

  it('the contractor total follows a time entry that is saved, moved to another month and deleted', async () => {
    const token = tokens[RITA];
    const timeValue = async (day: string) => {
      const res = await list(RITA, `start=${day}&end=${day}&projectId=61`);
      return res.body.contractorTotal.timesheetValue;
    };
    // Other tests of this file record time on these days too: the total moves by this entry's value.
    // Today (never late) and the first of next month (inside the window).
    const [here, there] = [TODAY, startOfMonthOffset(TODAY, 1)];
    const [november, december] = [await timeValue(here), await timeValue(there)];
    const saved = await t.http('POST', '/api/timesheets', {
      token,
      body: {
        projectId: 61,
        subProjectId: null,
        items: [{ date: here, hours: '2', overtimeHours: null, comment: 'Gate check' }],
        confirmLate: false,
      },
    });
    expect(saved.status).toBe(201);
    expect(await timeValue(here)).toBe(sumMoney([november, '400']));

    const entryId = saved.body.entryIds[0];
    const moved = await t.http('PUT', `/api/timesheets/${entryId}`, {
      token,
      body: {
        projectId: 61,
        subProjectId: null,
        date: there,
        hours: '3.5',
        overtimeHours: null,
        comment: 'Gate check',
        version: 1,
        confirmLate: false,
      },
    });
    expect(moved.status).toBe(200);
    expect(await timeValue(here)).toBe(november);
    expect(await timeValue(there)).toBe(sumMoney([december, '700']));

    const removed = await t.http('DELETE', `/api/timesheets/${entryId}?version=2`, { token });
    expect(removed.status).toBe(200);
    expect(await timeValue(there)).toBe(december);
  });
});
