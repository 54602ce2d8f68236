import { Injectable } from '@nestjs/common';
import type { ProjectOpened, ProjectUpdated, RosterChange, StaffMemberRegistered } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { runRuleCommand, type CommandAnswer } from '../../catalog/commands/run-rule-command';
import { projectStreamId } from '../../catalog/domain/project';
import { ownerScopeOf } from '../../catalog/domain/project-rules';
import { staffStreamId } from '../../staff/domain/staff-member';
import { ROSTER_STREAM_ID, rosterDecider, type RosterEditor } from '../domain/roster';

/** The seed and other system work edit the roster without a person's flags. */
export const SYSTEM_ROSTER_EDITOR: RosterEditor = { canEditRoster: true, ownerScope: null };

export function rosterEditorOf(person: Principal): RosterEditor {
  return { canEditRoster: person.canEditRoster, ownerScope: ownerScopeOf(person) };
}

/**
 * Saves the roster screen's pending changes. The people and projects a change names are looked up
 * in their own streams (the owner each belongs to), not in read models: a change right after a
 * project was opened must not be refused because a projection is a moment behind.
 */
@Injectable()
export class ChangeRosterHandler {
  constructor(private readonly store: EventStore) {}

  async execute(
    changes: readonly RosterChange[],
    editor: RosterEditor,
    context: CommandContext,
  ): Promise<CommandAnswer> {
    const employeeIds = [...new Set(changes.map((c) => c.employeeId).filter(Number.isInteger))];
    const projectIds = [...new Set(changes.map((c) => c.projectId).filter(Number.isInteger))];
    const [employeeOwners, projectOwners] = await Promise.all([
      this.owners(employeeIds, staffStreamId),
      this.owners(projectIds, projectStreamId),
    ]);
    return runRuleCommand(
      this.store,
      ROSTER_STREAM_ID,
      rosterDecider,
      { type: 'ChangeRoster', data: { changes }, editor, references: { employeeOwners, projectOwners } },
      context,
    );
  }

  /** Owner id per id whose stream exists: from the registration or opening, then any update. */
  private async owners(
    ids: readonly number[],
    streamOf: (id: number) => string,
  ): Promise<Map<number, number>> {
    const found = new Map<number, number>();
    await Promise.all(
      ids.map(async (id) => {
        for (const event of await this.store.readStream(streamOf(id))) {
          const data = event.data as Partial<StaffMemberRegistered & ProjectOpened & ProjectUpdated>;
          const opens = event.type === 'StaffMemberRegistered' || event.type === 'ProjectOpened';
          if ((opens || event.type === 'ProjectUpdated') && typeof data.ownerId === 'number')
            found.set(id, data.ownerId);
        }
      }),
    );
    return found;
  }
}
