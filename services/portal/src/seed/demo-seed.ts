import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../platform/clock/clock';
import type { CommandContext } from '../platform/event-store/command-context';
import { EventStore } from '../platform/event-store/event-store.port';
import { DomainError } from '../kernel/domain-error';
import { ProjectCommandHandlers } from '../modules/catalog/commands/project-commands';
import { RegisterClientHandler } from '../modules/catalog/commands/register-client';
import { RegisterOwnerHandler } from '../modules/catalog/commands/register-owner';
import { ownerStreamId } from '../modules/catalog/domain/owner';
import { ChangeRosterHandler, SYSTEM_ROSTER_EDITOR } from '../modules/roster/commands/change-roster';
import { RegisterStaffMemberHandler } from '../modules/staff/commands/register-staff-member';
import { DEMO_CLIENTS, DEMO_OWNERS, DEMO_PEOPLE, DEMO_PROJECTS, DEMO_ROSTER } from './demo-data';

export const DEMO_SEED_ACTOR = { id: 'system', name: 'Demo seed' } as const;

/** What a seed step gets: deterministic command contexts and the demo organisation's ids. */
export interface DemoSeedContext {
  /** The same key always gives the same command id, so re-running a step appends nothing twice. */
  command(key: string): CommandContext;
  readonly now: Date;
  readonly people: typeof DEMO_PEOPLE;
  readonly projects: typeof DEMO_PROJECTS;
  readonly roster: typeof DEMO_ROSTER;
}

/** A later context's part of the demo data (e.g. months of timesheet history). */
export interface DemoSeedStep {
  readonly name: string;
  run(context: DemoSeedContext): Promise<void>;
}

/**
 * Where other contexts add their seed steps: call `register` from a provider's constructor or
 * `onModuleInit`. Steps run in registration order, after the catalog, staff and roster.
 */
@Injectable()
export class DemoSeedRegistry {
  private readonly steps: DemoSeedStep[] = [];

  register(step: DemoSeedStep): void {
    if (this.steps.some((s) => s.name === step.name))
      throw new Error(`Seed step ${step.name} is registered twice`);
    this.steps.push(step);
  }

  list(): readonly DemoSeedStep[] {
    return [...this.steps];
  }
}

export type DemoSeedResult = 'seeded' | 'already-seeded';

/**
 * The demo data, written through the real command handlers, so the log holds the same events a
 * person would have caused. Runs when the log has no owner yet; every command has a fixed id and
 * every step tolerates "already exists", so a second run (or two processes at once) is harmless.
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly registry: DemoSeedRegistry,
    private readonly owners: RegisterOwnerHandler,
    private readonly clients: RegisterClientHandler,
    private readonly projects: ProjectCommandHandlers,
    private readonly staff: RegisterStaffMemberHandler,
    private readonly roster: ChangeRosterHandler,
  ) {}

  async isSeeded(): Promise<boolean> {
    for (const owner of DEMO_OWNERS) {
      if ((await this.store.readStream(ownerStreamId(owner.ownerId))).length > 0) return true;
    }
    return false;
  }

  async seedIfEmpty(): Promise<DemoSeedResult> {
    if (await this.isSeeded()) return 'already-seeded';
    await this.seed();
    return 'seeded';
  }

  /** Every step, whether or not the log has data already. */
  async seed(): Promise<void> {
    const now = this.clock.now();
    const context: DemoSeedContext = {
      command: (key) => ({
        actor: DEMO_SEED_ACTOR,
        commandId: `demo-seed:${key}`,
        correlationId: 'demo-seed',
        causationId: null,
        now,
      }),
      now,
      people: DEMO_PEOPLE,
      projects: DEMO_PROJECTS,
      roster: DEMO_ROSTER,
    };
    for (const owner of DEMO_OWNERS) {
      await unlessExists(this.owners.execute(owner, context.command(`owner-${owner.ownerId}`)));
    }
    for (const client of DEMO_CLIENTS) {
      await unlessExists(this.clients.execute(client, context.command(`client-${client.clientId}`)));
    }
    for (const project of DEMO_PROJECTS) {
      await unlessExists(this.projects.open(project, context.command(`project-${project.projectId}`)));
    }
    for (const person of Object.values(DEMO_PEOPLE)) {
      await unlessExists(this.staff.execute(person, context.command(`staff-${person.staffId}`)));
    }
    await this.roster.execute(DEMO_ROSTER, SYSTEM_ROSTER_EDITOR, context.command('roster'));
    for (const step of this.registry.list()) {
      this.logger.log(`Seeding ${step.name}`);
      await step.run(context);
    }
    this.logger.log('Demo data seeded');
  }
}

/** "Already exists" from a registration means an earlier run got this far: go on. */
async function unlessExists(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict') return;
    throw error;
  }
}
