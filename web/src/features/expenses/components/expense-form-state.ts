import {
  accommodationSchema,
  type ExpenseProblem,
  type ExpenseType,
  expenseClaimProblems,
  expenseClaimSchema,
  expenseMessages as msg,
  perDiemSchema,
  type ReceiptScan,
  type ReceiptUploadResponse,
  receiptRequired,
} from '@portal/contracts';
import { decimalText, type FieldErrors, zodProblems } from '../../../lib/form-errors';
import type { ExpenseSubmission } from '../api/submit-expense';

/**
 * The Add Expense form's state and the pure rules over it: what a receipt's scan fills in, and
 * the submission (and its problems) for the chosen type's flow. No React here.
 */

/** Type 1 (hotel): one amount for every night, or an amount per night. */
export type NightsMode = 'perDiem' | 'accommodation';

export const NIGHTS_MODES = [
  { id: 'perDiem', name: 'Per diem (the same amount each date)' },
  { id: 'accommodation', name: 'Accommodation (an amount per date)' },
] as const;

export interface FormState {
  readonly categoryId: number | null;
  readonly projectId: number | null;
  readonly currency: string | null;
  readonly amount: string;
  readonly totalAmount: string;
  readonly date: string;
  readonly activityDate: string;
  readonly dates: readonly string[];
  readonly nightly: Readonly<Record<string, string>>;
  readonly nightsMode: NightsMode;
  readonly comment: string;
  readonly isBillable: boolean;
  readonly receipt: ReceiptUploadResponse | null;
  /** A receipt chosen while offline: kept, and uploaded with the expense when it is sent. */
  readonly keptReceipt: File | null;
}

export const EMPTY_FORM: FormState = {
  categoryId: null,
  projectId: null,
  currency: null,
  amount: '',
  totalAmount: '',
  date: '',
  activityDate: '',
  dates: [],
  nightly: {},
  nightsMode: 'perDiem',
  comment: '',
  isBillable: true,
  receipt: null,
  keptReceipt: null,
};

/** What was read from the receipt, said plainly; never a made-up amount. */
export function scanNoteOf(scan: ReceiptUploadResponse['scan']): string {
  if (scan.total && scan.date) {
    return `Read from the receipt: total ${scan.total} and date ${scan.date}. Check them before saving.`;
  }
  if (scan.total)
    return `Read from the receipt: total ${scan.total}. No date could be read; enter it yourself.`;
  if (scan.date)
    return `Read from the receipt: date ${scan.date}. No total could be read; enter the amount yourself.`;
  return 'Nothing could be read from this receipt. Enter the amount and date yourself.';
}

export function dateProblemText(errors: FieldErrors): string | undefined {
  const entry = Object.entries(errors).find(
    ([path]) =>
      path === 'dates' || path === 'items' || /^dates\.\d+$/.test(path) || /^items\.\d+\.date$/.test(path),
  );
  return entry?.[1];
}

/** What the form shows for the chosen type: hotel nights, accommodation amounts, a receipt. */
export function shapeOf(form: FormState, type: ExpenseType | null, needReceipt: boolean) {
  const isNights = type?.flow === 'perDiem';
  return {
    isNights,
    accommodation: isNights && form.nightsMode === 'accommodation',
    needsReceipt: form.categoryId !== null && receiptRequired(form.categoryId, needReceipt),
    showsReceipt: type !== null && type.receipt !== 'none',
  };
}

/** The form after a receipt upload: the scanned total, date and currency fill the fields they belong to. */
export function withReceipt(
  current: FormState,
  receipt: ReceiptUploadResponse,
  type: ExpenseType | null,
): FormState {
  return filledFrom({ ...current, receipt, keptReceipt: null }, receipt.scan, type, 'replace');
}

/**
 * The form once OCR has read a photo receipt: what it read fills only the fields still empty (the
 * person may have filled some while it read), and the receipt holds the scan.
 */
export function withScan(current: FormState, scan: ReceiptScan, type: ExpenseType | null): FormState {
  if (!current.receipt) return current;
  const receipt: ReceiptUploadResponse = { ...current.receipt, scan, scanState: 'done' };
  return filledFrom({ ...current, receipt }, scan, type, 'emptyOnly');
}

function filledFrom(
  next: FormState,
  scan: ReceiptScan,
  type: ExpenseType | null,
  mode: 'replace' | 'emptyOnly',
): FormState {
  const { total, date, currency, vendor } = scan;
  const may = (value: string | null) => mode === 'replace' || value === null || value === '';
  const totalValue = total?.trim() ?? '';
  const totalField = type?.flow === 'totalAndExpensed' ? 'totalAmount' : 'amount';
  let filled: FormState = next;
  if (totalValue && may(next[totalField])) filled = { ...filled, [totalField]: totalValue };
  if (currency && may(next.currency)) filled = { ...filled, currency };
  // The vendor names the expense until the person writes their own comment.
  if (vendor && next.comment.trim() === '') filled = { ...filled, comment: vendor };
  if (!date) return filled;
  if (type?.flow === 'perDiem') {
    return filled.dates.length === 0 ? { ...filled, dates: [date] } : filled;
  }
  return may(filled.date) ? { ...filled, date } : filled;
}

/** The fields whose value is still the one read from the receipt: each is marked so. */
export function readFromReceipt(form: FormState): {
  readonly amount: boolean;
  readonly totalAmount: boolean;
  readonly date: boolean;
  readonly currency: boolean;
  readonly comment: boolean;
} {
  const scan = form.receipt?.scanState === 'reading' ? null : form.receipt?.scan;
  const same = (value: string | null, read: string | null | undefined) =>
    Boolean(read) && value !== null && value.trim() === read;
  return {
    amount: same(form.amount, scan?.total),
    totalAmount: same(form.totalAmount, scan?.total),
    date: same(form.date, scan?.date),
    currency: same(form.currency, scan?.currency),
    comment: same(form.comment, scan?.vendor),
  };
}

/** What a field filled from the receipt says under it. */
export const READ_FROM_RECEIPT = 'Read from the receipt';

/** Stands for a kept receipt's id in the form's own checks (the real one comes when it is uploaded). */
const KEPT_RECEIPT = 'kept-on-this-device';

/** The request for the type's flow (single, per diem, accommodation) and every problem with it. */
export function submissionOf(
  form: FormState,
  type: ExpenseType | null,
  facts: { readonly today: string; readonly needReceipt: boolean },
): { submission: ExpenseSubmission | null; problems: ExpenseProblem[] } {
  const { isNights, accommodation, needsReceipt, showsReceipt } = shapeOf(form, type, facts.needReceipt);
  const common = {
    categoryId: form.categoryId,
    projectId: form.projectId,
    currency: form.currency,
    comment: form.comment,
    isBillable: form.isBillable,
    receiptId: showsReceipt ? (form.receipt?.receiptId ?? null) : null,
    activityDate: form.activityDate || null,
  };
  // A receipt kept offline counts as there: it is uploaded before the expense is sent.
  const kept = showsReceipt && form.keptReceipt !== null;
  const receiptFacts = { receiptId: common.receiptId ?? (kept ? KEPT_RECEIPT : null) };
  // The receipt rule needs no other field: say it together with the shape's messages.
  const shapeProblems = (error: Parameters<typeof zodProblems>[0]): ExpenseProblem[] => [
    ...zodProblems(error),
    ...(needsReceipt && receiptFacts.receiptId === null
      ? [{ path: 'receiptId', message: msg.receiptRequired }]
      : []),
  ];
  if (accommodation) {
    const items = form.dates.map((date) => ({
      date,
      amount: decimalText(form.nightly[date] ?? ''),
    }));
    const parsed = accommodationSchema.safeParse({ ...common, items });
    if (!parsed.success) return { submission: null, problems: shapeProblems(parsed.error) };
    const problems = expenseClaimProblems(
      { ...parsed.data, ...receiptFacts },
      parsed.data.items.map((item, i) => ({ date: item.date, path: `items.${i}.date` })),
      facts,
    );
    return { submission: { kind: 'accommodation', body: { ...common, items } }, problems };
  }
  if (isNights) {
    const body = { ...common, amount: decimalText(form.amount), dates: [...form.dates] };
    const parsed = perDiemSchema.safeParse(body);
    if (!parsed.success) return { submission: null, problems: shapeProblems(parsed.error) };
    const problems = expenseClaimProblems(
      { ...parsed.data, ...receiptFacts },
      parsed.data.dates.map((date, i) => ({ date, path: `dates.${i}` })),
      facts,
    );
    return { submission: { kind: 'per-diem', body }, problems };
  }
  const body = {
    ...common,
    amount: decimalText(form.amount),
    totalAmount: type?.flow === 'totalAndExpensed' ? decimalText(form.totalAmount) : null,
    date: form.date || null,
    activityDate: type?.activityDateLabel ? form.activityDate || null : null,
  };
  const parsed = expenseClaimSchema.safeParse(body);
  if (!parsed.success) return { submission: null, problems: shapeProblems(parsed.error) };
  const problems = expenseClaimProblems(
    { ...parsed.data, ...receiptFacts },
    [
      { date: parsed.data.date, path: 'date' },
      ...(parsed.data.activityDate ? [{ date: parsed.data.activityDate, path: 'activityDate' }] : []),
    ],
    facts,
  );
  return { submission: { kind: 'single', body }, problems };
}

/** A claim as the offline outbox keeps it: the body sent to one of the three paths. */
interface KeptClaim {
  readonly categoryId?: number | null;
  readonly projectId?: number | null;
  readonly currency?: string | null;
  readonly amount?: string | null;
  readonly totalAmount?: string | null;
  readonly date?: string | null;
  readonly activityDate?: string | null;
  readonly dates?: readonly string[];
  readonly items?: readonly { date: string; amount?: string | null }[];
  readonly comment?: string;
  readonly isBillable?: boolean;
}

/** Fix: the form again from a kept claim (its receipt, if kept, goes back as the kept file). */
export function formOfKept(path: string, kept: KeptClaim, keptReceipt: File | null): FormState {
  const items = kept.items ?? [];
  return {
    ...EMPTY_FORM,
    categoryId: kept.categoryId ?? null,
    projectId: kept.projectId ?? null,
    currency: kept.currency ?? null,
    amount: kept.amount ?? '',
    totalAmount: kept.totalAmount ?? '',
    date: kept.date ?? '',
    activityDate: kept.activityDate ?? '',
    dates: path.endsWith('/accommodation') ? items.map((item) => item.date) : [...(kept.dates ?? [])],
    nightly: Object.fromEntries(items.map((item) => [item.date, item.amount ?? ''])),
    nightsMode: path.endsWith('/accommodation') ? 'accommodation' : 'perDiem',
    comment: kept.comment ?? '',
    isBillable: kept.isBillable ?? true,
    keptReceipt,
  };
}

/** How Waiting to send names a kept claim: 'Expense: Meals on Transit Signalling Upgrade, <dates>'. */
export function summaryOf(submission: ExpenseSubmission, typeName: string, projectName: string): string {
  const dates =
    submission.kind === 'single'
      ? (submission.body.date ?? '')
      : submission.kind === 'per-diem'
        ? (submission.body.dates ?? []).join(', ')
        : (submission.body.items ?? []).map((item) => item.date).join(', ');
  return `Expense: ${typeName} on ${projectName}, ${dates}`;
}
