// Fixed dates: the apps and the demo seed run at the file's own instant (NOW, Monday 2026-11-23).
import { reportEmbedMessages, timesheetExportMessages } from '@portal/contracts';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../../test/app-harness';
import {
  powerBiEnvFor,
  startPowerBiDouble,
  TEST_POWER_BI_APP,
  TEST_POWER_BI_DATASET as DATASET,
  TEST_POWER_BI_WORKSPACE as WORKSPACE,
  TEST_TIMESHEET_REPORTS as REPORTS,
  type PowerBiDouble,
} from '../../../../test/power-bi-double';
import { signInAll } from '../../../../test/signed-in';
import { grantAdmin } from '../../../../test/staff-fixtures';
import { timesheetReportFilters } from './timesheet-report-filters';

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // owner 1, project 12 (Fixed Offset 26 to 25), no overtime
const DANA = 4; // owner 1, umbrella 45
const SAM = 5; // owner 2, project 21
const PRIYA = 8; // owner 2, sightstream; made an admin below
const NOW = '2026-11-23T10:00:00.000Z';

const DOUBLE = {
  ...TEST_POWER_BI_APP,
  clientSecret: 'the-client-secret',
  workspaceId: WORKSPACE,
  reports: Object.fromEntries(Object.values(REPORTS).map((id) => [id, DATASET])),
  expiration: '2026-11-23T11:00:00Z',
};

const CARLOS_PERIOD = { projectId: 12, start: '2026-10-26', end: '2026-11-25' };

/**
 * Download Timesheet as an embedded Power BI report, over HTTP on the demo seed, with Azure AD and
 * Power BI played by a local double (test/power-bi-double.ts) that records what the portal sent.
 */
describe('POST /api/reports/embed with Power BI configured (local double)', () => {
  let t: TestApp;
  let double: PowerBiDouble;
  let tokens: Record<number, string>;

  beforeAll(async () => {
    double = await startPowerBiDouble(DOUBLE);
    t = await startTestApp({
      now: NOW,
      seedDemo: true,
      env: powerBiEnvFor(double, DOUBLE, REPORTS, 'Employee'),
    });
    await grantAdmin(t, ALICE, PRIYA, 'power-bi-make-priya-admin');
    tokens = await signInAll(t, [ALICE, CARLOS, DANA, SAM, PRIYA]);
  });

  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  const embed = (asker: number, body: unknown, headers: Record<string, string> = {}) =>
    t.http('POST', '/api/reports/embed', { token: tokens[asker], body, headers });

  it('says Power BI is on', async () => {
    const answer = await t.http('GET', '/api/reports/status', { token: tokens[CARLOS] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ powerBi: true });
  });

  it('a person gets the report of the type, the token for their own identity, and the selection as filters', async () => {
    const before = double.requests.length;
    const answer = await embed(CARLOS, { type: 'Client Timesheet', ...CARLOS_PERIOD });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      reportId: REPORTS.client,
      embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${REPORTS.client}&groupId=${WORKSPACE}`,
      accessToken: `embed:${REPORTS.client}:carlos.contractor@smartwork.example`,
      expiresAt: '2026-11-23T11:00:00.000Z',
      // The selection as filters on the default table (their shapes: timesheet-report-filters.spec.ts).
      filters: timesheetReportFilters('Timesheets', { ...CARLOS_PERIOD, employeeId: CARLOS }),
    });
    // What the portal sent: the client credentials to AAD, then the report lookup and GenerateToken
    // with the AAD token, as Carlos with the configured role on the report's dataset.
    const sent = double.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /contoso-tenant/oauth2/v2.0/token',
      `GET /v1.0/myorg/groups/${WORKSPACE}/reports/${REPORTS.client}`,
      `POST /v1.0/myorg/groups/${WORKSPACE}/reports/${REPORTS.client}/GenerateToken`,
    ]);
    expect(sent[0].body).toEqual({
      grant_type: 'client_credentials',
      client_id: 'portal-app',
      client_secret: 'the-client-secret',
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    });
    expect(sent[1].authorization).toMatch(/^Bearer aad-/);
    expect(sent[2].authorization).toBe(sent[1].authorization);
    expect(sent[2].body).toEqual({
      accessLevel: 'View',
      identities: [
        { username: 'carlos.contractor@smartwork.example', roles: ['Employee'], datasets: [DATASET] },
      ],
    });
  });

  it('keeps the AAD token for the next people and types: one token request in all', async () => {
    const answers = await Promise.all([
      embed(CARLOS, { type: 'Internal Timesheet (Non-billable)', ...CARLOS_PERIOD }),
      embed(DANA, { type: 'OT Timesheet - Biweekly', projectId: 45, start: '2026-11-01', end: '2026-11-30' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.reportId)).toEqual([REPORTS.internal, REPORTS.otBiweekly]);
    expect(double.tokenRequests()).toHaveLength(1);
  });

  it('an admin may look at someone in scope: the identity is that person, not the admin', async () => {
    const answer = await embed(ALICE, { type: 'Client Timesheet', ...CARLOS_PERIOD, employeeId: CARLOS });
    expect(answer.status).toBe(200);
    expect(answer.body.accessToken).toBe(`embed:${REPORTS.client}:carlos.contractor@smartwork.example`);
    expect(double.generateTokenRequests().at(-1)?.body).toMatchObject({
      identities: [{ username: 'carlos.contractor@smartwork.example' }],
    });
  });

  it('a sightstream admin may look at owner-2 people on owner-2 projects only', async () => {
    const sam = await embed(PRIYA, {
      type: 'OT Timesheet - Monthly',
      projectId: 21,
      start: '2026-11-01',
      end: '2026-11-30',
      employeeId: SAM,
    });
    expect(sam.status).toBe(200);
    expect(sam.body.accessToken).toBe(`embed:${REPORTS.otMonthly}:sam@sightstream.example`);

    const sent = double.generateTokenRequests().length;
    const carlos = await embed(PRIYA, { type: 'Client Timesheet', ...CARLOS_PERIOD, employeeId: CARLOS });
    expect(carlos.status).toBe(404);
    expect(carlos.body.message).toBe('Person not found.');
    const ownProject = await embed(PRIYA, { type: 'Client Timesheet', ...CARLOS_PERIOD, employeeId: SAM });
    expect(ownProject.status).toBe(400);
    expect(ownProject.body.problems).toEqual([{ path: 'projectId', message: 'Project 12 does not exist' }]);
    expect(double.generateTokenRequests()).toHaveLength(sent);
  });

  it('a person naming someone else is refused 403 and Power BI is not asked', async () => {
    const sent = double.requests.length;
    const answer = await embed(CARLOS, { type: 'Client Timesheet', ...CARLOS_PERIOD, employeeId: DANA });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(timesheetExportMessages.othersTimesheets);
    expect(double.requests).toHaveLength(sent);
  });

  it('bad input answers 400 naming each field and its rule', async () => {
    const empty = await embed(CARLOS, {});
    expect(empty.status).toBe(400);
    expect(empty.body.problems).toEqual([
      { path: 'type', message: 'Type is required.' },
      { path: 'projectId', message: 'Project is Required' },
      { path: 'start', message: 'Date is Required' },
      { path: 'end', message: 'Date is Required' },
    ]);
    const wrong = await embed(CARLOS, {
      type: 'Everything',
      projectId: '12',
      start: '2026-11-25',
      end: '2026-10-26',
      extra: 1,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.problems).toEqual(
      expect.arrayContaining([
        { path: 'type', message: timesheetExportMessages.typeUnknown },
        { path: 'projectId', message: 'Project must be a whole number from 1 to 2147483647' },
        { path: 'extra', message: 'extra is not a field of this request' },
      ]),
    );
    const overtime = await embed(CARLOS, { type: 'OT Timesheet - Monthly', ...CARLOS_PERIOD });
    expect(overtime.status).toBe(400);
    expect(overtime.body.problems).toEqual([
      {
        path: 'type',
        message:
          'OT Timesheet - Monthly is only available for projects with overtime; Pipeline Integrity Review has none.',
      },
    ]);
  });

  it('a refusal upstream is logged, and the person gets a plain 503 without the upstream text', async () => {
    double.failNext(
      '/GenerateToken',
      500,
      '{"error":{"code":"InternalError","details":"cluster-7 secret detail"}}',
    );
    const answer = await embed(CARLOS, { type: 'Client Timesheet', ...CARLOS_PERIOD });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(reportEmbedMessages.unavailable);
    expect(JSON.stringify(answer.body)).not.toMatch(/cluster-7|InternalError/);
  });

  it('after AAD tokens are revoked it asks for a new one; a refused secret answers 503', async () => {
    double.revokeTokens();
    const renewed = await embed(CARLOS, { type: 'Client Timesheet', ...CARLOS_PERIOD });
    expect(renewed.status).toBe(200);
    expect(double.tokenRequests()).toHaveLength(2);

    double.revokeTokens();
    double.acceptSecret('a-rotated-secret');
    const refused = await embed(CARLOS, { type: 'Client Timesheet', ...CARLOS_PERIOD });
    expect(refused.status).toBe(503);
    expect(JSON.stringify(refused.body)).not.toMatch(/AADSTS|secret/i);
    double.acceptSecret(DOUBLE.clientSecret);
  });

  it('stores no answer under an Idempotency-Key (the answer holds a token)', async () => {
    const key = 'power-bi-embed-key';
    const first = await embed(
      CARLOS,
      { type: 'Client Timesheet', ...CARLOS_PERIOD },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(200);
    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from command_results where command_id = ${key}`.execute(t.db.db);
    expect(stored.rows[0].n).toBe(0);
  });

  it('lets the page frame app.powerbi.com', async () => {
    const answer = await t.http('GET', '/api/reports/status', { token: tokens[CARLOS] });
    expect(answer.headers.get('content-security-policy')).toContain(
      'frame-src https://app.powerbi.com blob:;',
    );
  });
});

describe('reports without Power BI configured', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    token = await t.signIn(CARLOS);
  });
  afterAll(() => t?.close());

  it('says Power BI is off, answers 404 with a plain message, and frames no other origin', async () => {
    const status = await t.http('GET', '/api/reports/status', { token });
    expect(status.body).toEqual({ powerBi: false });
    expect(status.headers.get('content-security-policy')).toContain('frame-src blob:;');
    const answer = await t.http('POST', '/api/reports/embed', {
      token,
      body: { type: 'Client Timesheet', ...CARLOS_PERIOD },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(reportEmbedMessages.notConfigured);
  });

  it('asks for a sign-in first', async () => {
    expect((await t.http('GET', '/api/reports/status')).status).toBe(401);
    expect((await t.http('POST', '/api/reports/embed', { body: {} })).status).toBe(401);
  });
});
