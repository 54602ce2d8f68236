/*
 * Over 350 lines on purpose: the bench's whole generated organisation (people, projects, a year of
 * weeks) in one deterministic generator, so every figure is reproducible from one seed.
 */
import {
  addDays,
  BILLING_CYCLES,
  daysBetween,
  endOfMonth,
  mondayOfWeek,
  ledgerStreamId,
  OVERTIME_PROJECT_IDS,
  PLANNED_HOURS_EXCLUDED_CLIENT_ID,
  SECOND_ORGANISATION_OWNER_ID,
  UMBRELLA_PROJECT_ID,
  type ClientRegistered,
  type OwnerRegistered,
  type PlannedHoursSet,
  type ProjectOpened,
  type RosterChanged,
  type BusinessDate,
  type ExpenseClaimedData,
  type TimesheetSubmittedData,
} from '@portal/contracts';
import { BENCH_ADMIN_ID } from './bench-admin';
import { deriveEventId, eventMetadata } from '../platform/event-store/command-context';
import type { NewEvent } from '../platform/event-store/event-store.port';
import { clientStreamId } from '../modules/catalog/domain/client';
import { ownerStreamId } from '../modules/catalog/domain/owner';
import { projectStreamId } from '../modules/catalog/domain/project';
import { plannedHoursStreamId } from '../modules/planning/domain/planned-hours';
import { ROSTER_STREAM_ID } from '../modules/roster/domain/roster';
import { registeredPerson } from '../modules/staff/domain/registered-fixture';
import { staffStreamId } from '../modules/staff/domain/staff-member';

/**
 * The bench's data: a deterministic (seeded) company of owners, clients, projects and people,
 * and a year of their timesheets as the domain events the portal records. Everything is derived
 * from (person, month), so the same entries can be produced again for the raw-insert comparison
 * without keeping 100,000 of them in memory.
 */

export interface BenchProject {
  readonly projectId: number;
  readonly name: string;
  readonly ownerId: number;
  readonly clientId: number;
}

export interface BenchPerson {
  readonly staffId: number;
  readonly name: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly username: string;
  readonly ownerId: number;
  /** The projects the roster lets the person bill (at least two). */
  readonly projectIds: readonly number[];
}

/** One append: the entries of one person in one week of one month (a week crossing months is split). */
export interface LedgerBatch {
  readonly streamId: string;
  readonly commandId: string;
  readonly occurredAt: Date;
  readonly entries: readonly TimesheetSubmittedData[];
}

/** The firm-size options of the review-loop bench (the defaults keep the log bench's year). */
export interface DatasetOptions {
  /** Months of history from January of `year` (default 12). */
  readonly months?: number;
  /** Projects in all (default: the 26 named ones); more are generated for owner 1. */
  readonly projects?: number;
  /** Expenses per person and month, appended after the month's time (default 0). */
  readonly expensesPerMonth?: number;
  /** Also register an admin of owner 1 (staff id 999) with no roster and no entries. */
  readonly admin?: boolean;
  /** Every person's name unique (the last name followed by the staff id): files name people. */
  readonly uniqueNames?: boolean;
}

export { BENCH_ADMIN_ID };

export interface SetupAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
}

const FIRST_NAMES = [
  'Amara', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas',
  'Kofi', 'Lena', 'Mateo', 'Nadia', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tara',
]; // prettier-ignore
const LAST_NAMES = [
  'Anders', 'Brooks', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Gupta', 'Haddad', 'Ito', 'Jensen',
  'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Patel', 'Quintero', 'Rossi', 'Silva', 'Tanaka',
]; // prettier-ignore
const ACTIVITIES = [
  'Requirements workshop', 'Code review', 'Sprint planning', 'Data migration', 'Integration testing',
  'Deployment', 'Documentation', 'Client meeting', 'Bug fixing', 'Solution design', 'Reporting',
  'Performance tuning', 'Support rota', 'Training',
]; // prettier-ignore
const PROJECT_WORDS = [
  'Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel', 'Juniper', 'Larch',
  'Maple', 'Nutmeg', 'Oak', 'Pine', 'Rowan', 'Spruce',
]; // prettier-ignore
const PROJECT_KINDS = ['Migration', 'Platform', 'Rollout', 'Analytics'];
const SIGHTSTREAM_WORDS = ['Atlas', 'Beacon', 'Compass', 'Delta', 'Echo', 'Falcon'];

const FIRST_OWNER_ID = 1;
const STAFF_ID_BASE = 1000;

/** Deterministic pseudo-random numbers (mulberry32) seeded from a string. */
export class Random {
  private state: number;

  constructor(seed: string) {
    let h = 2166136261;
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
    this.state = h >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0)
      out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }
}

/** Quarter hours as the decimal string the events carry ('7.5', '0.25', '8'). */
function hoursText(quarters: number): string {
  const whole = Math.floor(quarters / 4);
  return `${whole}${['', '.25', '.5', '.75'][quarters % 4]}`;
}

/** The working days (Monday to Friday) of a 'YYYY-MM' month. */
function workingDays(month: string): BusinessDate[] {
  const first = `${month}-01`;
  return daysBetween(first, endOfMonth(first)).filter((date) => date < addDays(mondayOfWeek(date), 5));
}

export class BenchDataset {
  readonly owners: readonly OwnerRegistered[] = [
    { ownerId: FIRST_OWNER_ID, name: 'Smartwork Consulting' },
    { ownerId: SECOND_ORGANISATION_OWNER_ID, name: 'Sightstream' },
  ];
  readonly clients: readonly ClientRegistered[];
  readonly projects: readonly BenchProject[];
  readonly people: readonly BenchPerson[];
  readonly months: readonly string[];
  private readonly projectById: ReadonlyMap<number, BenchProject>;
  private readonly personById: ReadonlyMap<number, BenchPerson>;
  private readonly subProjectIds: readonly number[];

  constructor(
    readonly peopleCount: number,
    readonly year: number,
    readonly options: DatasetOptions = {},
  ) {
    const random = new Random(`bench-company-${year}`);
    this.months = Array.from(
      { length: options.months ?? 12 },
      (_, i) => `${year + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    );
    this.clients = ['Northwind Traders', 'Contoso Health', 'Fabrikam Energy', 'Tailspin Media'].map(
      (name, i) => ({
        clientId: i + 1,
        name,
        addressLine1: `${100 + i} Main Street`,
        addressLine2: null,
        city: 'Springfield',
        stateProvince: 'IL',
        countryRegion: 'United States',
        zipPostalCode: `6270${i}`,
        phone: null,
        contacts: [{ name: 'Accounts Payable', email: `ap@client${i + 1}.example` }],
      }),
    );

    const projects: BenchProject[] = [
      { projectId: 33, name: 'Notice Period', ownerId: FIRST_OWNER_ID, clientId: 1 },
      { projectId: UMBRELLA_PROJECT_ID, name: 'Umbrella Programme', ownerId: FIRST_OWNER_ID, clientId: 1 },
      { projectId: 61, name: 'Overtime Support East', ownerId: FIRST_OWNER_ID, clientId: 2 },
      { projectId: 64, name: 'Overtime Support West', ownerId: FIRST_OWNER_ID, clientId: 2 },
    ];
    PROJECT_WORDS.forEach((word, i) =>
      projects.push({
        projectId: 101 + i,
        name: `${word} ${PROJECT_KINDS[i % PROJECT_KINDS.length]}`,
        ownerId: FIRST_OWNER_ID,
        clientId: 1 + (i % this.clients.length),
      }),
    );
    SIGHTSTREAM_WORDS.forEach((word, i) =>
      projects.push({
        projectId: 201 + i,
        name: `Sightstream ${word}`,
        ownerId: SECOND_ORGANISATION_OWNER_ID,
        clientId: 1 + (i % this.clients.length),
      }),
    );
    for (let i = 0; projects.length < (options.projects ?? 0); i++)
      projects.push({
        projectId: 1001 + i,
        name: `${PROJECT_WORDS[i % PROJECT_WORDS.length]} ${PROJECT_KINDS[i % PROJECT_KINDS.length]} ${1001 + i}`,
        ownerId: FIRST_OWNER_ID,
        clientId: 1 + (i % this.clients.length),
      });
    this.projects = projects;
    this.projectById = new Map(projects.map((p) => [p.projectId, p]));
    this.subProjectIds = projects
      .filter((p) => p.projectId !== UMBRELLA_PROJECT_ID && p.ownerId === FIRST_OWNER_ID)
      .map((p) => p.projectId);

    const firstOwnerPool = projects
      .filter((p) => p.ownerId === FIRST_OWNER_ID && p.projectId !== 33)
      .map((p) => p.projectId);
    const secondOwnerPool = projects
      .filter((p) => p.ownerId === SECOND_ORGANISATION_OWNER_ID)
      .map((p) => p.projectId);
    this.people = Array.from({ length: peopleCount }, (_, i) => {
      const staffId = STAFF_ID_BASE + i + 1;
      const firstName = FIRST_NAMES[i % FIRST_NAMES.length];
      const family = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
      const lastName = options.uniqueNames ? `${family} ${staffId}` : family;
      // About one in seven works for Sightstream.
      const ownerId = i % 7 === 6 ? SECOND_ORGANISATION_OWNER_ID : FIRST_OWNER_ID;
      const domain = ownerId === SECOND_ORGANISATION_OWNER_ID ? 'sightstream.example' : 'smartwork.example';
      const pool = ownerId === SECOND_ORGANISATION_OWNER_ID ? secondOwnerPool : firstOwnerPool;
      return {
        staffId,
        firstName,
        lastName,
        name: `${firstName} ${lastName}`,
        username: `${firstName}.${family}.${staffId}@${domain}`.toLowerCase(),
        ownerId,
        projectIds: random.sample(pool, random.int(2, 4)).sort((a, b) => a - b),
      };
    });
    this.personById = new Map(this.people.map((p) => [p.staffId, p]));
  }

  project(projectId: number): BenchProject {
    const project = this.projectById.get(projectId);
    if (!project) throw new Error(`No bench project ${projectId}`);
    return project;
  }

  person(staffId: number): BenchPerson {
    const person = this.personById.get(staffId);
    if (!person) throw new Error(`No bench person ${staffId}`);
    return person;
  }

  /** Every ledger stream of the year: (person, month). */
  ledgers(): { person: BenchPerson; month: string }[] {
    return this.people.flatMap((person) => this.months.map((month) => ({ person, month })));
  }

  /** Owners, clients, projects, staff and roster, each on its stream, as the admin would record them. */
  setupAppends(): SetupAppend[] {
    const admin = { id: 'bench-admin', name: 'Bench Admin' };
    const at = new Date(Date.UTC(this.year - 1, 11, 15, 9, 0, 0));
    /** The metadata of the admin's command `commandId`, at `at`. */
    const byAdmin = (commandId: string) =>
      eventMetadata({ actor: admin, commandId, correlationId: commandId, causationId: null, now: at });
    const append = (streamId: string, type: string, data: unknown): SetupAppend => {
      const commandId = deriveEventId('bench-setup', streamId, 0);
      const metadata = byAdmin(commandId);
      return { streamId, events: [{ id: deriveEventId(commandId, streamId, 0), type, data, metadata }] };
    };
    const out: SetupAppend[] = [];
    for (const owner of this.owners) out.push(append(ownerStreamId(owner.ownerId), 'OwnerRegistered', owner));
    for (const client of this.clients)
      out.push(append(clientStreamId(client.clientId), 'ClientRegistered', client));
    for (const p of this.projects) {
      const opened: ProjectOpened = {
        projectId: p.projectId,
        clientId: p.clientId,
        ownerId: p.ownerId,
        name: p.name,
        billingCycle: BILLING_CYCLES[p.projectId % BILLING_CYCLES.length],
        invoiceCurrency: p.ownerId === SECOND_ORGANISATION_OWNER_ID ? 'CAD' : 'USD',
        isActive: true,
      };
      out.push(append(projectStreamId(p.projectId), 'ProjectOpened', opened));
    }
    const admins: BenchPerson[] = this.options.admin
      ? [
          {
            staffId: BENCH_ADMIN_ID,
            firstName: 'Bench',
            lastName: 'Admin',
            name: 'Bench Admin',
            username: 'bench.admin@smartwork.example',
            ownerId: FIRST_OWNER_ID,
            projectIds: [],
          },
        ]
      : [];
    for (const person of [...admins, ...this.people]) {
      const registered = registeredPerson(person.staffId, person.ownerId, {
        username: person.username,
        name: person.name,
        firstName: person.firstName,
        lastName: person.lastName,
        isAdmin: person.staffId === BENCH_ADMIN_ID,
        // The bench admin also edits the roster (the roster import of bench/imports.ts).
        canEditRoster: person.staffId === BENCH_ADMIN_ID,
      });
      out.push(append(staffStreamId(person.staffId), 'StaffMemberRegistered', registered));
    }
    // One roster edit per person (the roster stream gets one event per append).
    for (const person of this.people) {
      const changed: RosterChanged = {
        changes: person.projectIds.map((projectId) => ({
          employeeId: person.staffId,
          projectId,
          isAllowedToBill: true,
        })),
      };
      const commandId = deriveEventId('bench-roster', String(person.staffId), 0);
      const metadata = byAdmin(commandId);
      out.push({
        streamId: ROSTER_STREAM_ID,
        events: [
          {
            id: deriveEventId(commandId, ROSTER_STREAM_ID, 0),
            type: 'RosterChanged',
            data: changed,
            metadata,
          },
        ],
      });
    }
    return out;
  }

  /**
   * The project the most people may bill (ties: the lowest id) among those planned hours are kept
   * for (never one of client 4): the planned-hours grid's bench.
   */
  largestProject(): { readonly projectId: number; readonly people: readonly BenchPerson[] } {
    const plannable = new Set(
      this.projects.filter((p) => p.clientId !== PLANNED_HOURS_EXCLUDED_CLIENT_ID).map((p) => p.projectId),
    );
    const onProject = new Map<number, BenchPerson[]>();
    for (const person of this.people)
      for (const projectId of person.projectIds.filter((id) => plannable.has(id)))
        onProject.set(projectId, [...(onProject.get(projectId) ?? []), person]);
    let largest = { projectId: 0, people: [] as BenchPerson[] };
    for (const [projectId, people] of [...onProject.entries()].sort(([a], [b]) => a - b))
      if (people.length > largest.people.length) largest = { projectId, people };
    return largest;
  }

  /**
   * Planned hours for everyone on the largest project over `months`, as one admin's save records
   * them: one PlannedHoursSet on `planned-hours-{projectId}` (a whole number of hours per cell).
   */
  plannedHoursAppend(months: readonly string[]): SetupAppend {
    const { projectId, people } = this.largestProject();
    const random = new Random(`bench-planned-hours-${projectId}`);
    const data: PlannedHoursSet = {
      projectId,
      changes: people.flatMap((person) =>
        months.map((month) => ({
          employeeId: person.staffId,
          month,
          before: { plannedHours: null },
          after: { plannedHours: random.int(40, 120) },
        })),
      ),
    };
    const streamId = plannedHoursStreamId(projectId);
    const commandId = deriveEventId('bench-planned-hours', streamId, 0);
    const metadata = eventMetadata({
      actor: { id: 'bench-admin', name: 'Bench Admin' },
      commandId,
      correlationId: commandId,
      causationId: null,
      now: new Date(Date.UTC(this.year - 1, 11, 20, 9, 0, 0)),
    });
    return {
      streamId,
      events: [{ id: deriveEventId(commandId, streamId, 0), type: 'PlannedHoursSet', data, metadata }],
    };
  }

  /**
   * One person's month: two entries per working day on two of the person's projects, about eight
   * hours a day (whole hours on Sightstream projects), sometimes overtime where a project allows
   * it, a sub-project on the umbrella project. Grouped into one append per week.
   */
  ledgerBatches(person: BenchPerson, month: string): LedgerBatch[] {
    const random = new Random(`bench-ledger-${person.staffId}-${month}`);
    const streamId = ledgerStreamId(person.staffId, month);
    const wholeHours = person.ownerId === SECOND_ORGANISATION_OWNER_ID;
    const weeks = new Map<string, { last: BusinessDate; entries: TimesheetSubmittedData[] }>();
    for (const date of workingDays(month)) {
      const monday = mondayOfWeek(date);
      const totalQuarters = wholeHours
        ? random.pick([28, 32, 32, 32, 36])
        : random.pick([30, 32, 32, 32, 34]);
      const firstQuarters = wholeHours
        ? 4 * random.int(2, totalQuarters / 4 - 2)
        : random.int(8, totalQuarters - 8);
      const [first, second] = random.sample(person.projectIds, 2);
      const week = weeks.get(monday) ?? { last: date, entries: [] };
      week.last = date;
      [
        { projectId: first, quarters: firstQuarters },
        { projectId: second, quarters: totalQuarters - firstQuarters },
      ].forEach(({ projectId, quarters }, slot) => {
        const project = this.project(projectId);
        const overtimeAllowed =
          project.ownerId === SECOND_ORGANISATION_OWNER_ID || OVERTIME_PROJECT_IDS.includes(projectId);
        week.entries.push({
          entryId: deriveEventId('bench-entry', `${person.staffId}-${date}`, slot),
          employeeId: person.staffId,
          projectId,
          subProjectId: projectId === UMBRELLA_PROJECT_ID ? random.pick(this.subProjectIds) : null,
          date,
          hours: hoursText(quarters),
          overtimeHours: overtimeAllowed && random.next() < 0.15 ? String(random.int(1, 2)) : null,
          comment: random.pick(ACTIVITIES),
          lateEntry: false,
          version: 1,
          movedFrom: null,
        });
      });
      weeks.set(monday, week);
    }
    return [...weeks.values()].map((week, index) => {
      const commandId = deriveEventId('bench-command', streamId, index);
      // Submitted on the week's last working day, late afternoon.
      const occurredAt = new Date(
        Date.parse(`${week.last}T00:00:00.000Z`) + (17 * 60 + random.int(0, 59)) * 60_000,
      );
      return { streamId, commandId, occurredAt, entries: week.entries };
    });
  }

  /** The batch as the events a SubmitTimesheet command appends (ids derived from the command id). */
  toEvents(batch: LedgerBatch): NewEvent[] {
    const person = this.person(batch.entries[0].employeeId);
    const metadata = eventMetadata({
      actor: { id: String(person.staffId), name: person.name },
      commandId: batch.commandId,
      correlationId: batch.commandId,
      causationId: null,
      now: batch.occurredAt,
    });
    return batch.entries.map((data, index) => ({
      id: deriveEventId(batch.commandId, batch.streamId, index),
      type: 'TimesheetSubmitted',
      data,
      metadata,
    }));
  }

  /**
   * One person's expenses of a month (`options.expensesPerMonth`, on the person's projects, in
   * USD at rate 1) as one ExpenseClaimed append after the month's time.
   */
  expenseBatch(person: BenchPerson, month: string): { streamId: string; events: NewEvent[] } | null {
    const count = this.options.expensesPerMonth ?? 0;
    if (count === 0) return null;
    const random = new Random(`bench-expenses-${person.staffId}-${month}`);
    const streamId = ledgerStreamId(person.staffId, month);
    const commandId = deriveEventId('bench-expenses', streamId, 0);
    const days = workingDays(month);
    const metadata = eventMetadata({
      actor: { id: String(person.staffId), name: person.name },
      commandId,
      correlationId: commandId,
      causationId: null,
      now: new Date(Date.parse(`${days.at(-1)}T18:00:00.000Z`)),
    });
    const events = Array.from({ length: count }, (_, index): NewEvent => {
      const cents = random.int(500, 25_000);
      const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      const data: ExpenseClaimedData = {
        expenseId: deriveEventId('bench-expense', streamId, index),
        employeeId: person.staffId,
        projectId: random.pick(person.projectIds),
        categoryId: 2,
        date: random.pick(days),
        activityDate: null,
        currency: 'USD',
        amount,
        totalAmount: null,
        rate: '1',
        projectCurrency: 'USD',
        claimed: amount,
        isBillable: true,
        comment: 'Mileage',
        receiptId: null,
        groupId: null,
        version: 1,
        movedFrom: null,
      };
      return { id: deriveEventId(commandId, streamId, index), type: 'ExpenseClaimed', data, metadata };
    });
    return { streamId, events };
  }
}
