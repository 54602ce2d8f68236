/** Business constants of the portal (contractor spec §9, admin spec §9). */
export const UMBRELLA_PROJECT_ID = 45;
export const SECOND_ORGANISATION_OWNER_ID = 2;
export const OVERTIME_PROJECT_IDS: readonly number[] = [61, 64];
export const PLANNED_HOURS_EXCLUDED_CLIENT_ID = 4;
export const NOTICE_PROJECT_ID = 33;

/** Timesheet value per hour in totals. */
export const HOURLY_VALUE = '200';
/** Length limits count characters as a person sees them (grapheme clusters, kernel/text.ts). */
export const COMMENT_MAX_LENGTH = 50;
export const EXPENSE_COMMENTS_MAX_LENGTH = 500;
/** Hours steps (spec §5): 0.1 in the entry form, 0.5 for hours changed in the Edit Timesheet modal. */
export const ENTRY_HOURS_STEP = '0.1';
export const EDIT_HOURS_STEP = '0.5';

/** Day windows, in whole months around today. */
export const TIMESHEET_MONTHS_BACK = 2;
export const TIMESHEET_MONTHS_AHEAD = 2;
export const EXPENSE_MONTHS_BACK = 6;
export const EXPENSE_MONTHS_AHEAD = 2;

export const CURRENCIES = ['USD', 'CAD', 'EUR', 'INR', 'GBP', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const BILLING_CYCLES = [
  'Standard Month (First to last)',
  'Fixed Offset (26 to 25)',
  'Weekly (Saturday to Friday)',
  'Floating Offset (Last Friday of month)',
] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const INPUT_DEBOUNCE_MS = 700;
