import {
  catalogAdminMessages,
  catalogMessages,
  CLIENT_IMPORT_COLUMNS as C,
  dataImportMessages,
  idMessages,
  MAX_DATA_IMPORT_BYTES,
  MAX_DATA_IMPORT_UNPACK_RATIO,
  type AdminClient,
} from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { registerDemoOwnersAndPeople } from '../../../test/demo-firm';
import { eventCount } from '../../../test/event-log';
import { sql } from 'kysely';
import { applyImport, csvOf, uploadImport, xlsxOf, zipOf } from '../../../test/data-import-files';

/* Bringing clients and projects from files into an empty portal: refusals, the dry run, the apply. */
let t: TestApp;
let alice: string;
let carlos: string;

beforeAll(async () => {
  t = await startTestApp();
  await registerDemoOwnersAndPeople(t);
  [alice, carlos] = await Promise.all([t.signIn(1), t.signIn(3)]);
});

afterAll(async () => {
  await t?.close();
});

const CLIENT_HEADINGS = [C.clientId.heading, C.name.heading, C.city.heading, C.contacts.heading];
const PROJECT_HEADINGS = [
  'Project ID',
  'Client ID',
  'Owner ID',
  'Project Name',
  'Invoice Currency',
  'Billing Cycle',
  'Active',
];

async function correlationsOf(streamId: string): Promise<string[]> {
  const { rows } = await sql<{ correlation: string }>`
    select metadata->>'correlationId' as correlation from events where stream_id = ${streamId} order by position`.execute(
    t.db.db,
  );
  return rows.map((r) => r.correlation);
}

describe('a file that cannot be imported', () => {
  it('is refused with a 400 on file naming why, and nothing is written', async () => {
    const before = await eventCount(t.db.db);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const refusals: [Buffer | string, string][] = [
      [png, dataImportMessages.wrongType],
      [
        csvOf([
          [...CLIENT_HEADINGS, 'Fax'],
          [1, 'Acme', null, null, null],
        ]),
        dataImportMessages.unknownColumns(['Fax']),
      ],
      [
        csvOf([
          [C.clientId.heading, C.city.heading],
          [1, 'Calgary'],
        ]),
        dataImportMessages.missingColumns(['Client Name']),
      ],
      [
        csvOf([[C.clientId.heading, C.name.heading, C.name.heading]]),
        dataImportMessages.repeatedColumn('Client Name'),
      ],
      [csvOf([CLIENT_HEADINGS]), dataImportMessages.noRows],
      [await zipOf({ 'word/document.xml': '<w:document/>' }), dataImportMessages.notAWorkbook],
    ];
    for (const [content, message] of refusals) {
      const answer = await uploadImport(t, alice, 'clients', content, 'clients.csv');
      expect({ status: answer.status, problems: answer.body.problems }).toEqual({
        status: 400,
        problems: [{ path: 'file', message }],
      });
    }
    expect(await eventCount(t.db.db)).toBe(before);
  });

  it('is refused as a zip bomb when its parts unpack to more than the ratio allows', async () => {
    // 20 MB of zeros deflate to about 20 KB: a thousand times its size.
    const bomb = await zipOf({ 'xl/workbook.xml': Buffer.alloc(20 * 1024 * 1024) });
    expect(bomb.length * MAX_DATA_IMPORT_UNPACK_RATIO).toBeLessThan(20 * 1024 * 1024);
    const answer = await uploadImport(t, alice, 'clients', bomb, 'clients.xlsx');
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual([{ path: 'file', message: dataImportMessages.zipBomb }]);
  });

  it('is taken at exactly the most bytes, and refused at one more (the rows: sheet-rows.spec)', async () => {
    // One record of MAX bytes: taken as to its size, then refused for its row's length.
    const heading = 'Employee Name,Company\n';
    const sized = (bytes: number) => heading + 'x'.repeat(bytes - heading.length);
    const atMost = await uploadImport(t, alice, 'roster', sized(MAX_DATA_IMPORT_BYTES), 'big.csv');
    expect(atMost.body.problems).toEqual([{ path: 'file', message: dataImportMessages.rowTooLong(2) }]);
    const over = await uploadImport(t, alice, 'roster', sized(MAX_DATA_IMPORT_BYTES + 1), 'big.csv');
    expect(over.body.problems).toEqual([{ path: 'file', message: dataImportMessages.tooLarge }]);
  });

  it('is for admins only: anyone else is answered 403 before the file is read', async () => {
    const answer = await uploadImport(t, carlos, 'clients', csvOf([CLIENT_HEADINGS]), 'clients.csv');
    expect(answer.status).toBe(403);
  });
});

describe('the dry run', () => {
  it('lists formulas, repeated keys and broken rules by sheet, row and column; such a file cannot be applied', async () => {
    const before = await eventCount(t.db.db);
    const file = await xlsxOf(
      [
        CLIENT_HEADINGS,
        [41, 'Acme Mining', 'Calgary', 'Pat Lee <pat@acme.example>'],
        [41, 'Acme Again', null, null],
        [42, { formula: '1+1', result: 2 }, null, null],
        [43, 'Borealis', null, 'Sam <not-an-address>'],
        ['forty-four', 'Cirrus', null, null],
      ],
      'Clients',
    );
    const answer = await uploadImport(t, alice, 'clients', file, 'clients.xlsx');
    expect(answer.status).toBe(201);
    expect(answer.body.problems).toEqual([
      {
        sheet: 'Clients',
        row: 3,
        column: 'Client ID',
        message: dataImportMessages.duplicateKey('Client ID', '41', 2),
      },
      { sheet: 'Clients', row: 4, column: 'Client Name', message: dataImportMessages.formula },
      {
        sheet: 'Clients',
        row: 5,
        column: 'Contacts',
        message: catalogAdminMessages.invalidEmail('Contact Email'),
      },
      { sheet: 'Clients', row: 6, column: 'Client ID', message: idMessages.invalid('Client ID') },
    ]);
    expect(answer.body).toMatchObject({ rows: 5, problemCount: 4, canApply: false });
    // Only the check itself is recorded; applying it is refused.
    expect(await eventCount(t.db.db)).toBe(before + 1);
    const apply = await t.http('POST', `/api/admin/imports/${answer.body.importId}/apply`, { token: alice });
    expect(apply.status).toBe(400);
    expect(apply.body.problems).toEqual([{ path: 'file', message: dataImportMessages.hasProblems(4) }]);
    expect(await eventCount(t.db.db)).toBe(before + 1);
  });
});

describe('clients and projects from files', () => {
  const clients = csvOf([
    CLIENT_HEADINGS,
    [
      11,
      'Northwind Energy',
      'Calgary',
      'Priya Shah <priya.shah@northwind.example>; Ola <ola@northwind.example>',
    ],
    [12, 'Harbour City Transit', null, null],
  ]);

  it('counts what would be created, writes nothing but the check, then applies as a job under the import id', async () => {
    const before = await eventCount(t.db.db);
    const check = await uploadImport(t, alice, 'clients', clients, 'firm-clients.csv');
    expect(check.status).toBe(201);
    expect(check.body).toMatchObject({
      kind: 'clients',
      fileName: 'firm-clients.csv',
      rows: 2,
      counts: { created: 2, changed: 0, unchanged: 0 },
      problems: [],
      canApply: true,
    });
    expect(await eventCount(t.db.db)).toBe(before + 1);

    const done = await applyImport(t, alice, check.body.importId);
    expect(done).toMatchObject({
      state: 'applied',
      progress: 100,
      applied: { created: 2, changed: 0, unchanged: 0 },
    });
    expect(done.checkedBy).toBe('Alice Admin');
    await t.projectionsCaughtUp();
    const list = await t.http<AdminClient[]>('GET', '/api/admin/clients', { token: alice });
    expect(list.body.map((c) => [c.clientId, c.name, c.city, c.contacts])).toEqual([
      [12, 'Harbour City Transit', null, []],
      [
        11,
        'Northwind Energy',
        'Calgary',
        [
          { name: 'Priya Shah', email: 'priya.shah@northwind.example' },
          { name: 'Ola', email: 'ola@northwind.example' },
        ],
      ],
    ]);
    expect(await correlationsOf('client-11')).toEqual([check.body.importId]);
    // The audit says where the client came from and who brought it.
    const history = await t.http('GET', '/api/audit/history?entityKind=client&entityId=11', { token: alice });
    expect(
      history.body.entries.map((e: { command: string; actorName: string; reason: string }) => [
        e.command,
        e.actorName,
        e.reason,
      ]),
    ).toEqual([['Client registered', 'Alice Admin', 'Imported from file firm-clients.csv']]);
  });

  it('applying the same file again changes nothing; a changed cell changes only that', async () => {
    const again = await uploadImport(t, alice, 'clients', clients, 'firm-clients.csv');
    expect(again.body.counts).toEqual({ created: 0, changed: 0, unchanged: 2 });
    const before = await eventCount(t.db.db);
    expect((await applyImport(t, alice, again.body.importId)).applied).toEqual({
      created: 0,
      changed: 0,
      unchanged: 2,
    });
    // Only the import's own DataImportApplied.
    expect(await eventCount(t.db.db)).toBe(before + 1);

    const moved = csvOf([CLIENT_HEADINGS, [12, 'Harbour City Transit', 'Vancouver', null]]);
    const check = await uploadImport(t, alice, 'clients', moved, 'moved.csv');
    expect(check.body.counts).toEqual({ created: 0, changed: 1, unchanged: 0 });
    await applyImport(t, alice, check.body.importId);
    expect(await correlationsOf('client-12')).toHaveLength(2);
  });

  it('an apply that stops midway keeps what it applied, says the row to go on from, and goes on when applied again', async () => {
    const file = csvOf([
      PROJECT_HEADINGS,
      [301, 11, 2, 'Sightstream Survey', 'CAD', 'Standard Month (First to last)', 'Yes'],
      [302, 11, 1, 'Firm Survey', 'CAD', 'Standard Month (First to last)', 'Yes'],
    ]);
    const check = await uploadImport(t, alice, 'projects', file, 'surveys.csv');
    expect(check.body.canApply).toBe(true);
    // Sofia, a Sightstream admin, applies it: her owner scope refuses the owner-1 project of row 3.
    const sofia = await t.signIn(9);
    const stopped = await applyImport(t, sofia, check.body.importId);
    expect(stopped.state).toBe('failed');
    expect(stopped.message).toBe(`${dataImportMessages.stoppedAt(3)} ${catalogAdminMessages.otherOwner}`);
    expect(await correlationsOf('project-301')).toEqual([check.body.importId]);
    expect(await correlationsOf('project-302')).toEqual([]);

    const resumed = await applyImport(t, alice, check.body.importId);
    expect(resumed).toMatchObject({ state: 'applied', applied: { created: 1, changed: 0, unchanged: 1 } });
    expect(await correlationsOf('project-302')).toEqual([check.body.importId]);
  });

  it('projects name their client by id; an unknown one is a problem on its cell', async () => {
    const headings = [...PROJECT_HEADINGS, 'Start Date'];
    const rows = [
      [101, 11, 1, 'Grid Upgrade', 'CAD', 'Standard Month (First to last)', 'Yes', null],
      [102, 99, 1, 'Nowhere', 'CAD', 'Standard Month (First to last)', 'Yes', null],
    ];
    const refused = await uploadImport(t, alice, 'projects', csvOf([headings, ...rows]), 'projects.csv');
    expect(refused.body.problems).toEqual([
      { sheet: 'CSV', row: 3, column: 'Client ID', message: catalogMessages.unknown('Client', 99) },
    ]);
    const fixed = csvOf([
      headings,
      rows[0]!,
      [102, 12, 2, 'Fare Study', 'USD', 'Fixed Offset (26 to 25)', 'No', null],
    ]);
    const check = await uploadImport(t, alice, 'projects', fixed, 'projects.csv');
    expect(check.body).toMatchObject({ counts: { created: 2, changed: 0, unchanged: 0 }, canApply: true });
    expect((await applyImport(t, alice, check.body.importId)).state).toBe('applied');
    await t.projectionsCaughtUp();
    const projects = await t.http('GET', '/api/admin/projects', { token: alice });
    expect(
      projects.body.map((p: { projectId: number; name: string; isActive: boolean }) => [
        p.projectId,
        p.name,
        p.isActive,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [101, 'Grid Upgrade', true],
        [102, 'Fare Study', false],
      ]),
    );
  });
});
