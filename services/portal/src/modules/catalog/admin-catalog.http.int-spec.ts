// Over 350 lines on purpose: one app start (the demo seed) serves every admin catalog call and rule, as a person meets them in order.
import { CommandBus } from '@nestjs/cqrs';
import {
  catalogAdminMessages,
  clientRequestSchema,
  endOfMonth,
  type ProjectRequestInput,
} from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { runMonth } from '../../../test/dates';
import { eventCount, expectRefused, problemsOf } from '../../../test/event-log';
import { systemCaller } from '../../platform/cqrs';
import { EventStore } from '../../platform/event-store/event-store.port';
import { ChangeRosterCommand } from '../roster';
import { AddClientCommand } from './commands/client-admin';

/* The admin screens of clients and projects through the whole app, over the demo seed (issue 9). */
let t: TestApp;
let alice: string;
let carlos: string;
let sofia: string;

/** People of the demo seed (seed/demo-data.ts). */
const ALICE = 1; // admin, owner 1
const CARLOS = 3; // contractor, owner 1
const SOFIA = 9; // sightstream admin, owner 2

/** A project of this form started ten months before the run's month and lasts six. */
const START_MONTH = runMonth(-10);
const END_MONTH = runMonth(-4);

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
  await t.projectionsCaughtUp();
  [alice, carlos, sofia] = await Promise.all([t.signIn(ALICE), t.signIn(CARLOS), t.signIn(SOFIA)]);
});

afterAll(async () => {
  await t?.close();
});

const newClient = {
  name: ' Prairie Rail ',
  addressLine1: '100 Main St',
  addressLine2: '',
  city: 'Regina',
  stateProvince: 'SK',
  countryRegion: 'Canada',
  zipPostalCode: 'S4P 1A1',
  phone: '306-555-0100',
  contacts: [
    { name: 'Ana Ortiz', email: 'Ana.Ortiz@prairierail.example' },
    { name: 'Ben Cho', email: 'ben.cho@prairierail.example' },
  ],
};

const projectForm = (clientId: number, extra: Partial<ProjectRequestInput> = {}): ProjectRequestInput => ({
  clientId,
  ownerId: 1,
  name: 'Rail Yard Survey',
  address: '1 Yard Rd, Regina',
  phone: '306-555-0199',
  contactName1: 'Ana Ortiz',
  contactEmail1: 'ana.ortiz@prairierail.example',
  contactName2: null,
  contactEmail2: null,
  clientCc1: 'billing@prairierail.example',
  clientCc2: null,
  clientBcc1: null,
  clientBcc2: null,
  startDate: `${START_MONTH}-15`,
  lengthMonths: 6,
  internalBillingCode: 'PR-01',
  purchaseOrder: 'PO-778',
  poValue: '125000.50',
  costObject: 'CO-9',
  network: 'NW-2',
  vendorNumber: 'V-100',
  invoiceCurrency: 'CAD',
  billingCycle: 'Fixed Offset (26 to 25)',
  isActive: true,
  isSubProject: false,
  ...extra,
});

async function streamEvents(streamId: string) {
  return t.app.get(EventStore).readStream(streamId);
}

describe('clients', () => {
  it('an admin adds a client with contacts; the server gives the next id; the list shows it', async () => {
    const res = await t.http('POST', '/api/admin/clients', { token: alice, body: newClient });
    expect(res.status).toBe(201);
    expect(res.body.clientId).toBe(5); // the demo has clients 1 to 4
    const list = await t.http('GET', '/api/admin/clients', { token: alice });
    // The form as sent, but the name trimmed, a blank line null and the e-mail lower-cased.
    expect(list.body.find((c: { clientId: number }) => c.clientId === 5)).toEqual({
      clientId: 5,
      ...newClient,
      name: 'Prairie Rail',
      addressLine2: null,
      contacts: [
        { name: 'Ana Ortiz', email: 'ana.ortiz@prairierail.example' },
        { name: 'Ben Cho', email: 'ben.cho@prairierail.example' },
      ],
      projectCount: 0,
    });
    const [registered] = await streamEvents('client-5');
    expect(registered!.metadata.actor.id).toBe(String(ALICE));
  });

  it('editing records exactly the changed fields before → after, contacts added and removed included', async () => {
    const edited = {
      ...newClient,
      city: 'Saskatoon',
      contacts: [
        { name: 'Ben Cho', email: 'ben.cho@prairierail.example' },
        { name: 'Cy Dunn', email: 'cy@prairierail.example' },
      ],
    };
    const res = await t.http('PUT', '/api/admin/clients/5', {
      token: alice,
      body: edited,
    });
    expect(res.status).toBe(200);
    const events = await streamEvents('client-5');
    expect(events).toHaveLength(2);
    expect(events[1]!.type).toBe('ClientDetailsChanged');
    expect(events[1]!.metadata.actor.id).toBe(String(ALICE));
    expect(events[1]!.data).toEqual({
      clientId: 5,
      before: {
        city: 'Regina',
        contacts: [
          { name: 'Ana Ortiz', email: 'ana.ortiz@prairierail.example' },
          { name: 'Ben Cho', email: 'ben.cho@prairierail.example' },
        ],
      },
      after: {
        city: 'Saskatoon',
        contacts: [
          { name: 'Ben Cho', email: 'ben.cho@prairierail.example' },
          { name: 'Cy Dunn', email: 'cy@prairierail.example' },
        ],
      },
    });
    // The same form again changes nothing and records nothing.
    const before = await eventCount(t.db.db);
    const again = await t.http('PUT', '/api/admin/clients/5', {
      token: alice,
      body: edited,
    });
    expect(again.status).toBe(200);
    expect(again.body.position).toBeNull();
    expect(await eventCount(t.db.db)).toBe(before);
  });

  it('the same command sent again (a retry) lands on the same new id, recorded once', async () => {
    const context = {
      actor: { id: String(ALICE), name: 'Alice Admin' },
      commandId: 'retry-of-add-client',
      correlationId: 'retry-of-add-client',
      causationId: null,
      now: t.clock.now(),
    };
    const send = () =>
      t.app
        .get(CommandBus)
        .execute(
          new AddClientCommand(
            systemCaller(context),
            clientRequestSchema.parse({ name: 'Retry Ltd', contacts: [] }),
          ),
        );
    const first = await send();
    const again = await send();
    expect(again.clientId).toBe(first.clientId);
    expect(again.position).toBeNull();
    expect(await streamEvents(`client-${first.clientId}`)).toHaveLength(1);
    expect(await streamEvents(`client-${first.clientId + 1}`)).toHaveLength(0);
  });

  it('400 naming each field and rule, changing nothing', async () => {
    await expectRefused(
      t,
      t.http('POST', '/api/admin/clients', {
        token: alice,
        body: { name: ' ', contacts: [{ name: '', email: 'not-an-address' }], fax: '1' },
      }),
      400,
      problemsOf({
        name: 'Client Name must have a value',
        'contacts.0.name': 'Contact Name must have a value',
        'contacts.0.email': 'Contact Email must be a valid email address',
        fax: 'fax is not a field of this request',
      }),
    );
    await expectRefused(t, t.http('PUT', '/api/admin/clients/99', { token: alice, body: newClient }), 404);
  });
});

describe('projects', () => {
  it('an admin adds a project with every field; the server gives the next id; money stays a decimal string', async () => {
    const res = await t.http('POST', '/api/admin/projects', { token: alice, body: projectForm(5) });
    expect(res.status).toBe(201);
    expect(res.body.projectId).toBe(65); // the demo's highest project is 64
    const one = await t.http('GET', '/api/admin/projects/65', { token: alice });
    expect(one.body).toEqual({
      ...projectForm(5),
      projectId: 65,
      clientName: 'Prairie Rail',
      ownerName: 'Smartwork Consulting',
      endDate: `${END_MONTH}-15`,
      poValue: '125000.50',
    });
    // The form sent back as shown changes nothing.
    const same = await t.http('PUT', '/api/admin/projects/65', { token: alice, body: projectForm(5) });
    expect(same.status).toBe(200);
    expect(same.body.position).toBeNull();
    const [opened] = await streamEvents('project-65');
    expect(opened!.type).toBe('ProjectOpened');
    expect(opened!.metadata.actor.id).toBe(String(ALICE));
    expect(opened!.data).toMatchObject({ projectId: 65, poValue: '125000.5', isSubProject: false });
  });

  it('editing records before → after of the changed fields; clearing Active deactivates (ProjectClosed)', async () => {
    const res = await t.http('PUT', '/api/admin/projects/65', {
      token: alice,
      body: projectForm(5, {
        name: 'Rail Yard Survey II',
        poValue: '130000',
        isActive: false,
        isSubProject: true,
      }),
    });
    expect(res.status).toBe(200);
    const events = (await streamEvents('project-65')).slice(1);
    expect(events.map((e) => e.type)).toEqual(['ProjectUpdated', 'ProjectClosed']);
    expect(events[0]!.data).toEqual({
      projectId: 65,
      before: { name: 'Rail Yard Survey', poValue: '125000.5', isSubProject: false },
      after: { name: 'Rail Yard Survey II', poValue: '130000', isSubProject: true },
    });
    expect(events.every((e) => e.metadata.actor.id === String(ALICE))).toBe(true);
    const list = await t.http('GET', '/api/admin/projects', { token: alice });
    expect(list.body.find((p: { projectId: number }) => p.projectId === 65)).toMatchObject({
      name: 'Rail Yard Survey II',
      isActive: false,
      isSubProject: true,
    });
  });

  it('sub-projects of 45 are the active projects marked so: the seed marks all of its own but 45', async () => {
    const token = await t.signIn(CARLOS);
    const before = await t.http('GET', '/api/projects/sub-projects', { token });
    const ids = before.body.map((p: { projectId: number }) => p.projectId);
    expect(ids).toHaveLength(10);
    expect(ids).not.toContain(45);
    expect(ids).not.toContain(65); // marked, but inactive
    await t.http('PUT', '/api/admin/projects/65', {
      token: alice,
      body: projectForm(5, {
        name: 'Rail Yard Survey II',
        poValue: '130000',
        isActive: true,
        isSubProject: true,
      }),
    });
    await t.http('PUT', '/api/admin/projects/14', {
      token: alice,
      body: {
        ...projectForm(2, { name: 'Transit Signalling Upgrade', invoiceCurrency: 'USD' }),
        billingCycle: 'Floating Offset (Last Friday of month)',
        isSubProject: false,
      },
    });
    const after = await t.http('GET', '/api/projects/sub-projects', { token });
    const afterIds = after.body.map((p: { projectId: number }) => p.projectId);
    expect(afterIds).toContain(65);
    expect(afterIds).not.toContain(14);
  });

  it('400 naming each field and rule (required fields, e-mails, money, length), changing nothing', async () => {
    await expectRefused(
      t,
      t.http('POST', '/api/admin/projects', {
        token: alice,
        body: {
          ...projectForm(5),
          clientId: 0,
          ownerId: null,
          name: '',
          contactEmail1: 'nope',
          clientBcc2: 'a@b',
          poValue: 12.5,
          lengthMonths: 0,
          startDate: `${START_MONTH.slice(0, 4)}-02-30`,
          invoiceCurrency: 'JPY',
          billingCycle: '',
          isActive: null,
        },
      }),
      400,
      problemsOf({
        clientId: 'Client must have a value',
        ownerId: 'Owner must have a value',
        name: 'Project Name must have a value',
        contactEmail1: 'Contact Email 1 must be a valid email address',
        clientBcc2: 'Client BCC2 must be a valid email address',
        startDate: catalogAdminMessages.startDate,
        lengthMonths: catalogAdminMessages.lengthMonths,
        poValue: catalogAdminMessages.poValue,
        invoiceCurrency: 'Invoice Currency must be one of USD, CAD, EUR, INR, GBP, AUD',
        billingCycle: 'Billing Cycle must have a value',
        isActive: 'Active must have a value',
      }),
    );
    await expectRefused(
      t,
      t.http('POST', '/api/admin/projects', { token: alice, body: projectForm(77) }),
      400,
      [{ path: 'clientId', message: 'Client 77 does not exist.' }],
    );
  });

  it('an update without Sub Project leaves it as it is; a new project without it is not a sub-project', async () => {
    const { isSubProject: _omit, ...withoutSub } = projectForm(5, { name: 'Sub Kept' });
    const created = await t.http('POST', '/api/admin/projects', { token: alice, body: withoutSub });
    const id = created.body.projectId as number;
    expect((await t.http('GET', `/api/admin/projects/${id}`, { token: alice })).body.isSubProject).toBe(
      false,
    );
    await t.http('PUT', `/api/admin/projects/${id}`, {
      token: alice,
      body: { ...withoutSub, isSubProject: true },
    });
    const renamed = await t.http('PUT', `/api/admin/projects/${id}`, {
      token: alice,
      body: { ...withoutSub, name: 'Sub Kept II' },
    });
    expect(renamed.status).toBe(200);
    expect((await t.http('GET', `/api/admin/projects/${id}`, { token: alice })).body).toMatchObject({
      name: 'Sub Kept II',
      isSubProject: true,
    });
    expect((await streamEvents(`project-${id}`)).at(-1)!.data).toEqual({
      projectId: id,
      before: { name: 'Sub Kept' },
      after: { name: 'Sub Kept II' },
    });
  });

  it('delete: a project with recorded time is deactivated, not erased', async () => {
    const res = await t.http('DELETE', '/api/admin/projects/12', { token: alice });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ projectId: 12, outcome: 'deactivated' });
    const last = (await streamEvents('project-12')).at(-1)!;
    expect(last.type).toBe('ProjectClosed');
    const one = await t.http('GET', '/api/admin/projects/12', { token: alice });
    expect(one.body.isActive).toBe(false);
  });

  it('delete: a project without time or expenses is removed; it leaves the lists, the log keeps it', async () => {
    const created = await t.http('POST', '/api/admin/projects', {
      token: alice,
      body: projectForm(5, { name: 'Never Used' }),
    });
    const id = created.body.projectId as number;
    const res = await t.http('DELETE', `/api/admin/projects/${id}`, { token: alice });
    expect(res.body).toMatchObject({ projectId: id, outcome: 'removed' });
    const events = await streamEvents(`project-${id}`);
    expect(events.map((e) => e.type)).toEqual(['ProjectOpened', 'ProjectRemoved']);
    expect(events[1]!.metadata.actor.id).toBe(String(ALICE));
    expect((await t.http('GET', `/api/admin/projects/${id}`, { token: alice })).status).toBe(404);
    const list = await t.http('GET', '/api/admin/projects', { token: alice });
    expect(list.body.map((p: { projectId: number }) => p.projectId)).not.toContain(id);
    // Its id is not given again.
    const next = await t.http('POST', '/api/admin/projects', {
      token: alice,
      body: projectForm(5, { name: 'After Removal' }),
    });
    expect(next.body.projectId).toBe(id + 1);
  });
});

describe('renaming a project', () => {
  // Last month holds Carlos's demo time and expenses (seed/timesheet-history.ts, expense-history.ts).
  const LAST_MONTH = `start=${runMonth(-1)}-01&end=${endOfMonth(`${runMonth(-1)}-01`)}`;
  const names = (rows: { projectId: number; projectName: string }[], projectId: number) => [
    ...new Set(rows.filter((r) => r.projectId === projectId).map((r) => r.projectName)),
  ];

  it("Carlos's time and expense rows and the admin review show the new name at once", async () => {
    const expenses = await t.http('GET', `/api/expenses?${LAST_MONTH}`, { token: carlos });
    const time = await t.http('GET', `/api/timesheets?${LAST_MONTH}`, { token: carlos });
    const withBoth = (expenses.body.rows as { projectId: number }[])
      .map((r) => r.projectId)
      .find((id) => (time.body.rows as { projectId: number }[]).some((r) => r.projectId === id));
    expect(withBoth).toBeDefined();
    const id = withBoth!;

    const form = (await t.http('GET', `/api/admin/projects/${id}`, { token: alice })).body;
    const { projectId: _id, clientName: _c, ownerName: _o, endDate: _e, ...request } = form;
    const renamed = await t.http('PUT', `/api/admin/projects/${id}`, {
      token: alice,
      body: { ...request, name: 'Renamed For Review' },
    });
    expect(renamed.status).toBe(200);

    const timeAfter = await t.http('GET', `/api/timesheets?${LAST_MONTH}`, { token: carlos });
    expect(names(timeAfter.body.rows, id)).toEqual(['Renamed For Review']);
    const expensesAfter = await t.http('GET', `/api/expenses?${LAST_MONTH}`, { token: carlos });
    expect(names(expensesAfter.body.rows, id)).toEqual(['Renamed For Review']);
    const review = await t.http(
      'GET',
      `/api/admin/review?${LAST_MONTH}&employeeId=${CARLOS}&projectId=${id}`,
      {
        token: alice,
      },
    );
    expect(review.status).toBe(200);
    expect(names(review.body.time, id)).toEqual(['Renamed For Review']);
    expect(names(review.body.expenses, id)).toEqual(['Renamed For Review']);
  });
});

describe('delete: planned hours and roster cells are history too', () => {
  const DANA = 4;
  const newProject = async (name: string) => {
    const created = await t.http('POST', '/api/admin/projects', {
      token: alice,
      body: projectForm(5, { name }),
    });
    return created.body.projectId as number;
  };
  const roster = (projectId: number, isAllowedToBill: boolean) =>
    t.http('POST', '/api/roster', {
      token: alice,
      body: { changes: [{ employeeId: DANA, projectId, isAllowedToBill }] },
    });

  it('a project someone is rostered on is deactivated, not removed', async () => {
    const id = await newProject('Rostered Only');
    expect((await roster(id, true)).status).toBe(201);
    const res = await t.http('DELETE', `/api/admin/projects/${id}`, { token: alice });
    expect(res.body).toMatchObject({ projectId: id, outcome: 'deactivated' });
  });

  it('a project with planned hours (no one rostered any more) is deactivated, not removed', async () => {
    const id = await newProject('Planned Only');
    expect((await roster(id, true)).status).toBe(201);
    const planned = await t.http('PUT', '/api/admin/planned-hours', {
      token: alice,
      body: { projectId: id, cells: [{ employeeId: DANA, month: runMonth(), plannedHours: 40 }] },
    });
    expect(planned.status).toBe(200);
    expect((await roster(id, false)).status).toBe(201);
    const res = await t.http('DELETE', `/api/admin/projects/${id}`, { token: alice });
    expect(res.body).toMatchObject({ projectId: id, outcome: 'deactivated' });
  });

  it('a roster change the read models have not shown yet still counts (the check waits for the log head)', async () => {
    const id = await newProject('Rostered A Moment Ago');
    const context = {
      actor: { id: String(ALICE), name: 'Alice Admin' },
      commandId: `roster-before-delete-${id}`,
      correlationId: `roster-before-delete-${id}`,
      causationId: null,
      now: t.clock.now(),
    };
    // Through the bus: no read-your-writes wait, so the roster read model may lag behind the log.
    await t.app
      .get(CommandBus)
      .execute(
        new ChangeRosterCommand(systemCaller(context), [
          { employeeId: DANA, projectId: id, isAllowedToBill: true },
        ]),
      );
    const res = await t.http('DELETE', `/api/admin/projects/${id}`, { token: alice });
    expect(res.body).toMatchObject({ projectId: id, outcome: 'deactivated' });
  });
});

describe('who may', () => {
  const calls = (): [string, string, unknown?][] => [
    ['GET', '/api/admin/clients'],
    ['POST', '/api/admin/clients', newClient],
    ['PUT', '/api/admin/clients/1', newClient],
    ['GET', '/api/admin/owners'],
    ['GET', '/api/admin/projects'],
    ['GET', '/api/admin/projects/12'],
    ['POST', '/api/admin/projects', projectForm(1)],
    ['PUT', '/api/admin/projects/14', projectForm(2)],
    ['DELETE', '/api/admin/projects/14'],
  ];

  it('a regular employee gets 403 on every call, and nothing changes', async () => {
    for (const [method, path, body] of calls()) {
      await expectRefused(t, t.http(method, path, { token: carlos, body }), 403);
    }
  });

  it('nobody signed in gets 401', async () => {
    for (const [method, path, body] of calls()) {
      expect((await t.http(method, path, { body })).status).toBe(401);
    }
  });
});

describe('a sightstream admin (owner 2)', () => {
  it('reads only owner-2 projects and owners, and the clients those projects use', async () => {
    const projects = await t.http('GET', '/api/admin/projects', { token: sofia });
    expect(projects.status).toBe(200);
    expect(new Set(projects.body.map((p: { ownerId: number }) => p.ownerId))).toEqual(new Set([2]));
    expect(projects.body.map((p: { projectId: number }) => p.projectId)).toEqual([21, 22]);
    const owners = await t.http('GET', '/api/admin/owners', { token: sofia });
    expect(owners.body).toEqual([
      { ownerId: 2, name: 'Sightstream', timeZone: 'America/Edmonton', timeZoneIsDefault: true },
    ]);
    const clients = await t.http('GET', '/api/admin/clients', { token: sofia });
    expect(clients.body.map((c: { clientId: number }) => c.clientId)).toEqual([3]);
    expect(clients.body[0].projectCount).toBe(2);
  });

  it('an owner-1 project is unknown to them: read, change and delete answer 404, changing nothing', async () => {
    expect((await t.http('GET', '/api/admin/projects/12', { token: sofia })).status).toBe(404);
    await expectRefused(
      t,
      t.http('PUT', '/api/admin/projects/14', { token: sofia, body: projectForm(3, { ownerId: 2 }) }),
      404,
    );
    await expectRefused(t, t.http('DELETE', '/api/admin/projects/14', { token: sofia }), 404);
  });

  it('creating or moving a project to owner 1 is forbidden (403); a client they cannot see counts as unknown', async () => {
    const refused = await expectRefused(
      t,
      t.http('POST', '/api/admin/projects', { token: sofia, body: projectForm(3, { ownerId: 1 }) }),
      403,
    );
    expect(refused.body.message).toBe(catalogAdminMessages.otherOwner);
    await expectRefused(
      t,
      t.http('PUT', '/api/admin/projects/21', {
        token: sofia,
        body: projectForm(3, { ownerId: 1, name: 'Broadcast Platform' }),
      }),
      403,
    );
    await expectRefused(
      t,
      t.http('POST', '/api/admin/projects', { token: sofia, body: projectForm(1, { ownerId: 2 }) }),
      400,
      [{ path: 'clientId', message: 'Client 1 does not exist.' }],
    );
  });

  it('may add a client (then sees it) and an owner-2 project for it; may not change a client owner-1 projects use', async () => {
    const added = await t.http('POST', '/api/admin/clients', {
      token: sofia,
      body: { name: 'Studio North', contacts: [] },
    });
    expect(added.status).toBe(201);
    const id = added.body.clientId as number;
    const clients = await t.http('GET', '/api/admin/clients', { token: sofia });
    expect(clients.body.map((c: { clientId: number }) => c.clientId)).toEqual([3, id]);
    const project = await t.http('POST', '/api/admin/projects', {
      token: sofia,
      body: projectForm(id, { ownerId: 2, name: 'Studio Build', invoiceCurrency: 'GBP' }),
    });
    expect(project.status).toBe(201);
    const [opened] = await streamEvents(`project-${project.body.projectId}`);
    expect(opened!.metadata.actor.id).toBe(String(SOFIA));
    // Client 1 has only owner-1 projects: unknown to them. Alice adds an owner-1 project to
    // Sofia's client: it is shared now, so only a firm admin may change it.
    await expectRefused(t, t.http('PUT', '/api/admin/clients/1', { token: sofia, body: newClient }), 404);
    await t.http('POST', '/api/admin/projects', {
      token: alice,
      body: projectForm(id, { name: 'Shared Work' }),
    });
    const shared = await expectRefused(
      t,
      t.http('PUT', `/api/admin/clients/${id}`, { token: sofia, body: { name: 'Studio North Ltd' } }),
      403,
    );
    expect(shared.body.message).toBe(catalogAdminMessages.sharedClient);
  });
});
