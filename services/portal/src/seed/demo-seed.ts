import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { businessDateIn, DEFAULT_TIME_ZONE, type BusinessDate } from '@portal/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '../platform/clock/clock';
import type { PortalConfig } from '../platform/config/config';
import { PORTAL_CONFIG } from '../platform/config/config.provider';
import { systemCaller, type Caller } from '../platform/cqrs';
import type { CommandContext } from '../platform/event-store/command-context';
import { DomainError } from '../kernel/domain-error';
import {
  CatalogReferences,
  OpenProjectCommand,
  RegisterClientCommand,
  RegisterOwnerCommand,
} from '../modules/catalog';
import { ChangeRosterCommand } from '../modules/roster';
import { RegisterStaffMemberCommand } from '../modules/staff';
import { DEMO_CLIENTS, DEMO_OWNERS, DEMO_PEOPLE, DEMO_PROJECTS, DEMO_ROSTER } from './demo-data';

export const DEMO_SEED_ACTOR = { id: 'system', name: 'Demo seed' } as const;

/** What a seed step gets: deterministic command contexts and the demo organisation's ids. */
export interface DemoSeedContext {
  /** The same key always gives the same command id, so re-running a step appends nothing twice. */
  command(key: string): CommandContext;
  /** The portal itself as the caller of a command, under `command(key)`. */
  caller(key: string): Caller;
  readonly now: Date;
  /** The business date of `now` in the firm's zone (PORTAL_TIME_ZONE): the day the demo is built around. */
  readonly today: BusinessDate;
  readonly people: typeof DEMO_PEOPLE;
  readonly projects: typeof DEMO_PROJECTS;
  readonly roster: typeof DEMO_ROSTER;
}

/** A part of the demo data after the organisation (e.g. months of timesheet history). */
export interface DemoSeedStep {
  readonly name: string;
  run(context: DemoSeedContext): Promise<void>;
}

/**
 * The seed steps that run after the catalog, staff and roster, in registration order. The
 * SeedModule registers every step; registering the same step object again changes nothing.
 */
@Injectable()
export class DemoSeedRegistry {
  private readonly steps: DemoSeedStep[] = [];

  register(step: DemoSeedStep): void {
    if (this.steps.includes(step)) return;
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
 * The demo data, sent as the same commands a person's request sends (on the CommandBus, by the
 * system caller), so the log holds the same events a person would have caused. Runs when the
 * log has no owner yet; every command has a fixed id and every registration tolerates "already
 * exists", so a second run (or two processes at once) appends nothing twice.
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    private readonly commands: CommandBus,
    private readonly catalog: CatalogReferences,
    private readonly clock: Clock,
    private readonly registry: DemoSeedRegistry,
    /** PORTAL_TIME_ZONE: the demo owners set no zone of their own. */
    @Optional() @Inject(PORTAL_CONFIG) private readonly config?: Pick<PortalConfig, 'timeZone'>,
  ) {}

  async isSeeded(): Promise<boolean> {
    for (const owner of DEMO_OWNERS) {
      if (await this.catalog.ownerExists(owner.ownerId)) return true;
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
    const command = (key: string): CommandContext => ({
      actor: DEMO_SEED_ACTOR,
      commandId: `demo-seed:${key}`,
      correlationId: 'demo-seed',
      causationId: null,
      now,
    });
    const context: DemoSeedContext = {
      command,
      caller: (key) => systemCaller(command(key)),
      now,
      today: businessDateIn(now, this.config?.timeZone ?? DEFAULT_TIME_ZONE),
      people: DEMO_PEOPLE,
      projects: DEMO_PROJECTS,
      roster: DEMO_ROSTER,
    };
    const send = this.commands;
    for (const owner of DEMO_OWNERS) {
      await unlessExists(() =>
        send.execute(new RegisterOwnerCommand(context.caller(`owner-${owner.ownerId}`), owner)),
      );
    }
    for (const client of DEMO_CLIENTS) {
      await unlessExists(() =>
        send.execute(new RegisterClientCommand(context.caller(`client-${client.clientId}`), client)),
      );
    }
    for (const project of DEMO_PROJECTS) {
      await unlessExists(() =>
        send.execute(new OpenProjectCommand(context.caller(`project-${project.projectId}`), project)),
      );
    }
    for (const person of Object.values(DEMO_PEOPLE)) {
      await unlessExists(() =>
        send.execute(new RegisterStaffMemberCommand(context.caller(`staff-${person.staffId}`), person)),
      );
    }
    await send.execute(new ChangeRosterCommand(context.caller('roster'), DEMO_ROSTER));
    for (const step of this.registry.list()) {
      this.logger.log(`Seeding ${step.name}`);
      await step.run(context);
    }
    this.logger.log('Demo data seeded');
  }
}

/** "Already exists" from a registration means an earlier run got this far: go on. */
async function unlessExists(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict') return;
    throw error;
  }
}
