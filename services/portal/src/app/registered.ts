import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { PortalConfig } from '../platform/config/config';
import { DATABASE_HANDLE } from '../platform/database/database.provider';
import type { DatabaseHandle } from '../platform/database/database';
import { EventStore } from '../platform/event-store/event-store.port';
import { ContextRegistry } from '../platform/registry/context-registry';
import { AppModule } from './app.module';

/** What the command-line tools need of the app without running any role: its registered read side. */
export interface RegisteredApp {
  readonly registry: ContextRegistry;
  readonly handle: DatabaseHandle;
  readonly eventStore: EventStore;
  /** The command bus, for a tool that changes something (`staff:add`) as every write does. */
  readonly commands: CommandBus;
  close(): Promise<void>;
}

/**
 * Builds every module (so each context registers its projections and reactors) with no role
 * running and no demo seed, for `projections:rebuild`, `staff:add` and the bench.
 */
export async function openRegisteredApp(config: PortalConfig): Promise<RegisteredApp> {
  const context: INestApplicationContext = await NestFactory.createApplicationContext(
    AppModule.forRoot({ ...config, roles: [], seedDemo: false }),
    { logger: ['error', 'warn'] },
  );
  return {
    registry: context.get(ContextRegistry),
    handle: context.get<DatabaseHandle>(DATABASE_HANDLE),
    eventStore: context.get(EventStore),
    commands: context.get(CommandBus),
    close: () => context.close(),
  };
}
