import { Global, Module, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { StaffSessions } from './auth/staff-sessions';
import { Clock, clockFor } from './clock/clock';
import { PORTAL_CONFIG } from './config/config.provider';
import { PersonalDataCipher } from './crypto/personal-data-cipher';
import type { PortalConfig } from './config/config';
import { DATABASE, DATABASE_HANDLE } from './database/database.provider';
import { openDatabase, type DatabaseHandle } from './database/database';
import { migrateToLatest } from './database/migrate';
import { tracingProvider } from './telemetry/tracing.provider';
import { eventStoreProvider } from './event-store/event-store.provider';
import { fileStorageProvider } from './files/file-storage.provider';
import { mailProviders } from './mail/mail.providers';
import { OutboxController } from './mail/outbox.controller';
import { ListOutboxHandler } from './mail/queries/list-outbox';
import { projectionProviders } from './projection/projection.providers';
import { queueProviders } from './queue/queue.providers';
import { reportEmbeddingProvider } from './power-bi/report-embedding.provider';
import { directoryProvider } from './directory/directory.provider';

/**
 * Cross-cutting adapters, chosen from the config: the embedded default when nothing is
 * configured, the real services otherwise. No business rules live here.
 */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  static forRoot(config: PortalConfig, overrides: { clock?: Clock } = {}) {
    const providers = [
      { provide: PORTAL_CONFIG, useValue: config },
      { provide: Clock, useValue: overrides.clock ?? clockFor(config.pinnedNow) },
      {
        provide: DATABASE_HANDLE,
        useFactory: async () => {
          const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
          await migrateToLatest(handle.db);
          return handle;
        },
      },
      { provide: DATABASE, useFactory: (h: DatabaseHandle) => h.db, inject: [DATABASE_HANDLE] },
      eventStoreProvider,
      fileStorageProvider,
      ...queueProviders,
      ...mailProviders,
      ...projectionProviders,
      ListOutboxHandler,
      reportEmbeddingProvider,
      directoryProvider,
      tracingProvider,
      // Personal data encryption and ending a person's sessions: used by the staff context.
      PersonalDataCipher,
      StaffSessions,
    ];
    return {
      module: PlatformModule,
      controllers: [OutboxController],
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}
