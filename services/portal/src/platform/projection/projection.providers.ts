import type { Provider } from '@nestjs/common';
import { projections, reactors } from '../../app/read-models';
import { DATABASE } from '../database/database.provider';
import type { Database } from '../database/database';
import { CheckpointSignal } from './checkpoint-signal';
import { ProjectionProgress, type Projection } from './projection';
import { CheckpointProjectionProgress } from './projection-progress';
import { PROJECTIONS, REACTORS } from './projection.tokens';
import { ProjectorService } from './projector.service';

/** Read side: the projections and reactors of the app, read-your-writes, and the projector role. */
export const projectionProviders = [
  { provide: PROJECTIONS, useValue: projections },
  { provide: REACTORS, useValue: reactors },
  { provide: CheckpointSignal, useFactory: () => new CheckpointSignal() },
  {
    provide: ProjectionProgress,
    useFactory: (db: Database, all: readonly Projection[], signal: CheckpointSignal) =>
      new CheckpointProjectionProgress(
        db,
        all.map((projection) => projection.name),
        signal,
      ),
    inject: [DATABASE, PROJECTIONS, CheckpointSignal],
  },
  { provide: ProjectorService, useClass: ProjectorService },
] satisfies Provider[];
