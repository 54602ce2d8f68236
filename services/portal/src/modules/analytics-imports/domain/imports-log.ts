import type { AzureCostImported, Office365UsageImported } from '@portal/contracts';
import type { AzureCostSummary } from './azure-cost-csv';
import type { Office365Summary } from './office365-csv';

/** One stream per vendor: every upload of that vendor's export, in order (a few a month). */
export const AZURE_COST_STREAM = 'azure-cost-imports';
export const OFFICE365_STREAM = 'office365-imports';

export type AnalyticsImportEvent =
  | { readonly type: 'AzureCostImported'; readonly data: AzureCostImported }
  | { readonly type: 'Office365UsageImported'; readonly data: Office365UsageImported };

/** What the handler read from the file (already checked): recorded once per import id. */
export type RecordImport =
  | {
      readonly type: 'RecordAzureCost';
      readonly importId: string;
      readonly fileName: string;
      readonly summary: AzureCostSummary;
    }
  | {
      readonly type: 'RecordOffice365';
      readonly importId: string;
      readonly fileName: string;
      readonly summary: Office365Summary;
    };

export interface ImportsState {
  readonly imported: ReadonlySet<string>;
}

/**
 * The imports' decider: the file's checks happen while it is read (AzureCostReader,
 * Office365Reader); this records the figures, once per import id (a retried upload, same
 * Idempotency-Key, records nothing new).
 */
export const importsDecider = {
  initialState: (): ImportsState => ({ imported: new Set() }),

  evolve(state: ImportsState, event: AnalyticsImportEvent): ImportsState {
    return { imported: new Set([...state.imported, event.data.importId]) };
  },

  decide(command: RecordImport, state: ImportsState): AnalyticsImportEvent[] {
    if (state.imported.has(command.importId)) return [];
    const { importId, fileName } = command;
    switch (command.type) {
      case 'RecordAzureCost':
        return [{ type: 'AzureCostImported', data: { importId, fileName, ...command.summary } }];
      case 'RecordOffice365':
        return [{ type: 'Office365UsageImported', data: { importId, fileName, ...command.summary } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
