import { NOTICE_PROJECT_ID } from '../kernel/constants';

/**
 * Expense types (the code list of `GET /api/expenses/types`): how the form collects each one,
 * when it needs a receipt or an activity date; and project 33's notice.
 */

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
