import { importMessages, PortalDecimal, type AzureCostImported, type AzureCostLine } from '@portal/contracts';
import { locateColumns, refuseFile, type WantedColumn } from './csv-columns';

/**
 * Reading an Azure Cost Management export (pure: rows in, figures out). Accepted headings, case,
 * spaces and underscores aside (see docs/decisions/0192-analytics-imports-csv.md):
 * - date: Date (cost details, EA and MCA), UsageDate (cost analysis download), UsageDateTime (older EA usage)
 * - service: ServiceName, MeterCategory (cost details), ConsumedService (older usage files)
 * - cost: CostInBillingCurrency (cost details), Cost, PreTaxCost (older usage, cost analysis)
 * - currency: BillingCurrency, BillingCurrencyCode, Currency
 */
export const AZURE_COLUMNS = {
  date: { label: 'Date (or UsageDate)', accepted: ['Date', 'UsageDate', 'UsageDateTime'] },
  service: {
    label: 'ServiceName (or MeterCategory)',
    accepted: ['ServiceName', 'MeterCategory', 'ConsumedService'],
  },
  cost: {
    label: 'CostInBillingCurrency (or Cost)',
    accepted: ['CostInBillingCurrency', 'Cost', 'PreTaxCost'],
  },
  currency: {
    label: 'BillingCurrency (or Currency)',
    accepted: ['BillingCurrency', 'BillingCurrencyCode', 'Currency'],
  },
} as const satisfies Record<string, WantedColumn>;

type AzureColumn = keyof typeof AZURE_COLUMNS;

/** Cost details carry tiny costs in exponent form ('1.2E-05'); decimal.js reads them exactly. */
const COST_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** 'YYYY-MM' of the date forms the exports use: ISO (with a time or not), US M/D/YYYY, YYYYMMDD. */
export function monthOfAzureDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})([T ].*)?$/.exec(value);
  if (match) return validMonth(match[1]!, match[2]!, match[3]!);
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})( .*)?$/.exec(value);
  if (match) return validMonth(match[3]!, match[1]!.padStart(2, '0'), match[2]!.padStart(2, '0'));
  match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (match) return validMonth(match[1]!, match[2]!, match[3]!);
  return null;
}

function validMonth(year: string, month: string, day: string): string | null {
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(Number(year), m, 0)).getUTCDate()) return null;
  return `${year}-${month}`;
}

export type AzureCostSummary = Omit<AzureCostImported, 'importId' | 'fileName'>;

/**
 * Reads an export row by row: `header` once (refuses a file whose columns don't match, naming the
 * missing ones), then `row` for each data row (row numbers count the heading as row 1), then
 * `result`: the cost summed exactly per month, service and currency.
 */
export class AzureCostReader {
  private columns: Record<AzureColumn, { index: number; heading: string }> | null = null;
  private readonly sums = new Map<string, { line: Omit<AzureCostLine, 'cost'>; cost: PortalDecimal }>();
  private rowCount = 0;

  header(headings: readonly string[]): void {
    const { found, missing } = locateColumns(headings, AZURE_COLUMNS);
    if (missing.length > 0) throw refuseFile(importMessages.notAzure(missing));
    this.columns = found as Record<AzureColumn, { index: number; heading: string }>;
  }

  row(values: readonly string[], rowNumber: number): void {
    const columns = this.columns!;
    const cell = (name: AzureColumn) => (values[columns[name].index] ?? '').trim();
    // Blank lines and a trailing totals line without a date are not data.
    if (values.every((v) => v.trim() === '')) return;
    const month = monthOfAzureDate(cell('date'));
    if (!month) throw refuseFile(importMessages.badDate(rowNumber, cell('date')));
    const service = cell('service');
    if (!service) throw refuseFile(importMessages.blankService(rowNumber));
    const costText = cell('cost').replace(/,/g, '');
    if (!COST_TEXT.test(costText)) throw refuseFile(importMessages.badCost(rowNumber, cell('cost')));
    const currency = cell('currency').toUpperCase();
    const key = `${month}\u0000${service}\u0000${currency}`;
    const sum = this.sums.get(key);
    const cost = new PortalDecimal(costText);
    if (sum) sum.cost = sum.cost.plus(cost);
    else this.sums.set(key, { line: { month, service, currency }, cost });
    this.rowCount += 1;
  }

  result(): AzureCostSummary {
    if (this.rowCount === 0) throw refuseFile(importMessages.noRows);
    const costs = [...this.sums.values()]
      .map(({ line, cost }) => ({ ...line, cost: cost.toFixed() }))
      .sort(
        (a, b) =>
          a.month.localeCompare(b.month) ||
          a.service.localeCompare(b.service) ||
          a.currency.localeCompare(b.currency),
      );
    const columns = this.columns!;
    return {
      rowCount: this.rowCount,
      firstMonth: costs[0]!.month,
      lastMonth: costs[costs.length - 1]!.month,
      columns: {
        date: columns.date.heading,
        service: columns.service.heading,
        cost: columns.cost.heading,
        currency: columns.currency.heading,
      },
      costs,
    };
  }
}
