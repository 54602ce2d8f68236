import type { Provider } from '@nestjs/common';
import { DATABASE } from '../database/database.provider';
import type { Database } from '../database/database';
import { ContextRegistry } from '../registry/context-registry';
import { AsOfReplay } from './as-of-replay';
import { CheckpointSignal } from './checkpoint-signal';
import { ProjectionProgress } from './projection';
import { CheckpointProjectionProgress } from './projection-progress';
import { PROJECTIONS, REACTORS } from './projection.tokens';
import { ProjectorService } from './projector.service';

/**
 * Read side: the projections and reactors the contexts registered (live lists of the
 * ContextRegistry, filled by the contexts' modules), read-your-writes, and the projector role.
 */
export const projectionProviders = [
  ContextRegistry,
  { provide: PROJECTIONS, useFactory: (r: ContextRegistry) => r.projections, inject: [ContextRegistry] },
  { provide: REACTORS, useFactory: (r: ContextRegistry) => r.reactors, inject: [ContextRegistry] },
  { provide: CheckpointSignal, useFactory: () => new CheckpointSignal() },
  {
    provide: ProjectionProgress,
    useFactory: (db: Database, registry: ContextRegistry, signal: CheckpointSignal) =>
      new CheckpointProjectionProgress(db, registry.projections, signal),
    inject: [DATABASE, ContextRegistry, CheckpointSignal],
  },
  { provide: ProjectorService, useClass: ProjectorService },
  { provide: AsOfReplay, useClass: AsOfReplay },
] satisfies Provider[];
