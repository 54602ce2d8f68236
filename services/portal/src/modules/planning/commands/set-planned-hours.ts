import { CommandHandler } from '@nestjs/cqrs';
import type { PlannedCellInput } from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { plannedHoursDecider, plannedHoursStreamId, type SetPlannedHours } from '../domain/planned-hours';
import { PlanningFacts } from '../queries/planning-facts';

export interface SetPlannedHoursOutcome {
  /** How many cells changed (0: every value was already stored; no event). */
  readonly changed: number;
  /** Where the event landed, so the answer waits for the read model (null: nothing recorded). */
  readonly position: LogPosition | null;
}

/**
 * Saves any number of planned-hours cells of one project at once (admins): one PlannedHoursSet
 * with every changed cell's before → after, or nothing at all when one cell is refused.
 */
@Requires('admin')
export class SetPlannedHoursCommand extends PortalCommand<SetPlannedHoursOutcome> {
  constructor(
    caller: Caller,
    readonly projectId: number,
    readonly cells: readonly PlannedCellInput[],
  ) {
    super(caller);
  }
}

@CommandHandler(SetPlannedHoursCommand)
export class SetPlannedHoursHandler extends PortalCommandHandler<SetPlannedHoursCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly facts: PlanningFacts,
  ) {
    super();
  }

  protected async handle({
    caller,
    projectId,
    cells,
  }: SetPlannedHoursCommand): Promise<SetPlannedHoursOutcome> {
    const [project, people] = await Promise.all([
      this.facts.project(projectId),
      this.facts.rosterPeople(projectId),
    ]);
    const command: SetPlannedHours = {
      type: 'SetPlannedHours',
      data: { projectId, cells },
      ownerScope: ownerScopeOf(caller.principal),
      references: {
        project: project && { projectId, ownerId: project.ownerId, clientId: project.clientId },
        rosterOwners: new Map(people.map((p) => [p.staffId, p.ownerId])),
      },
    };
    const outcome = await runCommand(
      this.store,
      plannedHoursStreamId(projectId),
      plannedHoursDecider,
      command,
      caller.context,
    );
    const changed = outcome.events.reduce((sum, e) => sum + e.data.changes.length, 0);
    return { changed, position: outcome.position };
  }
}
