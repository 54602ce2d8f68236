import {
  addDays,
  AUDIT_EVENT_TYPES,
  AUDIT_PAGE_SIZE_MAX,
  auditMessages,
  monthOf,
  type AuditEntryView,
  type AuditFilterChoices,
  type AuditPage,
} from '@portal/contracts';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { runToday } from '../../../test/dates';
import { AUDIT_EXPORT_HEADERS } from './exports/audit-export';

/* The audit API over the seeded demo people, through the whole app (real PostgreSQL). */
let t: TestApp;

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // employee, not an admin
const DANA = 4; // employee, owner 1; roster 12
const SAM = 5; // employee, owner 2
const SOFIA = 9; // sightstream admin, owner 2

const MONTH_FIRST = `${monthOf(runToday())}-01`;

let alice: string;
let carlos: string;
let dana: string;
let sofia: string;
let expenseId: string;

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
  [alice, carlos, dana, sofia] = await Promise.all([ALICE, CARLOS, DANA, SOFIA].map((id) => t.signIn(id)));
  const claimed = await t.http('POST', '/api/expenses', {
    token: dana,
    body: {
      categoryId: 4,
      projectId: 12,
      currency: 'CAD',
      amount: '25.00',
      date: addDays(MONTH_FIRST, 4),
      comment: 'Drive to the yard',
      isBillable: true,
    },
  });
  expect(claimed.status).toBe(201);
  expenseId = claimed.body.expenseIds[0] as string;
  const corrected = await t.http('PUT', `/api/admin/expenses/${expenseId}`, {
    token: alice,
    body: {
      employeeId: DANA,
      amount: '40.00',
      comment: 'Drive to the yard',
      categoryId: 4,
      date: addDays(MONTH_FIRST, 4),
      rate: '1',
      projectCurrency: 'CAD',
      projectId: 12,
      isBillable: true,
      version: 1,
    },
  });
  expect(corrected.status).toBe(200);
  await t.projectionsCaughtUp();
  // The demo seed and the whole log's projections: slow on a busy machine (no time is asserted).
}, 300_000);

afterAll(async () => {
  await t?.close();
});

async function search(token: string, query: string): Promise<AuditPage> {
  const res = await t.http('GET', `/api/audit/events?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body as AuditPage;
}

const amountChange = (entry: AuditEntryView) => entry.changes.find((c) => c.field === 'amount');

describe('GET /api/audit/events', () => {
  it('finds who changed an expense amount, by entity and by person, with before and after', async () => {
    const byEntity = await search(alice, `entityKind=expense&entityId=${expenseId}`);
    expect(byEntity.entries.map((e) => e.eventType)).toEqual(['ExpenseCorrected', 'ExpenseClaimed']);
    const [correction, claim] = byEntity.entries;
    expect(correction).toMatchObject({
      actorId: String(ALICE),
      actorName: 'Alice Admin',
      subjectPersonId: DANA,
      subjectPersonName: 'Dana Developer',
      entityKind: 'expense',
      entityId: expenseId,
      command: 'Expense corrected',
    });
    expect(amountChange(correction)).toEqual({ field: 'amount', before: '25', after: '40' });
    expect(amountChange(claim)).toEqual({ field: 'amount', before: null, after: '25' });
    expect(claim.actorId).toBe(String(DANA));

    const byPerson = await search(alice, `person=${DANA}&type=ExpenseCorrected`);
    expect(byPerson.entries.map((e) => e.entityId)).toEqual([expenseId]);
    const byActor = await search(alice, `actor=${ALICE}&entityKind=expense`);
    expect(byActor.entries.map((e) => amountChange(e))).toEqual([
      { field: 'amount', before: '25', after: '40' },
    ]);
  });

  it('pages newest first and says whether more follow', async () => {
    const first = await search(alice, 'pageSize=3');
    const second = await search(alice, 'pageSize=3&page=2');
    expect(first.entries).toHaveLength(3);
    expect(first.hasMore).toBe(true);
    expect(second.entries).toHaveLength(3);
    const seqs = [...first.entries, ...second.entries].map((e) => e.seq);
    expect(new Set(seqs).size).toBe(6);
    const times = [...first.entries, ...second.entries].map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const all = await search(alice, `entityKind=expense&entityId=${expenseId}&pageSize=1&page=2`);
    expect(all.entries.map((e) => e.eventType)).toEqual(['ExpenseClaimed']);
    expect(all.hasMore).toBe(false);
  });

  it('shows a sightstream admin only entries about owner-2 people and projects', async () => {
    expect((await search(sofia, `entityKind=expense&entityId=${expenseId}`)).entries).toEqual([]);
    expect((await search(sofia, `person=${DANA}`)).entries).toEqual([]);
    const sam = await search(sofia, `person=${SAM}`);
    expect(sam.entries.length).toBeGreaterThan(0);
    expect(sam.entries.every((e) => e.subjectPersonId === SAM)).toBe(true);
    const everything = await search(sofia, 'pageSize=200');
    expect(everything.entries.some((e) => e.subjectPersonId === DANA)).toBe(false);
  });

  it('answers pages of up to the largest page size, and refuses one more naming it', async () => {
    const largest = await search(alice, `pageSize=${AUDIT_PAGE_SIZE_MAX}`);
    expect(largest.pageSize).toBe(AUDIT_PAGE_SIZE_MAX);
    expect(largest.hasMore).toBe(true); // the demo history holds more entries than the largest page
    expect(largest.entries).toHaveLength(AUDIT_PAGE_SIZE_MAX);
    const over = await t.http('GET', `/api/audit/events?pageSize=${AUDIT_PAGE_SIZE_MAX + 1}`, {
      token: alice,
    });
    expect(over.status).toBe(400);
    expect(over.body.problems).toEqual([{ path: 'pageSize', message: auditMessages.pageSize }]);
  });

  it('refuses bad filters with a 400 naming the field, and non-admins with a 403', async () => {
    const bad = await t.http('GET', '/api/audit/events?entityKind=spaceship&from=yesterday&pageSize=0', {
      token: alice,
    });
    expect(bad.status).toBe(400);
    const paths = (bad.body.problems as { path: string }[]).map((p) => p.path).sort();
    expect(paths).toEqual(['entityKind', 'from', 'pageSize']);
    const range = await t.http(
      'GET',
      `/api/audit/events?from=${MONTH_FIRST}&to=${addDays(MONTH_FIRST, -1)}`,
      {
        token: alice,
      },
    );
    expect(range.status).toBe(400);
    expect(range.body.problems).toEqual([{ path: 'to', message: 'To must not be before From' }]);
    expect((await t.http('GET', '/api/audit/events', { token: carlos })).status).toBe(403);
    expect((await t.http('GET', '/api/audit/events?entityKind=spaceship', { token: carlos })).status).toBe(
      403,
    );
    expect((await t.http('GET', '/api/audit/export?format=csv', { token: carlos })).status).toBe(403);
  });
});

describe('GET /api/audit/filters', () => {
  it('offers the people of the caller’s scope by name and every audited event type; refuses others', async () => {
    const res = await t.http('GET', '/api/audit/filters', { token: alice });
    expect(res.status).toBe(200);
    const choices = res.body as AuditFilterChoices;
    const names = new Map(choices.people.map((p) => [p.staffId, p.name]));
    expect(names.get(DANA)).toBe('Dana Developer');
    expect(names.has(SAM)).toBe(true);
    expect(choices.eventTypes.map((e) => e.type)).toEqual([...AUDIT_EVENT_TYPES]);
    expect(choices.eventTypes.find((e) => e.type === 'ExpenseCorrected')?.label).toBe('Expense corrected');
    // Chosen by name, searched by id: Alice's correction of Dana's expense.
    const found = await search(alice, `person=${DANA}&actor=${ALICE}&type=ExpenseCorrected`);
    expect(found.entries.some((e) => e.entityId === expenseId)).toBe(true);

    const sightstream = (await t.http('GET', '/api/audit/filters', { token: sofia }))
      .body as AuditFilterChoices;
    expect(sightstream.people.some((p) => p.staffId === SAM)).toBe(true);
    expect(sightstream.people.some((p) => p.staffId === DANA)).toBe(false);
    expect((await t.http('GET', '/api/audit/filters', { token: carlos })).status).toBe(403);
  });
});

describe('GET /api/audit/history', () => {
  it('answers one entity’s timeline, oldest first', async () => {
    const res = await t.http('GET', `/api/audit/history?entityKind=expense&entityId=${expenseId}`, {
      token: alice,
    });
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: AuditEntryView) => e.eventType)).toEqual([
      'ExpenseClaimed',
      'ExpenseCorrected',
    ]);
    const missing = await t.http('GET', '/api/audit/history?entityKind=expense', { token: alice });
    expect(missing.status).toBe(400);
    expect(missing.body.problems).toEqual([{ path: 'entityId', message: 'Entity id must have a value' }]);
  });
});

describe('GET /api/audit/export', () => {
  const download = async (query: string) => {
    const response = await fetch(`${t.baseUrl}/api/audit/export?${query}`, {
      headers: { authorization: `Bearer ${alice}` },
    });
    expect(response.status).toBe(200);
    return { headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('writes the search as CSV: the filters on the first rows, then one line per changed field', async () => {
    const { headers, bytes } = await download(`format=csv&person=${DANA}&entityKind=expense`);
    expect(headers.get('content-type')).toMatch(/^text\/csv/);
    expect(headers.get('content-disposition')).toMatch(/attachment; filename="Audit-.*\.csv"/);
    const lines = bytes
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(lines.slice(0, 9)).toEqual([
      'Audit export',
      `Person,${DANA}`,
      'Entity kind,Expense (expense)',
      'Entity id,any',
      'Actor,any',
      'Event type,any',
      'From,any',
      'To,any',
      '',
    ]);
    expect(lines[9]).toBe(AUDIT_EXPORT_HEADERS.join(','));
    const amount = lines.filter((line) => line.includes('ExpenseCorrected') && line.includes(',amount,'));
    expect(amount).toHaveLength(1);
    expect(amount[0].split(',').slice(-3)).toEqual(['amount', '25', '40']);
    expect(amount[0]).toContain('Alice Admin');
  });

  it('writes the search as xlsx, read back with the filters on the first rows', async () => {
    const { headers, bytes } = await download(`format=xlsx&entityKind=expense&entityId=${expenseId}`);
    expect(headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const rows: string[][] = [];
    const typed: ExcelJS.Row[] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      typed.push(row);
      const values: string[] = [];
      for (let c = 1; c <= AUDIT_EXPORT_HEADERS.length; c++) values.push(String(row.getCell(c).value ?? ''));
      rows.push(values);
    });
    expect(rows[0][0]).toBe('Audit export');
    expect(rows[2].slice(0, 2)).toEqual(['Entity kind', 'Expense (expense)']);
    expect(rows[3].slice(0, 2)).toEqual(['Entity id', expenseId]);
    expect(rows[9]).toEqual([...AUDIT_EXPORT_HEADERS]);
    const amount = rows.filter((r) => r[8] === 'ExpenseCorrected' && r[10] === 'amount');
    expect(amount).toHaveLength(1);
    expect(amount[0].slice(-3)).toEqual(['amount', '25', '40']);
    expect(amount[0][1]).toBe('Alice Admin');
    // Typed cells: the instant as an Excel date, ids and amounts as numbers.
    const line = typed[rows.indexOf(amount[0])];
    expect(line.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(line.getCell(1).value).toBeInstanceOf(Date);
    expect(typeof line.getCell(3).value).toBe('number');
    expect(line.getCell(5).value).toBe(DANA);
    expect([line.getCell(12).value, line.getCell(13).value]).toEqual([25, 40]);
  });

  it('lets an auditor read the search, a history and the export, and refuses them a write', async () => {
    const RITA = 6;
    const flagged = await t.http('PUT', `/api/admin/staff/${RITA}`, {
      token: alice,
      body: { isAuditor: true },
    });
    expect(flagged.status).toBe(200);
    const rita = await t.signIn(RITA);
    const found = await t.http('GET', `/api/audit/events?entityKind=expense&entityId=${expenseId}`, {
      token: rita,
    });
    expect(found.status).toBe(200);
    expect((found.body as AuditPage).entries.length).toBeGreaterThan(0);
    const history = await t.http('GET', `/api/audit/history?entityKind=expense&entityId=${expenseId}`, {
      token: rita,
    });
    expect(history.status).toBe(200);
    expect((await t.http('GET', '/api/audit/export?format=csv', { token: rita })).status).toBe(200);
    expect(
      (await t.http('PUT', `/api/admin/staff/${DANA}`, { token: rita, body: { isAdmin: true } })).status,
    ).toBe(403);
  });
});
