import { Injectable } from '@nestjs/common';
import { loadState } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { clientStreamId } from '../domain/client';
import { ownerStreamId } from '../domain/owner';
import { projectDecider, projectStreamId } from '../domain/project';

/**
 * Facts of the catalog that commands check, read from the catalog's own streams and never from
 * its read model: a command right after a registration (the demo seed, a form saved twice in a
 * row) must not be refused because a projection is a moment behind. Exported for the staff and
 * roster commands.
 */
export abstract class CatalogReferences {
  abstract ownerExists(ownerId: number): Promise<boolean>;
  abstract clientExists(clientId: number): Promise<boolean>;
  /** The owner of each project that was opened (after any update); unknown ids are absent. */
  abstract projectOwners(projectIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
}

@Injectable()
export class StreamCatalogReferences extends CatalogReferences {
  constructor(private readonly store: EventStore) {
    super();
  }

  ownerExists(ownerId: number): Promise<boolean> {
    return this.streamExists(ownerStreamId(ownerId));
  }

  clientExists(clientId: number): Promise<boolean> {
    return this.streamExists(clientStreamId(clientId));
  }

  async projectOwners(projectIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
    const owners = new Map<number, number>();
    await Promise.all(
      [...new Set(projectIds)].map(async (projectId) => {
        const { state } = await loadState(this.store, projectStreamId(projectId), projectDecider);
        if (state.status === 'open') owners.set(projectId, state.terms.ownerId);
      }),
    );
    return owners;
  }

  /** The stream holds its registration (its first event). */
  private async streamExists(streamId: string): Promise<boolean> {
    return (await this.store.readStream(streamId)).length > 0;
  }
}
