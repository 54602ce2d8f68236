import {
  dataImportMessages,
  type DataImportApplied,
  type DataImportChecked,
  type DataImportCounts,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';

/** Stream `data-import-{importId}`: one uploaded file, its dry run and its apply. */
export const dataImportStreamId = (importId: string): string => `data-import-${importId}`;

export type DataImportEvent =
  | { readonly type: 'DataImportChecked'; readonly data: DataImportChecked }
  | { readonly type: 'DataImportApplied'; readonly data: DataImportApplied };

export type DataImportCommand =
  | { readonly type: 'RecordCheck'; readonly data: DataImportChecked }
  | { readonly type: 'RecordApplied'; readonly data: DataImportApplied };

export type DataImportStreamState =
  | { readonly status: 'none' }
  | {
      readonly status: 'checked' | 'applied';
      readonly checked: DataImportChecked;
      readonly applied: DataImportCounts | null;
    };

/** May the checked import be applied? Refused while the file has problems (400) or once it was (409). */
export function assertApplicable(importId: string, state: DataImportStreamState): DataImportChecked {
  if (state.status === 'none') throw DomainError.notFound(dataImportMessages.notFound(importId));
  if (state.status === 'applied') throw DomainError.conflict(dataImportMessages.alreadyApplied);
  if (state.checked.problemCount > 0)
    DomainError.throwIfAny([
      { path: 'file', message: dataImportMessages.hasProblems(state.checked.problemCount) },
    ]);
  return state.checked;
}

export const dataImportDecider = {
  initialState: (): DataImportStreamState => ({ status: 'none' }),

  evolve(state: DataImportStreamState, event: DataImportEvent): DataImportStreamState {
    switch (event.type) {
      case 'DataImportChecked':
        return { status: 'checked', checked: event.data, applied: null };
      case 'DataImportApplied':
        return state.status === 'none' ? state : { ...state, status: 'applied', applied: event.data.counts };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: DataImportCommand, state: DataImportStreamState): DataImportEvent[] {
    switch (command.type) {
      case 'RecordCheck':
        // The same upload again (a retried request) records nothing twice.
        return state.status === 'none' ? [{ type: 'DataImportChecked', data: command.data }] : [];
      case 'RecordApplied':
        if (state.status === 'applied') return [];
        assertApplicable(command.data.importId, state);
        return [{ type: 'DataImportApplied', data: command.data }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
