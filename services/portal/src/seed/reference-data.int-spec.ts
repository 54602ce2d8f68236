// Fixed dates: the seed runs on a clock at the file's own instant.
/*
 * Over 300 lines on purpose: catalog, staff and roster read models and commands checked together
 * over one seeded database, as the demo seed writes them.
 */
import { Global, Module } from '@nestjs/common';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import { sql } from 'kysely';
import { eventCount as countEvents } from '../../test/event-log';
import { createTestDatabase, type TestDatabase } from '../../test/services';
import { StaffDirectory, type Principal } from '../platform/auth/principal';
import { StaffSessions } from '../platform/auth/staff-sessions';
import { loadConfig } from '../platform/config/config';
import { PORTAL_CONFIG } from '../platform/config/config.provider';
import { PersonalDataCipher } from '../platform/crypto/personal-data-cipher';
import { FixedClock, Clock } from '../platform/clock/clock';
import type { Caller } from '../platform/cqrs';
import { DATABASE, DATABASE_HANDLE } from '../platform/database/database.provider';
import { tablesOf } from '../platform/database/typed-view';
import { EventStore, type LogPosition, type RecordedEvent } from '../platform/event-store/event-store.port';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { DomainError } from '../kernel/domain-error';
import {
  ProjectionProgress,
  readModel,
  readModelSchema,
  type Projection,
} from '../platform/projection/projection';
import { ContextRegistry } from '../platform/registry/context-registry';
import {
  CatalogModule,
  CatalogReferences,
  CloseProjectCommand,
  GetProjectQuery,
  ListBillableProjectsQuery,
  ListSubProjectsQuery,
  OpenProjectCommand,
  ProjectDirectory,
  ReopenProjectCommand,
  UpdateProjectCommand,
} from '../modules/catalog';
import { ChangeRosterCommand, RosterModule, RosterQueries } from '../modules/roster';
import {
  ChangeStaffAccessCommand,
  RegisterStaffMemberCommand,
  StaffModule,
  StaffQueries,
} from '../modules/staff';
import { SIGHTSTREAM_BILLABLE } from '../../test/catalog-fixtures';
import { DEMO_PEOPLE } from './demo-data';
import { DemoSeeder, DemoSeedRegistry, type DemoSeedContext } from './demo-seed';
import { AsOfReplay } from '../platform/projection/as-of-replay';
import { Directory, DisabledDirectory } from '../platform/directory/directory.port';
import { JobQueue } from '../platform/queue/job-queue.port';

/** A queue that keeps and runs no job. */
class IdleJobQueue extends JobQueue {
  enqueue = () => Promise.resolve();
  schedule = () => Promise.resolve();
  status = () => Promise.resolve(null);
  registerProcessor(): void {}
  startWorker = () => Promise.resolve();
  close = () => Promise.resolve();
}

/*
 * The demo seed and the catalog, staff and roster contexts as the app wires them (their modules,
 * the command and query buses) against a real PostgreSQL. The projections the contexts register
 * are driven here by calling createTables/apply directly (one transaction per event, in log
 * order), as the runner would; the HTTP tests cover the runner.
 */
let database: TestDatabase;
let store: PostgresEventStore;
let moduleRef: TestingModule;
let projections: readonly Projection[];
let applied: LogPosition | null = null;
let seedSteps: string[];
let seeder: DemoSeeder;
let commands: CommandBus;
let queries: QueryBus;

const clock = new FixedClock(new Date('2026-11-18T15:00:00Z'));
let commandCount = 0;
/** A person's command, under a fresh command id. */
const as = (principal: Principal): Caller => ({
  principal,
  context: {
    actor: { id: String(principal.staffId), name: principal.name },
    commandId: `test-command-${++commandCount}`,
    correlationId: 'test',
    causationId: null,
    now: clock.now(),
  },
});
const asAlice = async (): Promise<Caller> => as(await principalOf(DEMO_PEOPLE.alice.staffId));

let appliedCount = 0;

/**
 * Applies every event of the log not applied yet. The gap-safe log shows an event only once no
 * older transaction of the cluster is still open, so this waits until all stored events showed up.
 */
async function catchUp(): Promise<void> {
  const deadline = Date.now() + 30_000;
  const total = await eventCount();
  while (appliedCount < total) {
    const batch: RecordedEvent[] = await store.readAll(applied, 200);
    if (batch.length === 0) {
      if (Date.now() > deadline) throw new Error(`only ${appliedCount} of ${total} events became visible`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    for (const event of batch) {
      for (const projection of projections.filter((p) => p.eventTypes.includes(event.type))) {
        await database.db
          .transaction()
          .execute((trx) => projection.apply(event, readModel(trx, projection.name)));
      }
      applied = event.position;
      appliedCount += 1;
    }
  }
}

const eventCount = () => countEvents(database.db);

/** The columns these tests read of the three read models (each context types its own in full). */
interface CatalogRows {
  owners: { owner_id: number; name: string; time_zone: string | null };
  clients: { client_id: number; name: string; city: string | null };
  projects: {
    project_id: number;
    owner_id: number;
    name: string;
    invoice_currency: string;
    is_active: boolean;
  };
}
interface StaffRows {
  staff: {
    staff_id: number;
    username: string;
    name: string;
    user_type: string;
    is_admin: boolean;
    is_active: boolean;
    need_receipt: boolean;
    can_edit_roster: boolean;
  };
}
interface RosterRows {
  roster_entries: { employee_id: number; project_id: number; is_allowed_to_bill: boolean };
}
const tablesIn = <T>(projectionName: string) => tablesOf<T>(database.db, readModelSchema(projectionName));

const principalOf = async (staffId: number): Promise<Principal> => {
  const person = await moduleRef.get(StaffDirectory).findById(staffId);
  if (!person) throw new Error(`no active person ${staffId}`);
  return person;
};

beforeAll(async () => {
  database = await createTestDatabase(3);
  store = new PostgresEventStore(database.db);

  /** What the platform gives the three contexts: the log, the database, the clock, the registry. */
  @Global()
  @Module({
    providers: [
      { provide: EventStore, useValue: store },
      { provide: DATABASE, useValue: database.db },
      // The directory sync's lock takes a connection of its own (no sync runs in this suite).
      { provide: DATABASE_HANDLE, useValue: database },
      { provide: Clock, useValue: clock },
      { provide: PORTAL_CONFIG, useValue: loadConfig({}) },
      ContextRegistry,
      PersonalDataCipher,
      StaffSessions,
      AsOfReplay,
      // Project delete waits for the read models; this suite never deletes a project.
      { provide: ProjectionProgress, useValue: { waitFor: () => Promise.resolve(true) } },
      // No directory to sync from (GRAPH_* unset), as in an app without it; the staff context's
      // job processors register with a queue that runs nothing (no job is this suite's subject).
      { provide: Directory, useClass: DisabledDirectory },
      { provide: JobQueue, useClass: IdleJobQueue },
    ],
    exports: [
      EventStore,
      DATABASE,
      DATABASE_HANDLE,
      Clock,
      PORTAL_CONFIG,
      ContextRegistry,
      PersonalDataCipher,
      StaffSessions,
      AsOfReplay,
      ProjectionProgress,
      Directory,
      JobQueue,
    ],
  })
  class TestPlatformModule {}

  moduleRef = await Test.createTestingModule({
    imports: [CqrsModule.forRoot(), TestPlatformModule, CatalogModule, StaffModule, RosterModule],
  }).compile();
  await moduleRef.init();
  commands = moduleRef.get(CommandBus);
  queries = moduleRef.get(QueryBus);
  projections = moduleRef.get(ContextRegistry).projections;
  expect(projections.map((p) => p.name).sort()).toEqual(['catalog', 'roster', 'staff']);
  for (const projection of projections) {
    await sql`create schema ${sql.id(readModelSchema(projection.name))}`.execute(database.db);
    await projection.createTables(readModel(database.db, projection.name));
  }

  const registry = new DemoSeedRegistry();
  seedSteps = [];
  registry.register({
    name: 'later step',
    run: async (context: DemoSeedContext) => {
      seedSteps.push(`${context.command('x').commandId} ${context.people.carlos.staffId}`);
    },
  });
  seeder = new DemoSeeder(commands, moduleRef.get(CatalogReferences), clock, registry);
});

afterAll(async () => {
  await moduleRef?.close();
  await store?.close();
  await database?.drop();
});

describe('demo seed', () => {
  it('seeds an empty log once, runs later steps after its own, and a second run appends nothing', async () => {
    expect(await seeder.seedIfEmpty()).toBe('seeded');
    expect(seedSteps).toEqual(['demo-seed:x 3']);
    const afterFirst = await eventCount();
    // 2 owners + 4 clients + 12 projects + 10 people (each also reserving the address) + 1 roster change.
    expect(afterFirst).toBe(2 + 4 + 12 + 10 * 2 + 1);

    expect(await seeder.seedIfEmpty()).toBe('already-seeded');
    // Even every step again (as after a crash mid-seed) appends nothing: fixed command ids.
    await seeder.seed();
    expect(await eventCount()).toBe(afterFirst);

    const metadata = await sql<{ metadata: { actor: { id: string; name: string } } }>`
      select metadata from events where stream_id = 'owner-1'`.execute(database.db);
    expect(metadata.rows[0].metadata.actor).toEqual({ id: 'system', name: 'Demo seed' });
    await catchUp();
  });
});

describe('projections', () => {
  it('catalog: owners, clients and projects as the seed opened them', async () => {
    const rm = tablesIn<CatalogRows>('catalog');
    const owners = await rm.selectFrom('owners').selectAll().orderBy('owner_id').execute();
    expect(owners).toEqual([
      // Neither sets a time zone of its own: both follow PORTAL_TIME_ZONE.
      { owner_id: 1, name: 'Smartwork Consulting', time_zone: null },
      { owner_id: 2, name: 'Sightstream', time_zone: null },
    ]);
    const client4 = await rm
      .selectFrom('clients')
      .selectAll()
      .where('client_id', '=', 4)
      .executeTakeFirstOrThrow();
    expect(client4).toMatchObject({ name: 'Smartwork Internal', city: 'Calgary', contacts: [] });
    const projects = await rm
      .selectFrom('projects')
      .select(['project_id', 'owner_id', 'is_active'])
      .execute();
    expect(projects).toHaveLength(12);
    expect(projects.map((p) => p.project_id)).toEqual(expect.arrayContaining([33, 45, 61, 64]));
    expect(projects.filter((p) => !p.is_active).map((p) => p.project_id)).toEqual([27]);
    expect(
      projects
        .filter((p) => p.owner_id === 2)
        .map((p) => p.project_id)
        .sort(),
    ).toEqual([21, 22]);
  });

  it('catalog: an update, a close and a reopen change the row', async () => {
    await commands.execute(
      new UpdateProjectCommand(await asAlice(), {
        projectId: 30,
        name: 'Offshore Analytics Phase 2',
        invoiceCurrency: 'usd',
      }),
    );
    await commands.execute(new CloseProjectCommand(await asAlice(), 14));
    await commands.execute(new CloseProjectCommand(await asAlice(), 36));
    await commands.execute(new ReopenProjectCommand(await asAlice(), 36));
    await catchUp();
    const rows = await tablesIn<CatalogRows>('catalog')
      .selectFrom('projects')
      .select(['project_id', 'name', 'invoice_currency', 'is_active'])
      .where('project_id', 'in', [14, 30, 36])
      .orderBy('project_id')
      .execute();
    expect(rows).toEqual([
      { project_id: 14, name: 'Transit Signalling Upgrade', invoice_currency: 'USD', is_active: false },
      { project_id: 30, name: 'Offshore Analytics Phase 2', invoice_currency: 'USD', is_active: true },
      { project_id: 36, name: 'Sydney Office Setup', invoice_currency: 'AUD', is_active: true },
    ]);
    // Reopen for the tests below.
    await commands.execute(new ReopenProjectCommand(await asAlice(), 14));
    await catchUp();
  });

  it('staff: people with lower-case addresses, user type by owner, access changes', async () => {
    await commands.execute(
      new ChangeStaffAccessCommand(await asAlice(), { staffId: DEMO_PEOPLE.dana.staffId, needReceipt: true }),
    );
    await catchUp();
    const rows = await tablesIn<StaffRows>('staff')
      .selectFrom('staff')
      .select([
        'staff_id',
        'username',
        'name',
        'user_type',
        'is_admin',
        'is_active',
        'need_receipt',
        'can_edit_roster',
      ])
      .orderBy('staff_id')
      .execute();
    expect(rows).toHaveLength(10);
    expect(rows.find((r) => r.staff_id === 5)).toEqual({
      staff_id: 5,
      username: 'sam@sightstream.example',
      name: 'Sam Sightstream',
      user_type: 'sightstream',
      is_admin: false,
      is_active: true,
      need_receipt: false,
      can_edit_roster: false,
    });
    expect(rows.find((r) => r.staff_id === 4)).toMatchObject({ user_type: 'default', need_receipt: true });
    expect(rows.find((r) => r.staff_id === 7)).toMatchObject({ is_active: false });
  });

  it('roster: one row per person and project, a withdrawn right turns false', async () => {
    await commands.execute(
      new ChangeRosterCommand(await asAlice(), [
        { employeeId: DEMO_PEOPLE.carlos.staffId, projectId: 14, isAllowedToBill: false },
      ]),
    );
    await catchUp();
    const carlos = await tablesIn<RosterRows>('roster')
      .selectFrom('roster_entries')
      .select(['project_id', 'is_allowed_to_bill'])
      .where('employee_id', '=', DEMO_PEOPLE.carlos.staffId)
      .orderBy('project_id')
      .execute();
    expect(carlos).toEqual([
      { project_id: 12, is_allowed_to_bill: true },
      { project_id: 14, is_allowed_to_bill: false },
      { project_id: 33, is_allowed_to_bill: true },
      { project_id: 45, is_allowed_to_bill: true },
      { project_id: 61, is_allowed_to_bill: true },
    ]);
    const roster = moduleRef.get(RosterQueries);
    expect(await roster.canBill(DEMO_PEOPLE.carlos.staffId, 14)).toBe(false);
    expect(await roster.canBill(DEMO_PEOPLE.carlos.staffId, 61)).toBe(true);
    expect(await roster.billableProjectIds(DEMO_PEOPLE.carlos.staffId)).toEqual([12, 33, 45, 61]);
  });
});

describe('queries', () => {
  it('billable projects of a contractor: rostered, active, by name, with overtime flags', async () => {
    const dana = await principalOf(DEMO_PEOPLE.dana.staffId);
    const billable = await queries.execute(new ListBillableProjectsQuery(dana));
    // Dana is rostered on 12, 18, 27 (inactive), 30, 45 and 64.
    expect(billable.map((p) => [p.projectId, p.name, p.hasOvertime])).toEqual([
      [18, 'ERP Rollout', false],
      [64, 'Night Shift Maintenance', true],
      [30, 'Offshore Analytics Phase 2', false],
      [12, 'Pipeline Integrity Review', false],
      [45, 'Umbrella Services', false],
    ]);
  });

  it('billable projects of a sightstream person: only owner-2 projects, even if rostered elsewhere', async () => {
    await commands.execute(
      new ChangeRosterCommand(await asAlice(), [
        { employeeId: DEMO_PEOPLE.sam.staffId, projectId: 12, isAllowedToBill: true },
      ]),
    );
    await catchUp();
    const sam = await principalOf(DEMO_PEOPLE.sam.staffId);
    expect(sam.userType).toBe('sightstream');
    const billable = await queries.execute(new ListBillableProjectsQuery(sam));
    expect(billable).toEqual(SIGHTSTREAM_BILLABLE);
  });

  it('sub-projects: the active projects the seed marks (all but 45); a sightstream person sees owner-2 ones', async () => {
    const carlos = await principalOf(DEMO_PEOPLE.carlos.staffId);
    const ids = (await queries.execute(new ListSubProjectsQuery(carlos))).map((p) => p.projectId);
    expect(ids).toHaveLength(10);
    expect(ids).not.toContain(45);
    expect(ids).not.toContain(27);
    const sam = await principalOf(DEMO_PEOPLE.sam.staffId);
    expect((await queries.execute(new ListSubProjectsQuery(sam))).map((p) => p.projectId)).toEqual([22, 21]);
  });

  it('one project to a person on its roster; unknown, off their roster or outside their scope is not found', async () => {
    const carlos = await principalOf(DEMO_PEOPLE.carlos.staffId);
    const dana = await principalOf(DEMO_PEOPLE.dana.staffId);
    expect(await queries.execute(new GetProjectQuery(dana, 27))).toEqual({
      projectId: 27,
      name: 'Legacy Data Warehouse',
      ownerId: 1,
      billingCycle: 'Standard Month (First to last)',
      invoiceCurrency: 'USD',
      hasOvertime: false,
      isActive: false,
    });
    await expect(queries.execute(new GetProjectQuery(carlos, 999))).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(queries.execute(new GetProjectQuery(carlos, 27))).rejects.toMatchObject({
      code: 'not_found',
    });
    const sam = await principalOf(DEMO_PEOPLE.sam.staffId);
    await expect(queries.execute(new GetProjectQuery(sam, 12))).rejects.toMatchObject({ code: 'not_found' });
    expect((await queries.execute(new GetProjectQuery(sam, 21))).name).toBe('Broadcast Platform');
  });

  it('ProjectDirectory.get gives the view other contexts use', async () => {
    expect(await moduleRef.get(ProjectDirectory).get(61)).toEqual({
      projectId: 61,
      name: 'Field Operations (Overtime)',
      ownerId: 1,
      clientId: 2,
      billingCycle: 'Weekly (Saturday to Friday)',
      invoiceCurrency: 'USD',
      isActive: true,
      hasOvertime: true,
      isSubProject: true,
    });
    expect(await moduleRef.get(ProjectDirectory).get(999)).toBeNull();
  });

  it('staff directory: case-insensitive address, only active people; admins for the late-entry mail', async () => {
    const directory = moduleRef.get(StaffDirectory);
    expect(await directory.findByUsername(' SAM@Sightstream.Example ')).toEqual({
      staffId: 5,
      name: 'Sam Sightstream',
      username: 'sam@sightstream.example',
      isAdmin: false,
      userType: 'sightstream',
      canEditRoster: false,
      needReceipt: false,
      isAuditor: false,
      ownerId: 2,
    });
    expect(await directory.findByUsername('ivan.inactive@smartwork.example')).toBeNull();
    expect(await directory.findById(7)).toBeNull();
    expect((await directory.listActive()).map((p) => p.staffId)).toEqual([1, 10, 2, 3, 4, 8, 6, 5, 9]);
    expect(await moduleRef.get(StaffQueries).listAdmins(1)).toEqual([
      { staffId: 1, name: 'Alice Admin', username: 'alice.admin@smartwork.example' },
      { staffId: 2, name: 'Bruno Billing', username: 'bruno.billing@smartwork.example' },
    ]);
    const sam = await principalOf(5);
    expect((await moduleRef.get(StaffQueries).listVisibleTo(sam)).map((p) => p.staffId)).toEqual([8, 5, 9]);
  });
});

describe('command rules at the handler', () => {
  it('a second person with an address someone holds is refused and nothing is appended', async () => {
    const before = await eventCount();
    const error = await commands
      .execute(
        new RegisterStaffMemberCommand(await asAlice(), {
          staffId: 40,
          username: 'Carlos.Contractor@smartwork.example',
          firstName: 'C',
          lastName: 'Two',
          ownerId: 1,
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'validation',
      problems: [
        {
          path: 'username',
          message: 'The sign-in address carlos.contractor@smartwork.example belongs to someone else.',
        },
      ],
    });
    expect(await eventCount()).toBe(before);
  });

  it('a project with an unknown client is refused', async () => {
    await expect(
      commands.execute(
        new OpenProjectCommand(await asAlice(), {
          projectId: 70,
          clientId: 99,
          ownerId: 1,
          name: 'X',
          billingCycle: 'Fixed Offset (26 to 25)',
          invoiceCurrency: 'CAD',
          isActive: true,
        }),
      ),
    ).rejects.toMatchObject({
      code: 'validation',
      problems: [{ path: 'clientId', message: 'Client 99 does not exist.' }],
    });
  });

  it('catalog and staff commands need an admin: anyone else is forbidden and nothing is appended', async () => {
    const carlos = as(await principalOf(DEMO_PEOPLE.carlos.staffId));
    const before = await eventCount();
    // The permission check may throw before a promise exists: send inside an async function.
    await expect(async () => commands.execute(new CloseProjectCommand(carlos, 12))).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(async () =>
      commands.execute(new ChangeStaffAccessCommand(carlos, { staffId: 3, isAdmin: true })),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(await eventCount()).toBe(before);
  });

  it('roster: a person without canEditRoster is forbidden; a sightstream editor only within owner 2', async () => {
    const carlos = await principalOf(DEMO_PEOPLE.carlos.staffId);
    const change = [{ employeeId: 3, projectId: 12, isAllowedToBill: false }];
    const before = await eventCount();
    await expect(async () =>
      commands.execute(new ChangeRosterCommand(as(carlos), change)),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
    const priya = await principalOf(DEMO_PEOPLE.priya.staffId);
    await expect(commands.execute(new ChangeRosterCommand(as(priya), change))).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await eventCount()).toBe(before);
    const position = await commands.execute(
      new ChangeRosterCommand(as(priya), [
        { employeeId: DEMO_PEOPLE.sam.staffId, projectId: 21, isAllowedToBill: false },
      ]),
    );
    expect(position).not.toBeNull();
  });
});
