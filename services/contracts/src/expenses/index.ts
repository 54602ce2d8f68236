export * from './messages';
export * from './types';
export { EXPENSE_AMOUNT_STEP, expenseAmountField, expenseAmountRule, isUuid } from './fields';
export * from './requests';
export * from './rules';
export * from './model';
export * from './exports';
export * from './receipts';
export * from './claim-preview';
