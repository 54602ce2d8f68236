import { addDays, importMessages, receiptMessages, textMessages, type BusinessDate } from '@portal/contracts';
import { UNSTORABLE_TEXT_MESSAGE } from '../src/platform/http/exception.filter';
import { startTestApp, type TestApp } from './app-harness';
import { runToday } from './dates';
import { eventCount, expectRefused } from './event-log';

/**
 * The free-text rule over HTTP (issue 24, docs/decisions/0236-free-text-rule.md): a NUL, a lone
 * surrogate or another control character in text a person types is a 400 naming the field and
 * the rule, and nothing is appended. PostgreSQL's jsonb refused these in the event log (a 500).
 */
let t: TestApp;
let alice: string;
let rita: string;

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // contractor on project 12
const RITA = 6; // roster 33, 36, 45, 61 (USD)

const BROKEN = ['a\u0000b', 'a\ud800b', 'a\u0007b'] as const;
const today = (): BusinessDate => runToday();
const broken = (field: string) => [{ path: field, message: textMessages.brokenCharacters(field) }];

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
  [alice, rita] = await Promise.all([t.signIn(ALICE), t.signIn(RITA)]);
});

afterAll(async () => {
  await t?.close();
});

const send = (method: 'POST' | 'PUT', path: string, token: string, body: unknown) =>
  t.http(method, path, { token, body });

/** Each write route with a free-text field: the request, and the field's path and label. */
const ROUTES: readonly {
  readonly route: string;
  readonly request: (text: string) => Promise<{ status: number; body: { problems?: unknown } }>;
  readonly path: string;
  readonly label: string;
}[] = [
  {
    route: 'POST /api/timesheets',
    request: (comment) =>
      send('POST', '/api/timesheets', rita, {
        projectId: 36,
        subProjectId: null,
        items: [{ date: today(), hours: '1', overtimeHours: null, comment }],
        confirmLate: true,
      }),
    path: 'items.0.comment',
    label: 'Activity Comment',
  },
  {
    route: 'POST /api/expenses',
    request: (comment) =>
      send('POST', '/api/expenses', rita, {
        categoryId: 4,
        projectId: 61,
        currency: 'USD',
        amount: '25.00',
        date: today(),
        comment,
        isBillable: true,
      }),
    path: 'comment',
    label: 'Comments',
  },
  {
    route: 'POST /api/leave',
    request: (notes) =>
      send('POST', '/api/leave', rita, { leaveType: 'Sick', fromDate: today(), toDate: today(), notes }),
    path: 'notes',
    label: 'Notes',
  },
  {
    route: 'POST /api/admin/review/return',
    request: (reason) =>
      send('POST', '/api/admin/review/return', alice, {
        employeeId: CARLOS,
        projectId: 12,
        start: addDays(today(), -7),
        end: today(),
        reason,
      }),
    path: 'reason',
    label: 'Reason',
  },
  {
    route: 'POST /api/admin/clients',
    request: (name) => send('POST', '/api/admin/clients', alice, { name }),
    path: 'name',
    label: 'Client Name',
  },
  {
    route: 'PUT /api/admin/staff/:id',
    request: (firstName) => send('PUT', `/api/admin/staff/${CARLOS}`, alice, { firstName }),
    path: 'firstName',
    label: 'First Name',
  },
  {
    route: 'POST /api/admin/vehicles',
    request: (make) =>
      send('POST', '/api/admin/vehicles', alice, {
        year: '2024',
        make,
        projectId: 14,
        issuedTo: CARLOS,
        insuranceCompany: 'Aviva',
        gasCardNumber: 'Shell Fleet',
      }),
    path: 'make',
    label: 'Make',
  },
  {
    route: 'POST /api/admin/code-lists',
    request: (title) => send('POST', '/api/admin/code-lists', alice, { listId: 1, title }),
    path: 'title',
    label: 'Title',
  },
  {
    route: 'POST /api/admin/hiring/candidates',
    request: (firstName) =>
      send('POST', '/api/admin/hiring/candidates', alice, {
        ownerId: null,
        discipline: 'Civil',
        firstName,
        lastName: 'Lovelace',
        email: 'ada@example.com',
        localToCalgary: false,
        applicationDate: today(),
        status: 'Shortlisted',
        resumeId: '00000000-0000-4000-8000-000000000001',
      }),
    path: 'firstName',
    label: 'First name',
  },
];

describe('free text with a NUL, a lone surrogate or a control character', () => {
  it.each(ROUTES)('$route: 400 naming $label and the rule, nothing appended', async (route) => {
    for (const text of BROKEN) {
      const problems = [{ path: route.path, message: textMessages.brokenCharacters(route.label) }];
      await expectRefused(t, route.request(text), 400, problems);
    }
  });

  it('a query filter no schema reads as free text is refused too, not a 500', async () => {
    const res = await t.http('GET', '/api/admin/analytics/azure-cost?service=Storage%00', { token: alice });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual(broken('service'));
  });

  it('a vehicle with only ordinary text in its fields is still saved (the rule refuses no typed text)', async () => {
    const saved = await send('POST', '/api/admin/vehicles', alice, {
      year: '2024',
      make: 'Toyota',
      projectId: 14,
      issuedTo: CARLOS,
      insuranceCompany: 'Aviva',
      gasCardNumber: 'Shell Fleet',
      comment: 'Two keys for the Citroën 🚐:\n\tone spare',
    });
    expect(saved.status).toBe(201);
    const listed = await t.http('GET', '/api/admin/vehicles', { token: alice });
    const vehicle = (listed.body as { vehicleId: number; comment: string | null }[]).find(
      (v) => v.vehicleId === saved.body.vehicleId,
    );
    expect(vehicle?.comment).toBe('Two keys for the Citroën 🚐:\n\tone spare');
  });
});

describe('file uploads', () => {
  const upload = async (path: string, name: string, bytes: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    const response = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${path.includes('admin') ? alice : rita}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { problems?: unknown } };
  };

  it('a NUL in a receipt file name names the file name rule, not "could not be read"', async () => {
    const res = await expectRefused(
      t,
      upload('/api/expenses/receipts', 'taxi\u0000.pdf', '%PDF-1.4\n%%EOF\n', 'application/pdf'),
      400,
      [{ path: 'file', message: receiptMessages.fileName }],
    );
    expect(res.body.problems).not.toContainEqual({ path: 'file', message: receiptMessages.unreadable });
  });

  it('a NUL in an import file name names the file name rule too', async () => {
    await expectRefused(
      t,
      upload('/api/admin/analytics/azure-cost/imports', 'cost\u0000.csv', 'a,b\r\n1,2', 'text/csv'),
      400,
      [{ path: 'file', message: importMessages.fileName }],
    );
  });

  it('a NUL deep in an imported file (past the type check) is a 400 from the log, not a 500', async () => {
    const [year, month, day] = today().split('-');
    const header =
      'InvoiceSectionName,AccountName,Date,MeterCategory,ResourceGroup,CostInBillingCurrency,BillingCurrency';
    const rows = Array.from(
      { length: 20 },
      (_, i) => `Main,Ops,${month}/${day}/${year},Storage,rg-${i},0.1,USD`,
    );
    const csv = [header, ...rows, `Main,Ops,${month}/${day}/${year},Sto\u0000rage,rg-x,0.1,USD`].join('\r\n');
    const before = await eventCount(t.db.db);
    const res = await upload('/api/admin/analytics/azure-cost/imports', 'cost.csv', csv, 'text/csv');
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([{ path: expect.any(String), message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(await eventCount(t.db.db)).toBe(before);
  });
});
