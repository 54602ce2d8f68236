import {
  CODE_LIST_NAMES,
  VEHICLE_CODE_LISTS,
  VEHICLE_CODE_LIST_IDS,
  vehicleMessages,
  type CodeListEntryAdded,
  type VehicleCodeListId,
} from '@portal/contracts';
import { DomainError, ProblemList } from '../../../kernel/domain-error';
import { isFilledText } from '../../../kernel/rules';

/** The one stream `code-lists`: the entries of the lists the vehicle form picks from. */
export const CODE_LISTS_STREAM_ID = 'code-lists';

export type CodeListEvent = { readonly type: 'CodeListEntryAdded'; readonly data: CodeListEntryAdded };

export type AddCodeListEntry = {
  readonly type: 'AddCodeListEntry';
  readonly data: { readonly listId: VehicleCodeListId; readonly title: string; readonly desc: string | null };
};

export type CodeListCommand = AddCodeListEntry;

/** List id -> its entries, in the order they were added. */
export type CodeListState = { readonly lists: ReadonlyMap<number, readonly CodeListEntryAdded[]> };

/** The titles of each list, as the vehicle decider checks them. */
export function titlesOf(state: CodeListState): ReadonlyMap<number, readonly string[]> {
  return new Map([...state.lists].map(([id, entries]) => [id, entries.map((e) => e.title)]));
}

export const codeListDecider = {
  initialState: (): CodeListState => ({ lists: new Map() }),

  evolve(state: CodeListState, event: CodeListEvent): CodeListState {
    switch (event.type) {
      case 'CodeListEntryAdded': {
        const lists = new Map(state.lists);
        lists.set(event.data.listId, [...(lists.get(event.data.listId) ?? []), event.data]);
        return { lists };
      }
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command: CodeListCommand, state: CodeListState): CodeListEvent[] {
    switch (command.type) {
      case 'AddCodeListEntry': {
        const { listId, desc } = command.data;
        const problems = new ProblemList();
        if (!(VEHICLE_CODE_LIST_IDS as readonly number[]).includes(listId))
          problems.add('listId', vehicleMessages.unknownList);
        if (!isFilledText(command.data.title)) problems.add('title', vehicleMessages.titleRequired);
        else if (listId === VEHICLE_CODE_LISTS.years && !/^\d{4}$/.test(command.data.title.trim()))
          problems.add('title', vehicleMessages.yearTitle);
        problems.throwIfAny();
        const title = command.data.title.trim();
        const entries = state.lists.get(listId) ?? [];
        if (entries.some((e) => e.title.toLowerCase() === title.toLowerCase()))
          throw new DomainError('conflict', vehicleMessages.entryExists(CODE_LIST_NAMES[listId], title), [
            { path: 'title', message: vehicleMessages.entryExists(CODE_LIST_NAMES[listId], title) },
          ]);
        const subId = entries.reduce((max, e) => Math.max(max, e.subId), 0) + 1;
        const text = isFilledText(desc) ? desc.trim() : null;
        return [{ type: 'CodeListEntryAdded', data: { listId, subId, title, desc: text } }];
      }
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
