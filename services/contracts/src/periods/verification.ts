import { HOURLY_VALUE } from '../kernel/constants';
import {
  endOfMonth,
  isBusinessDate,
  monthOf,
  startOfMonthOffset,
  type BusinessDate,
  type BusinessMonth,
} from '../kernel/dates';
import { sumDecimals, sumMoney, timesheetValue } from '../kernel/money';
import { monthPeriodLabel } from './billing-cycles';

/**
 * The person's own verify page, /verify-review (admin spec §2, §9; contractor spec §4, §9): the
 * periods it offers, and the verification invoice of a period (number, due date, lines, totals).
 * Verification and its locks are per project and calendar month, so the page's periods are
 * calendar months.
 */

/** How many months before the person's latest entry month the page offers (spec §9: up to 2). */
export const VERIFICATION_MONTHS_BACK = 2;

/** A period of the verify page: a calendar month. */
export interface VerificationPeriod {
  /** 'YYYY-MM' */
  readonly key: BusinessMonth;
  /** 'Nov - 2026' */
  readonly label: string;
  readonly start: BusinessDate;
  readonly end: BusinessDate;
}

export function verificationPeriodOf(month: BusinessMonth): VerificationPeriod {
  const start = `${month}-01`;
  return { key: month, label: monthPeriodLabel(month), start, end: endOfMonth(start) };
}

/**
 * The periods offered, newest first: the month of the person's latest entry and the two before it.
 * A person with no entry yet gets today's month and the two before.
 */
export function verificationPeriods(
  latestEntryDate: BusinessDate | null,
  today: BusinessDate,
): VerificationPeriod[] {
  const from = latestEntryDate ?? today;
  return Array.from({ length: VERIFICATION_MONTHS_BACK + 1 }, (_, back) =>
    verificationPeriodOf(monthOf(startOfMonthOffset(from, -back))),
  );
}

/**
 * The month a date range lies in, or null when it spans months (or is not a valid range): the
 * actions that work on a month (verify, receipts, invoice) need one.
 */
export function monthOfRange(start: string, end: string): BusinessMonth | null {
  if (!isBusinessDate(start) || !isBusinessDate(end) || end < start) return null;
  return monthOf(start) === monthOf(end) ? monthOf(start) : null;
}

// ---------------------------------------------------------------------------------------------
// The verification invoice

/** 'INV-{employeeId}-{yyyymm}': one invoice per person and month. */
export function invoiceNumber(employeeId: number, month: BusinessMonth): string {
  return `INV-${employeeId}-${month.replace('-', '')}`;
}

/**
 * The onboarding text (contractor spec §9): contractor invoices are due by the 25th and paid on the
 * first of the following month. The invoice of a month is sent after it, so it is due by the 25th
 * of the next month and paid on the 1st of the month after that.
 */
export function invoiceDueDate(month: BusinessMonth): BusinessDate {
  return `${monthOf(startOfMonthOffset(`${month}-01`, 1))}-25`;
}

export function invoicePaymentDate(month: BusinessMonth): BusinessDate {
  return startOfMonthOffset(`${month}-01`, 2);
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

export interface VerificationInvoice {
  readonly number: string;
  readonly month: BusinessMonth;
  /** 'Nov - 2026' */
  readonly periodLabel: string;
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
  readonly month: BusinessMonth;
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

/** The invoice of a person's project and month: its lines in date order, exact totals. */
export function verificationInvoice(input: VerificationInvoiceInput): VerificationInvoice {
  const { month, profile, project } = input;
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
    number: invoiceNumber(profile.staffId, month),
    month,
    periodLabel: monthPeriodLabel(month),
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
    dueDate: invoiceDueDate(month),
    paymentDate: invoicePaymentDate(month),
  };
}

/** The invoice's file name: 'INV-5-202611.pdf'. */
export function invoiceFileName(invoice: Pick<VerificationInvoice, 'number'>): string {
  return `${invoice.number}.pdf`;
}
