import { CommandHandler } from '@nestjs/cqrs';
import type { CodeListEntry, VehicleCodeListId } from '@portal/contracts';
import { PortalCommand, Requires, type Caller } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { CODE_LISTS_STREAM_ID, codeListDecider } from '../domain/code-lists';

export interface CodeListEntryOutcome {
  readonly entry: CodeListEntry;
  readonly position: LogPosition | null;
}

/** POST /api/admin/code-lists: an admin extends a list the vehicle form picks from (CodeListEntryAdded). */
@Requires('admin')
export class AddCodeListEntryCommand extends PortalCommand<CodeListEntryOutcome> {
  constructor(
    caller: Caller,
    readonly input: {
      readonly listId: VehicleCodeListId;
      readonly title: string;
      readonly desc: string | null;
    },
  ) {
    super(caller);
  }
}

@CommandHandler(AddCodeListEntryCommand)
export class AddCodeListEntryHandler extends EventStoreCommandHandler<AddCodeListEntryCommand> {
  protected async handle({ caller, input }: AddCodeListEntryCommand): Promise<CodeListEntryOutcome> {
    const outcome = await runCommand(
      this.store,
      CODE_LISTS_STREAM_ID,
      codeListDecider,
      { type: 'AddCodeListEntry', data: input },
      caller.context,
    );
    const entries = outcome.state.lists.get(input.listId) ?? [];
    const added =
      outcome.events[0]?.data ??
      entries.find((e) => e.title.toLowerCase() === input.title.trim().toLowerCase());
    const entry = added ?? entries[entries.length - 1];
    return {
      entry: { id: entry.listId, subId: entry.subId, title: entry.title, desc: entry.desc },
      position: outcome.position,
    };
  }
}
