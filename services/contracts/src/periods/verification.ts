import { HOURLY_VALUE, type BillingCycle } from '../kernel/constants';
import {
  endOfMonth,
  isBusinessDate,
  isBusinessMonth,
  monthOf,
  monthsBetween,
  startOfMonthOffset,
  type BusinessDate,
  type BusinessMonth,
} from '../kernel/dates';
import { sumDecimals, sumMoney, timesheetValue } from '../kernel/money';
import {
  periodContaining,
  periodMatching,
  periodOfMonth,
  periodsOverlapping,
  type BillingPeriod,
} from './billing-cycles';
import type { LedgerLockCheck } from './lock-check';
import { spansCoverAll, type LockSpan } from './periods';
import { VERIFIED_KINDS, type VerifiedKind } from './review';

/**
 * The person's own verify page, /verify-review (admin spec §2, §9; contractor spec §4, §9): the
 * periods it offers, whether a period is verified, and the verification invoice of a period
 * (number, due date, lines, totals). Once a project is chosen its periods are those of the
 * project's billing cycle (verification locks exactly a period's days); before, calendar months.
 */

/** How many months before the person's latest entry month the page reaches back (spec §9: up to 2). */
export const VERIFICATION_MONTHS_BACK = 2;

/** The page's periods before a project is chosen: calendar months. */
export const CALENDAR_MONTHS: BillingCycle = 'Standard Month (First to last)';

/** A period of the verify page: a period of the project's billing cycle (or a calendar month). */
export type VerificationPeriod = BillingPeriod;

/**
 * The periods offered, newest first: the period of `cycle` holding the person's latest entry and
 * every one before it that shares a day with the two months before that entry's month (for the
 * monthly cycles: that period and the two before; for weeks: every week of those months). A person
 * with no entry yet counts from today.
 */
export function verificationPeriods(
  latestEntryDate: BusinessDate | null,
  today: BusinessDate,
  cycle: BillingCycle = CALENDAR_MONTHS,
): VerificationPeriod[] {
  const from = latestEntryDate ?? today;
  return periodsOverlapping(cycle, startOfMonthOffset(from, -VERIFICATION_MONTHS_BACK), from).reverse();
}

/**
 * The offered period a key names, so a choice survives a change of project (or a link's
 * `?month=`): the period with that key; else, for a month ('YYYY-MM'), the cycle's period named by
 * it (a week: the one holding the month's 1st); for a day (a week's key), the period holding it;
 * the newest period when none of these is offered.
 */
export function verificationPeriodChosen(
  periods: readonly VerificationPeriod[],
  cycle: BillingCycle,
  key: string | null,
): VerificationPeriod {
  const newest = periods[0]!;
  if (key === null) return newest;
  const exact = periods.find((p) => p.key === key);
  if (exact) return exact;
  const named = isBusinessMonth(key)
    ? periodOfMonth(cycle, key)
    : isBusinessDate(key)
      ? periodContaining(cycle, key)
      : null;
  return periods.find((p) => p.key === named?.key) ?? newest;
}

/** The period of `cycle` a date range is exactly (its first and last day), or null. */
export function verificationPeriodOfRange(
  cycle: BillingCycle,
  start: string,
  end: string,
): VerificationPeriod | null {
  if (!isBusinessDate(start) || !isBusinessDate(end) || end < start) return null;
  return periodMatching(cycle, start, end);
}

/** The days of each calendar month a period covers (the ledgers and their locks are monthly). */
export function monthSpansOf(period: {
  readonly start: BusinessDate;
  readonly end: BusinessDate;
}): (LockSpan & { readonly month: BusinessMonth })[] {
  if (period.end < period.start) return [];
  return monthsBetween(monthOf(period.start), monthOf(period.end)).map((month) => {
    const first = `${month}-01`;
    const from = first < period.start ? period.start : first;
    const through = endOfMonth(first) < period.end ? endOfMonth(first) : period.end;
    return { month, from, through };
  });
}

/**
 * The kinds verified for the whole period: those whose locks (the lock check of each month the
 * period touches) cover every day of it. A return reopens its month, so a period half returned is
 * not verified. A month without an answer counts as not locked.
 */
export function verifiedKindsOf(
  period: { readonly start: BusinessDate; readonly end: BusinessDate },
  checks: readonly (LedgerLockCheck | undefined)[],
): VerifiedKind[] {
  return VERIFIED_KINDS.filter((kind) =>
    monthSpansOf(period).every((span) => {
      const check = checks.find((c) => c?.month === span.month);
      if (!check?.locked) return false;
      return spansCoverAll(
        check.spans.filter((s) => s.kind === kind),
        span,
      );
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The verification invoice

/**
 * 'INV-{employeeId}-{yyyymm}' for a monthly cycle's period (its key, the month it ends in);
 * 'INV-{employeeId}-{yyyymmdd}' for a week (its key, its Saturday): one invoice per person and period.
 */
export function invoiceNumber(employeeId: number, periodKey: string): string {
  return `INV-${employeeId}-${periodKey.replace(/-/g, '')}`;
}

/**
 * The onboarding text (contractor spec §9): contractor invoices are due by the 25th and paid on the
 * first of the following month. The invoice of a period is sent after it ends, so it is due by the
 * 25th of the month after the period's last day and paid on the 1st of the month after that.
 */
export function invoiceDueDate(periodEnd: BusinessDate): BusinessDate {
  return `${monthOf(startOfMonthOffset(periodEnd, 1))}-25`;
}

export function invoicePaymentDate(periodEnd: BusinessDate): BusinessDate {
  return startOfMonthOffset(periodEnd, 2);
}

/** GET /api/staff/me/invoice-profile: who the invoice is from, as the staff profile holds it. */
export interface InvoiceProfile {
  readonly staffId: number;
  readonly name: string;
  readonly businessName: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly postalCode: string | null;
}

/** GET /api/timesheets/latest-date: the day of the person's latest time entry, if any. */
export interface LatestEntryDate {
  readonly latestDate: BusinessDate | null;
}

/** What the invoice reads of a time entry (a TimesheetRow fits). */
export interface InvoiceTimeSource {
  readonly date: BusinessDate;
  readonly comment: string;
  readonly hours: string;
  readonly overtimeHours: string | null;
}

/** What the invoice reads of an expense (an ExpenseRow fits). */
export interface InvoiceExpenseSource {
  readonly date: BusinessDate;
  readonly categoryName: string;
  readonly comment: string;
  readonly currency: string;
  readonly projectCurrency: string | null;
  readonly claimed: string;
}

export interface InvoiceTimeLine {
  readonly date: BusinessDate;
  readonly description: string;
  readonly hours: string;
  readonly overtimeHours: string | null;
  /** HOURLY_VALUE. */
  readonly rate: string;
  /** hours x rate, truncated to 2 decimals. */
  readonly amount: string;
}

export interface InvoiceExpenseLine {
  readonly date: BusinessDate;
  readonly description: string;
  /** The currency of the claimed amount: the project's, else the receipt's. */
  readonly currency: string;
  readonly amount: string;
}

export interface InvoiceTotals {
  readonly hours: string;
  readonly overtimeHours: string;
  /** Sum of the time lines' amounts, 2 decimals. */
  readonly timeAmount: string;
  /** Sum of the expenses claimed, 2 decimals. */
  readonly expensesClaimed: string;
  /** timeAmount + expensesClaimed, truncated to 2 decimals. */
  readonly contractorTotal: string;
}

/** What the invoice names of its period. */
export type InvoicePeriod = Pick<BillingPeriod, 'key' | 'label' | 'start' | 'end'>;

export interface VerificationInvoice {
  readonly number: string;
  /** Its key, label ('Nov - 2026', '21 Nov - 27 Nov 2026') and days. */
  readonly period: InvoicePeriod;
  readonly from: {
    readonly name: string;
    readonly businessName: string | null;
    /** The address as lines: street, then 'city, state postal code' (empty parts left out). */
    readonly addressLines: readonly string[];
  };
  readonly project: { readonly projectId: number; readonly name: string };
  readonly timeLines: readonly InvoiceTimeLine[];
  readonly expenseLines: readonly InvoiceExpenseLine[];
  readonly totals: InvoiceTotals;
  readonly dueDate: BusinessDate;
  readonly paymentDate: BusinessDate;
}

export interface VerificationInvoiceInput {
  readonly period: InvoicePeriod;
  readonly profile: InvoiceProfile;
  readonly project: { readonly projectId: number; readonly name: string };
  readonly time: readonly InvoiceTimeSource[];
  readonly expenses: readonly InvoiceExpenseSource[];
}

function present(text: string | null): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function addressLinesOf(profile: InvoiceProfile): string[] {
  const street = present(profile.address);
  const place = [
    present(profile.city),
    [present(profile.state), present(profile.postalCode)].filter(Boolean).join(' '),
  ]
    .filter((part): part is string => Boolean(part))
    .join(', ');
  return [street, place].filter((line): line is string => Boolean(line));
}

const byDate = <T extends { readonly date: BusinessDate }>(a: T, b: T) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0;

/** The invoice of a person's project and period: its lines in date order, exact totals. */
export function verificationInvoice(input: VerificationInvoiceInput): VerificationInvoice {
  const { period, profile, project } = input;
  const timeLines: InvoiceTimeLine[] = [...input.time].sort(byDate).map((row) => ({
    date: row.date,
    description: row.comment,
    hours: row.hours,
    overtimeHours: row.overtimeHours,
    rate: HOURLY_VALUE,
    amount: timesheetValue(row.hours),
  }));
  const expenseLines: InvoiceExpenseLine[] = [...input.expenses].sort(byDate).map((row) => ({
    date: row.date,
    description: present(row.comment) ? `${row.categoryName}: ${row.comment.trim()}` : row.categoryName,
    currency: row.projectCurrency && row.projectCurrency !== '-' ? row.projectCurrency : row.currency,
    amount: row.claimed,
  }));
  const timeAmount = sumMoney(timeLines.map((line) => line.amount));
  const expensesClaimed = sumMoney(expenseLines.map((line) => line.amount));
  return {
    number: invoiceNumber(profile.staffId, period.key),
    period: { key: period.key, label: period.label, start: period.start, end: period.end },
    from: {
      name: profile.name,
      businessName: present(profile.businessName),
      addressLines: addressLinesOf(profile),
    },
    project: { projectId: project.projectId, name: project.name },
    timeLines,
    expenseLines,
    totals: {
      hours: sumDecimals(timeLines.map((line) => line.hours)),
      overtimeHours: sumDecimals(
        timeLines.flatMap((line) => (line.overtimeHours === null ? [] : [line.overtimeHours])),
      ),
      timeAmount,
      expensesClaimed,
      contractorTotal: sumMoney([timeAmount, expensesClaimed]),
    },
    dueDate: invoiceDueDate(period.end),
    paymentDate: invoicePaymentDate(period.end),
  };
}

/** The invoice's file name: 'INV-5-202611.pdf'. */
export function invoiceFileName(invoice: Pick<VerificationInvoice, 'number'>): string {
  return `${invoice.number}.pdf`;
}
