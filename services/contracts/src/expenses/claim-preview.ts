import type { z } from 'zod';
import type { Currency } from '../kernel/constants';
import { requestObject } from '../kernel/fields';
import { queryIdField } from '../kernel/ids';
import type { RateDate } from '../exchange-rates/rates';
import { currencyField, expenseAmountField, expenseDateField } from './fields';
import { expenseMessages as msg } from './messages';

/**
 * The claimed amount of an expense before it is saved: the same project currency, rate and
 * truncation the claim will be saved with, computed by the server (the rule lives in one place).
 */

/** GET /api/expenses/claim-preview?projectId=&date=&currency=&amount= */
export const claimPreviewQuerySchema = requestObject({
  projectId: queryIdField('Project', msg.projectRequired),
  date: expenseDateField(),
  currency: currencyField,
  amount: expenseAmountField(),
});
export type ClaimPreviewQuery = z.output<typeof claimPreviewQuerySchema>;

export interface ClaimPreview {
  /** The amount in the receipt currency, normalised ('12.50' -> '12.5'). */
  readonly amount: string;
  readonly currency: Currency;
  /** The project's currency; null when the project has none (the amount is claimed as it is). */
  readonly projectCurrency: string | null;
  /** The rate the claim is saved with: '1' when no conversion applies or no rate is known. */
  readonly rate: string;
  /** Which day's rate: the expense date, 'latest' (today or later), null when nothing is converted. */
  readonly rateDate: RateDate | null;
  /** False when the currencies differ but no rate is known for the date: the claim keeps rate 1. */
  readonly rateFound: boolean;
  /** amount x rate, truncated to 2 decimals, in the project currency. */
  readonly claimed: string;
}

/** What the entry form says about a preview (one sentence, read out politely). */
export function claimPreviewText(
  preview: ClaimPreview,
  formatMoney: (value: string) => string,
  formatDate: (date: string) => string,
): string {
  const currency = preview.projectCurrency ?? preview.currency;
  const claimed = `${msg.claimedLabel}: ${formatMoney(preview.claimed)} ${currency}`;
  if (preview.rateDate === null) return `${claimed} (no conversion).`;
  if (!preview.rateFound) return `${claimed} at rate 1 (${msg.noRateFor(preview.rateDate)}).`;
  const day = preview.rateDate === 'latest' ? 'latest rate' : `rate of ${formatDate(preview.rateDate)}`;
  return `${claimed} at ${preview.rate} (${day}).`;
}
