import type { RosterChange } from '@portal/contracts';
import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { StreamSnapshots } from '../../../platform/event-store/stream-snapshots';
import { CatalogReferences } from '../../catalog';
import { StaffReferences } from '../../staff';
import {
  ROSTER_STREAM_ID,
  rosterDecider,
  rosterEditorOf,
  type ChangeRoster,
  type RosterState,
} from '../domain/roster';

/**
 * The roster's state as this process last loaded it (platform/event-store/stream-snapshots.ts): a
 * save reads and folds only the changes since, not the one stream's whole history (issue 27).
 */
export const rosterSnapshots = new StreamSnapshots<RosterState>();

/**
 * Saves the roster screen's pending changes (who may bill which project). Needs the canEditRoster
 * flag; a sightstream editor may change only owner-2 people on owner-2 projects (the decider's
 * scope rule). Answers where its event landed (null: nothing changed) and how many cells changed.
 */
/** Where the save's event landed (null: nothing changed) and how many cells it changed. */
export interface RosterSaveOutcome {
  readonly position: LogPosition | null;
  readonly changed: number;
}

@Requires('roster-editor')
export class ChangeRosterCommand extends PortalCommand<RosterSaveOutcome> {
  constructor(
    caller: Caller,
    readonly changes: readonly RosterChange[],
  ) {
    super(caller);
  }
}

/**
 * The owners of the people and projects a change names come from their own streams, through the
 * staff and catalog references, not from read models: a change right after a project was opened
 * must not be refused because a projection is a moment behind.
 */
@CommandHandler(ChangeRosterCommand)
export class ChangeRosterHandler extends PortalCommandHandler<ChangeRosterCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReferences,
    private readonly staff: StaffReferences,
  ) {
    super();
  }

  protected async handle({ changes, caller }: ChangeRosterCommand): Promise<RosterSaveOutcome> {
    const employeeIds = changes.map((c) => c.employeeId).filter(Number.isInteger);
    const projectIds = changes.map((c) => c.projectId).filter(Number.isInteger);
    const [employeeOwners, projectOwners] = await Promise.all([
      this.staff.staffOwners(employeeIds),
      this.catalog.projectOwners(projectIds),
    ]);
    const command: ChangeRoster = {
      type: 'ChangeRoster',
      data: { changes },
      editor: rosterEditorOf(caller.principal),
      references: { employeeOwners, projectOwners },
    };
    const outcome = await runCommand(this.store, ROSTER_STREAM_ID, rosterDecider, command, caller.context, {
      snapshots: rosterSnapshots,
    });
    const changed = outcome.events.reduce((sum, event) => sum + event.data.changes.length, 0);
    return { position: outcome.position, changed };
  }
}
