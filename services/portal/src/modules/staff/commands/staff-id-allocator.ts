import { Injectable } from '@nestjs/common';
import { staffAdminMessages } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { deriveEventId, type CommandContext } from '../../../platform/event-store/command-context';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { STAFF_IDS_STREAM, staffIdDecider } from '../domain/staff-id-allocation';
import { staffStreamId } from '../domain/staff-member';
import { staffTables } from '../projections/staff-tables';

/** Rounds of allocation over ids already registered (by the seed, unseen by a lagging read model). */
const MAX_TAKEN_ROUNDS = 50;

/**
 * Hands out fresh staff ids on the `staff-ids` stream (docs/decisions/0246): above the highest
 * allocated and the highest the staff read model knows; an id whose `staff-{id}` stream holds events
 * already is stepped over by allocating again past it. One append for `count` ids (directory sync
 * allocates a page's new people at once).
 */
@Injectable()
export class StaffIdAllocator {
  constructor(
    private readonly store: EventStore,
    @InjectDatabase() private readonly db: Database,
  ) {}

  /** `count` ids, each with an empty stream; the n-th round of the command gets event ids of its own. */
  async allocate(count: number, context: CommandContext): Promise<number[]> {
    const ids: number[] = [];
    let atLeast = (await this.highestStaffId()) + 1;
    for (let round = 0; ids.length < count; round++) {
      if (round >= MAX_TAKEN_ROUNDS) throw DomainError.conflict(staffAdminMessages.noFreeId);
      const roundContext =
        round === 0
          ? context
          : { ...context, commandId: deriveEventId(context.commandId, STAFF_IDS_STREAM, round) };
      const { events } = await runCommand(
        this.store,
        STAFF_IDS_STREAM,
        staffIdDecider,
        { type: 'AllocateStaffId', data: { atLeast, count: count - ids.length } },
        roundContext,
      );
      const allocated = events.map((event) => event.data.staffId);
      // The read model may lag behind a registration that chose its own id (the seed's).
      const taken = new Set(
        (await this.store.readStreams(allocated.map(staffStreamId))).map((event) => event.streamId),
      );
      for (const id of allocated) if (!taken.has(staffStreamId(id))) ids.push(id);
      atLeast = Math.max(atLeast, ...allocated.map((id) => id + 1));
    }
    return ids;
  }

  /** The highest id the staff read model knows; 0 before its first build (a portal never started). */
  private async highestStaffId(): Promise<number> {
    try {
      const row = await staffTables(this.db)
        .selectFrom('staff')
        .select((eb) => eb.fn.max('staff_id').as('highest'))
        .executeTakeFirst();
      return Number(row?.highest ?? 0);
    } catch (error) {
      if (isMissingRelation(error)) return 0;
      throw error;
    }
  }
}

/** PostgreSQL's "undefined table" or "undefined schema". */
function isMissingRelation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42P01' || code === '3F000';
}
