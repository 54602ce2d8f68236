import { Injectable } from '@nestjs/common';
import { loadState } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { staffDecider, staffStreamId } from '../domain/staff-member';

/**
 * Facts of the staff that other contexts' commands check, read from the people's own streams and
 * never from the read model (a roster change right after a registration must not be refused
 * because a projection is a moment behind). Exported for the roster.
 */
export abstract class StaffReferences {
  /** The owner of each registered person; unknown ids are absent. */
  abstract staffOwners(staffIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
}

@Injectable()
export class StreamStaffReferences extends StaffReferences {
  constructor(private readonly store: EventStore) {
    super();
  }

  async staffOwners(staffIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
    const owners = new Map<number, number>();
    await Promise.all(
      [...new Set(staffIds)].map(async (staffId) => {
        const { state } = await loadState(this.store, staffStreamId(staffId), staffDecider);
        if (state.registered) owners.set(staffId, state.ownerId);
      }),
    );
    return owners;
  }
}
