import { Injectable } from '@nestjs/common';
import { businessDateOf } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { EntryLocations } from '../queries/entry-location';
import { ownEntry } from './entry-access';
import { runLedgerCommand } from './run-ledger-command';

/**
 * Deletes one entry. No late-entry confirmation is asked (the screen's delete has its own Yes/No),
 * but withdrawing an entry dated before this week's Monday still alerts the admins.
 */
@Injectable()
export class WithdrawTimesheetEntryHandler {
  constructor(
    private readonly store: EventStore,
    private readonly locations: EntryLocations,
  ) {}

  async execute(
    person: Principal,
    entryId: string,
    expectedVersion: number,
    context: CommandContext,
  ): Promise<{ position: LogPosition | null }> {
    const location = await ownEntry(this.locations, person, entryId);
    const projectNames = new Map([[location.projectId, location.projectName]]);
    const outcome = await runLedgerCommand(
      this.store,
      person.staffId,
      location.month,
      {
        type: 'WithdrawTimesheetEntry',
        data: {
          employeeId: person.staffId,
          entryId,
          expectedVersion,
          today: businessDateOf(context.now),
          projectNames,
          movedTo: null,
        },
      },
      context,
    );
    return { position: outcome.position };
  }
}
