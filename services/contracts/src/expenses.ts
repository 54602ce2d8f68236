import { z } from 'zod';
import {
  CURRENCIES,
  EXPENSE_MONTHS_AHEAD,
  EXPENSE_MONTHS_BACK,
  NOTICE_PROJECT_ID,
  type Currency,
} from './constants';
import { anyValue, endNotBeforeStart, isBlank, sortByField, sortDirectionField } from './fields';
import { isBusinessDate, isWithin, monthWindow, type BusinessDate, type DateWindow } from './dates';
import { convertAmount, normaliseCurrencyCode } from './exchange-rates';
import { compareDecimals, decimalPlaces, normaliseDecimal, parseDecimal } from './money';

/**
 * Expense requests, responses, event payloads and rules, shared by the API and the web form
 * (contractor spec §3-§5, §8, §9; admin spec §4 'Expense form visibility by category').
 * As for timesheets, validation runs in two steps: the zod schema checks the shape and every rule
 * that needs nothing else; `expenseClaimProblems` checks what depends on today's date and on the
 * person (NeedReceipt).
 */

// ---------------------------------------------------------------------------------------------
// Messages (spec §5 and §8 wording where the spec gives one)

export const expenseMessages = {
  dateRequired: 'Date is required.',
  amountRequired: 'Amount is required.',
  commentsRequired: 'Comments are required.',
  typeRequired: 'Type of expense is required.',
  projectRequired: 'Project is required.',
  currencyRequired: 'Currency is required.',
  saved: 'Expense has been saved.',
  saveFailed: 'There was an error while saving the expense.',
  updated: 'Expense has been updated!',
  deleted: 'The expense has been deleted successfully.',
  confirmDelete: (project: string, date: string) =>
    `Are you sure you want to delete expense from ${project} on ${date}.`,
  notEditable: (project: string) => `${project} is not editable`,
  enterAllAmounts: 'Please enter all the amounts.',
  filesDoNotExist: 'Files do not exist for current selection, please try modifying the filters.',
  dateFormat: 'Date must be a date (YYYY-MM-DD)',
  dateOutsideWindow: (first: string, last: string) => `Date must be between ${first} and ${last}`,
  amountNotNumber: 'Amount must be a number',
  amountNotPositive: 'Amount must be greater than 0',
  amountTooPrecise: 'Amount can have at most 2 decimal places',
  amountTooLarge: 'Amount must be at most 1000000',
  totalAmountRequired: 'Total Amount is required.',
  totalBelowAmount: 'Amount to be Expensed must not be more than the Total Amount.',
  unknownType: 'Choose a type of expense from the list.',
  unknownCurrency: `Currency must be one of ${CURRENCIES.join(', ')}`,
  commentsTooLong: 'Comments must be at most 500 characters',
  receiptRequired: 'A receipt is required for this type of expense.',
  receiptInvalid: 'Receipt must be a valid id',
  receiptNotFound: 'Receipt not found. Upload it again.',
  notYourReceipt: 'You can only attach your own receipts.',
  notMultiDate: 'This type of expense cannot be claimed over several dates.',
  datesRequired: 'Choose at least one date',
  duplicateDate: 'Each date can be chosen only once',
  unknownProject: (projectId: number) => `Project ${projectId} does not exist`,
  projectInactive: 'This project is not active.',
  projectNotBillable: 'You are not on the roster of this project.',
  approvedExpense: 'This expense is approved and can no longer be changed.',
  staleVersion: 'This expense was changed in the meantime. Reload it and try again.',
  expenseNotFound: 'Expense not found.',
  notYourExpense: 'You can only change your own expenses.',
  versionRequired: 'Version must have a value',
  endBeforeStart: 'End must not be before Start',
  recordsNotFound: 'Records not found',
} as const;
const msg = expenseMessages;

// ---------------------------------------------------------------------------------------------
// Expense types (the code list; GET /api/expenses/types)

/** How the form collects the expense. */
export type ExpenseFlow = 'single' | 'perDiem' | 'byActivity' | 'totalAndExpensed';
/** When a receipt must be attached: always, never shown, only for people with NeedReceipt, or optional. */
export type ReceiptRule = 'required' | 'none' | 'whenNeedReceipt' | 'optional';

export interface ExpenseType {
  readonly id: number;
  readonly name: string;
  readonly flow: ExpenseFlow;
  readonly receipt: ReceiptRule;
  /** The label of the required activity date ('Check-In Date'...), null when there is none. */
  readonly activityDateLabel: string | null;
  /** May be claimed over several dates (per diem, accommodation with an amount per date). */
  readonly multiDate: boolean;
}

export const EXPENSE_TYPES: readonly ExpenseType[] = [
  { id: 0, name: 'Meals', flow: 'single', receipt: 'required', activityDateLabel: null, multiDate: false },
  {
    id: 1,
    name: 'Hotel',
    flow: 'perDiem',
    receipt: 'whenNeedReceipt',
    activityDateLabel: 'Check-In Date',
    multiDate: true,
  },
  {
    id: 2,
    name: 'Incidentals (no receipt)',
    flow: 'single',
    receipt: 'none',
    activityDateLabel: null,
    multiDate: false,
  },
  {
    id: 3,
    name: 'Flight',
    flow: 'single',
    receipt: 'optional',
    activityDateLabel: 'Date of Departure',
    multiDate: false,
  },
  { id: 4, name: 'Mileage', flow: 'single', receipt: 'optional', activityDateLabel: null, multiDate: false },
  { id: 5, name: 'Parking', flow: 'single', receipt: 'optional', activityDateLabel: null, multiDate: false },
  { id: 6, name: 'Supplies', flow: 'single', receipt: 'optional', activityDateLabel: null, multiDate: false },
  {
    id: 7,
    name: 'Internet/Phone',
    flow: 'single',
    receipt: 'optional',
    activityDateLabel: null,
    multiDate: false,
  },
  { id: 8, name: 'Other', flow: 'single', receipt: 'optional', activityDateLabel: null, multiDate: false },
  {
    id: 9,
    name: 'Accommodation by Activity',
    flow: 'byActivity',
    receipt: 'optional',
    activityDateLabel: 'Activity Date',
    multiDate: true,
  },
  {
    id: 10,
    name: 'Ground Transportation',
    flow: 'single',
    receipt: 'optional',
    activityDateLabel: null,
    multiDate: false,
  },
  {
    id: 15,
    name: 'Meals by Activity',
    flow: 'byActivity',
    receipt: 'optional',
    activityDateLabel: 'Activity Date',
    multiDate: true,
  },
  {
    id: 16,
    name: 'Equipment (partly expensed)',
    flow: 'totalAndExpensed',
    receipt: 'optional',
    activityDateLabel: null,
    multiDate: false,
  },
];

export function expenseTypeOf(id: number): ExpenseType | null {
  return EXPENSE_TYPES.find((t) => t.id === id) ?? null;
}

export function expenseTypeName(id: number): string {
  return expenseTypeOf(id)?.name ?? `Type ${id}`;
}

/** Whether a receipt must be attached for the type and the person (type 1 only with NeedReceipt). */
export function receiptRequired(categoryId: number, needReceipt: boolean): boolean {
  const type = expenseTypeOf(categoryId);
  if (!type) return false;
  return type.receipt === 'required' || (type.receipt === 'whenNeedReceipt' && needReceipt);
}

export function activityDateRequired(categoryId: number): boolean {
  return expenseTypeOf(categoryId)?.activityDateLabel != null;
}

// ---------------------------------------------------------------------------------------------
// Project 33's notice

export const EXPENSE_NOTICE_PROJECT_ID = NOTICE_PROJECT_ID;

export const PROJECT_33_NOTICE: readonly string[] = [
  'Hotel: up to $96 a night for the first two months.',
  'Meals: $59 a day for the first 30 days, then $32.45 a day for up to three years.',
  'Leased housing: up to $1500 a month for up to three years.',
];

/** The notice the expense form shows for a project (only project 33 has one). */
export function expenseNoticeFor(projectId: number | null): readonly string[] | null {
  return projectId === EXPENSE_NOTICE_PROJECT_ID ? PROJECT_33_NOTICE : null;
}

// ---------------------------------------------------------------------------------------------
// Money and rates

export const MAX_EXPENSE_AMOUNT = '1000000';
export const EXPENSE_AMOUNT_STEP = 0.01;

/** Claimed = amount x rate (1 when none), in the project's currency, truncated to 2 decimals. */
export function claimedAmount(amount: string, rate: string | null): string {
  return convertAmount(amount, rate);
}

/**
 * The currency pair to convert, trimmed and upper-cased: null (rate 1) when either currency is
 * missing or both are the same. The rate-date rule (`rateDateFor`) is applied by the
 * ExchangeRates adapters, which get the expense date.
 */
export function conversionFor(
  receiptCurrency: string | null | undefined,
  projectCurrency: string | null | undefined,
): { from: string; to: string } | null {
  const from = normaliseCurrencyCode(receiptCurrency);
  const to = normaliseCurrencyCode(projectCurrency);
  if (from === null || to === null || from === to) return null;
  return { from, to };
}

// ---------------------------------------------------------------------------------------------
// Field parsers

function parseNonNegativeInt(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** The type of expense (id 0, meals, is a real type). */
const categoryField = anyValue().transform((value, ctx): number => {
  if (isBlank(value)) {
    ctx.addIssue({ code: 'custom', message: msg.typeRequired });
    return z.NEVER;
  }
  const id = parseNonNegativeInt(value);
  if (id === null || !expenseTypeOf(id)) {
    ctx.addIssue({ code: 'custom', message: msg.unknownType });
    return z.NEVER;
  }
  return id;
});

const projectField = anyValue().transform((value, ctx): number => {
  const id = parseNonNegativeInt(value);
  if (isBlank(value) || id === 0) {
    ctx.addIssue({ code: 'custom', message: msg.projectRequired });
    return z.NEVER;
  }
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: 'Project must be a valid id' });
    return z.NEVER;
  }
  return id;
});

const currencyField = anyValue().transform((value, ctx): Currency => {
  if (isBlank(value)) {
    ctx.addIssue({ code: 'custom', message: msg.currencyRequired });
    return z.NEVER;
  }
  const code = typeof value === 'string' ? normaliseCurrencyCode(value) : null;
  if (code === null || !(CURRENCIES as readonly string[]).includes(code)) {
    ctx.addIssue({ code: 'custom', message: msg.unknownCurrency });
    return z.NEVER;
  }
  return code as Currency;
});

/** A money amount: > 0, at most 2 decimals, at most 1,000,000; a normalised decimal string. */
export function expenseAmountField(missingMessage: string = msg.amountRequired) {
  return anyValue().transform((value, ctx): string => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: missingMessage });
      return z.NEVER;
    }
    const parsed = parseDecimal(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: msg.amountNotNumber });
      return z.NEVER;
    }
    if (parsed.lte(0)) {
      ctx.addIssue({ code: 'custom', message: msg.amountNotPositive });
      return z.NEVER;
    }
    if (decimalPlaces(parsed) > 2) {
      ctx.addIssue({ code: 'custom', message: msg.amountTooPrecise });
      return z.NEVER;
    }
    if (parsed.gt(MAX_EXPENSE_AMOUNT)) {
      ctx.addIssue({ code: 'custom', message: msg.amountTooLarge });
      return z.NEVER;
    }
    return normaliseDecimal(parsed);
  });
}

/** Blank means not given (null); otherwise the same rules as an amount. */
function optionalAmountField() {
  const amount = expenseAmountField();
  return anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    const result = amount.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return result.data;
  });
}

function expenseDateField(missingMessage: string = msg.dateRequired) {
  return anyValue().transform((value, ctx): BusinessDate => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: missingMessage });
      return z.NEVER;
    }
    if (typeof value !== 'string' || !isBusinessDate(value.trim())) {
      ctx.addIssue({ code: 'custom', message: msg.dateFormat });
      return z.NEVER;
    }
    return value.trim();
  });
}

const optionalDateField = anyValue().transform((value, ctx): BusinessDate | null => {
  if (isBlank(value)) return null;
  if (typeof value !== 'string' || !isBusinessDate(value.trim())) {
    ctx.addIssue({ code: 'custom', message: msg.dateFormat });
    return z.NEVER;
  }
  return value.trim();
});

const commentsField = anyValue().transform((value, ctx): string => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: msg.commentsRequired });
    return z.NEVER;
  }
  if (text.length > 500) {
    ctx.addIssue({ code: 'custom', message: msg.commentsTooLong });
    return z.NEVER;
  }
  return text;
});

/** The billable checkbox: true/false, 1/0, 'true'/'false'; absent means billable. */
const billableField = anyValue().transform((value): boolean => {
  if (value === null) return true;
  return value === true || value === 1 || value === '1' || value === 'true';
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const receiptField = anyValue().transform((value, ctx): string | null => {
  if (isBlank(value)) return null;
  if (typeof value !== 'string' || !UUID.test(value.trim())) {
    ctx.addIssue({ code: 'custom', message: msg.receiptInvalid });
    return z.NEVER;
  }
  return value.trim().toLowerCase();
});

const versionField = z.coerce
  .number({ error: msg.versionRequired })
  .int({ error: msg.versionRequired })
  .positive({ error: msg.versionRequired });

// ---------------------------------------------------------------------------------------------
// Shape rules shared by every request

interface TypedAmounts {
  readonly categoryId: number;
  readonly activityDate: BusinessDate | null;
  readonly totalAmount: string | null;
  readonly amount: string;
}

/** Activity date for types 1/3/9/15; Total Amount >= amount for type 16. */
export function expenseTypeProblems(request: TypedAmounts): ExpenseProblem[] {
  const problems: ExpenseProblem[] = [];
  if (activityDateRequired(request.categoryId) && request.activityDate === null) {
    problems.push({ path: 'activityDate', message: msg.dateRequired });
  }
  if (expenseTypeOf(request.categoryId)?.flow === 'totalAndExpensed') {
    if (request.totalAmount === null) {
      problems.push({ path: 'totalAmount', message: msg.totalAmountRequired });
    } else if (compareDecimals(request.totalAmount, request.amount) < 0) {
      problems.push({ path: 'amount', message: msg.totalBelowAmount });
    }
  }
  return problems;
}

function typeShapeRules(request: TypedAmounts, ctx: z.RefinementCtx): void {
  for (const problem of expenseTypeProblems(request)) {
    ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  }
}

/** Only type 16 has a Total Amount; it is dropped for the others. */
function keepTotalOnlyForType16<T extends { categoryId: number; totalAmount: string | null }>(request: T): T {
  return expenseTypeOf(request.categoryId)?.flow === 'totalAndExpensed'
    ? request
    : { ...request, totalAmount: null };
}

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /api/expenses: one claim (also the amount-by-activity types 9 and 15, with their activity date). */
export const expenseClaimSchema = z
  .object({
    categoryId: categoryField,
    projectId: projectField,
    currency: currencyField,
    amount: expenseAmountField(),
    totalAmount: optionalAmountField(),
    date: expenseDateField(),
    activityDate: optionalDateField,
    comment: commentsField,
    isBillable: billableField,
    receiptId: receiptField,
  })
  .superRefine(typeShapeRules)
  .transform(keepTotalOnlyForType16);
export type ExpenseClaimRequest = z.output<typeof expenseClaimSchema>;
/** What a form sends: every field may be missing (the schema reports each one). */
export type ExpenseClaimInput = Partial<z.input<typeof expenseClaimSchema>>;

function multiDateRules(
  request: { categoryId: number; dates: readonly BusinessDate[] },
  ctx: z.RefinementCtx,
) {
  if (!expenseTypeOf(request.categoryId)?.multiDate) {
    ctx.addIssue({ code: 'custom', path: ['categoryId'], message: msg.notMultiDate });
  }
  const seen = new Set<string>();
  request.dates.forEach((date, index) => {
    if (seen.has(date)) ctx.addIssue({ code: 'custom', path: ['dates', index], message: msg.duplicateDate });
    seen.add(date);
  });
}

/** POST /api/expenses/per-diem: one amount for each of several dates. */
export const perDiemSchema = z
  .object({
    categoryId: categoryField,
    projectId: projectField,
    currency: currencyField,
    amount: expenseAmountField(),
    dates: z.array(expenseDateField(), { error: msg.datesRequired }).min(1, { error: msg.datesRequired }),
    activityDate: optionalDateField,
    comment: commentsField,
    isBillable: billableField,
    receiptId: receiptField,
  })
  .transform((request) => ({
    ...request,
    // The check-in date defaults to the first night.
    activityDate:
      request.activityDate ??
      (activityDateRequired(request.categoryId) ? [...request.dates].sort()[0] : null),
  }))
  .superRefine(multiDateRules);
export type PerDiemRequest = z.output<typeof perDiemSchema>;
/** What a form sends: every field may be missing (the schema reports each one). */
export type PerDiemInput = Partial<z.input<typeof perDiemSchema>>;

/** POST /api/expenses/accommodation: an amount per date ('Please enter all the amounts.'). */
export const accommodationSchema = z
  .object({
    categoryId: categoryField,
    projectId: projectField,
    currency: currencyField,
    items: z
      .array(z.object({ date: expenseDateField(), amount: expenseAmountField(msg.enterAllAmounts) }), {
        error: msg.datesRequired,
      })
      .min(1, { error: msg.datesRequired }),
    activityDate: optionalDateField,
    comment: commentsField,
    isBillable: billableField,
    receiptId: receiptField,
  })
  .transform((request) => ({
    ...request,
    dates: request.items.map((i) => i.date),
    activityDate:
      request.activityDate ??
      (activityDateRequired(request.categoryId) ? request.items.map((i) => i.date).sort()[0] : null),
  }))
  .superRefine(multiDateRules);
export type AccommodationRequest = z.output<typeof accommodationSchema>;
/** What a form sends: every field may be missing (the schema reports each one). */
export type AccommodationInput = Partial<z.input<typeof accommodationSchema>>;

/** True when every date of an accommodation form has an amount (the web's warning before sending). */
export function allAmountsEntered(items: readonly { amount: unknown }[]): boolean {
  return items.length > 0 && items.every((i) => !isBlank(i.amount));
}

/**
 * PUT /api/expenses/:id. Currency, receipt and activity date are kept when absent (the edit modal
 * does not show them); the rate is looked up again only when the date or currency changes.
 */
export const expenseEditSchema = z
  .object({
    projectId: projectField,
    categoryId: categoryField,
    isBillable: billableField,
    date: expenseDateField(),
    activityDate: optionalDateField.optional(),
    amount: expenseAmountField(),
    totalAmount: optionalAmountField(),
    currency: currencyField.optional(),
    comment: commentsField,
    version: versionField,
  })
  .transform(keepTotalOnlyForType16);
export type ExpenseEditRequest = z.output<typeof expenseEditSchema>;
/** What a form sends: every field may be missing (the schema reports each one). */
export type ExpenseEditInput = Partial<z.input<typeof expenseEditSchema>>;

/** DELETE /api/expenses/:id?version= */
export const expenseWithdrawQuerySchema = z.object({ version: versionField });

export const EXPENSE_SORT_FIELDS = ['date', 'project', 'category', 'claimed', 'comment'] as const;
export type ExpenseSortField = (typeof EXPENSE_SORT_FIELDS)[number];

/** GET /api/expenses */
export const expenseListQuerySchema = z
  .object({
    start: expenseDateField(),
    end: expenseDateField(),
    projectId: anyValue().transform((value, ctx): number | null => {
      if (isBlank(value) || value === '0' || value === 0) return null;
      const id = parseNonNegativeInt(value);
      if (id === null) {
        ctx.addIssue({ code: 'custom', message: 'Project must be a valid id' });
        return z.NEVER;
      }
      return id;
    }),
    sortBy: sortByField(EXPENSE_SORT_FIELDS, `Sort by must be one of ${EXPENSE_SORT_FIELDS.join(', ')}`),
    direction: sortDirectionField(),
  })
  .superRefine(endNotBeforeStart(msg.endBeforeStart));
export type ExpenseListQuery = z.output<typeof expenseListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Rules that need today's date and the person

export interface ExpenseProblem {
  readonly path: string;
  readonly message: string;
}

/** Expense days: six months back (start of month) to two months ahead (end of month). */
export function expenseWindow(today: BusinessDate): DateWindow {
  return monthWindow(today, EXPENSE_MONTHS_BACK, EXPENSE_MONTHS_AHEAD);
}

export interface ExpenseRuleFacts {
  readonly today: BusinessDate;
  /** The person's NeedReceipt flag (hotel receipts). */
  readonly needReceipt: boolean;
}

/**
 * The rules beyond the shape, for a claim over one or more dates (`datePaths` names where each
 * date came from: 'date', 'dates.2', 'items.1.date').
 */
export function expenseClaimProblems(
  claim: { categoryId: number; receiptId: string | null },
  dates: readonly { date: BusinessDate; path: string }[],
  facts: ExpenseRuleFacts,
): ExpenseProblem[] {
  const window = expenseWindow(facts.today);
  const problems: ExpenseProblem[] = [];
  for (const { date, path } of dates) {
    if (!isWithin(date, window))
      problems.push({ path, message: msg.dateOutsideWindow(window.first, window.last) });
  }
  if (claim.receiptId === null && receiptRequired(claim.categoryId, facts.needReceipt)) {
    problems.push({ path: 'receiptId', message: msg.receiptRequired });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Responses

export interface ExpenseTypesResponse {
  readonly types: readonly ExpenseType[];
}

export interface ExpenseRow {
  readonly id: string;
  readonly date: BusinessDate;
  readonly activityDate: BusinessDate | null;
  readonly projectId: number;
  readonly projectName: string;
  readonly categoryId: number;
  readonly categoryName: string;
  /** The receipt currency. */
  readonly currency: string;
  readonly amount: string;
  readonly totalAmount: string | null;
  readonly rate: string;
  /** The project's invoice currency; null shows as '-'. */
  readonly projectCurrency: string | null;
  /** amount x rate truncated to 2 decimals, in the project's currency. */
  readonly claimed: string;
  readonly isBillable: boolean;
  readonly comment: string;
  readonly receiptId: string | null;
  readonly receiptFileName: string | null;
  readonly isApproved: boolean;
  readonly verifiedAt: string | null;
  readonly version: number;
  readonly groupId: string | null;
}

export interface ExpenseList {
  readonly rows: readonly ExpenseRow[];
  readonly totals: { readonly claimed: string };
  /** The contractor's totals over the same range and project: timesheet value + expenses claimed. */
  readonly contractorTotal: {
    readonly timesheetValue: string;
    readonly expensesClaimed: string;
    readonly total: string;
  };
}

export interface ClaimExpensesResponse {
  readonly expenseIds: readonly string[];
  readonly position: string | null;
}

export interface ExpenseCommandResponse {
  readonly position: string | null;
}

// ---------------------------------------------------------------------------------------------
// Events on `ledger-{employeeId}-{yyyy-mm}` (the same streams as timesheets)

export const EXPENSE_EVENT_TYPES = [
  'ExpenseClaimed',
  'ExpenseCorrected',
  'ExpenseWithdrawn',
  'ExpensesApproved',
] as const;

export interface ExpenseFields {
  readonly projectId: number;
  readonly categoryId: number;
  readonly date: BusinessDate;
  readonly activityDate: BusinessDate | null;
  /** The receipt currency. */
  readonly currency: string;
  readonly amount: string;
  /** Type 16's Total Amount; null otherwise. */
  readonly totalAmount: string | null;
  /** Decimal string; '1' when there was no conversion. */
  readonly rate: string;
  readonly projectCurrency: string | null;
  /** amount x rate truncated to 2 decimals. */
  readonly claimed: string;
  readonly isBillable: boolean;
  readonly comment: string;
  readonly receiptId: string | null;
  /** The per diem / accommodation batch the expense belongs to. */
  readonly groupId: string | null;
}

export interface ExpenseClaimedData extends ExpenseFields {
  readonly expenseId: string;
  readonly employeeId: number;
  /** 1 for a new expense; the next version when an edit moved it here from another month. */
  readonly version: number;
  readonly movedFrom: { readonly month: string; readonly before: ExpenseFields } | null;
}

export interface ExpenseCorrectedData {
  readonly expenseId: string;
  readonly employeeId: number;
  readonly before: ExpenseFields;
  readonly after: ExpenseFields;
  readonly version: number;
}

export interface ExpenseWithdrawnData {
  readonly expenseId: string;
  readonly employeeId: number;
  readonly before: ExpenseFields;
  /** Set when the expense was withdrawn because an edit moved it to another month. */
  readonly movedTo: string | null;
}

export interface ExpensesApprovedData {
  readonly expenseIds: readonly string[];
}
