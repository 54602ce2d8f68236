import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { LedgerRunner } from '../../periods';
import { timesheetPart } from '../domain/ledger';
import { EntryLocations } from '../queries/entry-location';
import { ownEntry } from './entry-access';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';

/** Deletes one of the person's entries, at the version they saw. */
export class WithdrawTimesheetEntry extends PortalCommand<{ position: LogPosition | null }> {
  constructor(
    caller: Caller,
    readonly entryId: string,
    readonly expectedVersion: number,
  ) {
    super(caller);
  }
}

/**
 * No late-entry confirmation is asked (the screen's delete has its own Yes/No), but withdrawing
 * an entry dated before this week's Monday still alerts the admins.
 */
@CommandHandler(WithdrawTimesheetEntry)
export class WithdrawTimesheetEntryHandler extends PortalCommandHandler<WithdrawTimesheetEntry> {
  constructor(
    private readonly locations: EntryLocations,
    private readonly ledger: LedgerRunner,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async handle(command: WithdrawTimesheetEntry): Promise<{ position: LogPosition | null }> {
    const { caller, entryId, expectedVersion } = command;
    const location = await ownEntry(this.locations, caller, entryId);
    const employeeId = location.employeeId;
    // Only the person withdraws their own entry: their owner's day.
    const today = await this.calendar.dateFor(caller.context.now, caller.principal);
    const outcome = await this.ledger.run(
      employeeId,
      location.month,
      timesheetPart,
      {
        type: 'WithdrawTimesheetEntry',
        data: {
          employeeId,
          entryId,
          expectedVersion,
          today,
          projectNames: new Map([[location.projectId, location.projectName]]),
          movedTo: null,
        },
      },
      caller.context,
    );
    return { position: outcome.position };
  }
}
