import { describe, expect, it } from '@jest/globals';
import { EXPENSE_TYPES, expenseMessages } from '@portal/contracts';
import { pinnedInstant } from '../../../../../e2e/support/test-now';
import { EMPTY_FORM, type FormState, submissionOf } from './expense-form-state';

const today = pinnedInstant().toISOString().slice(0, 10);
const meals = EXPENSE_TYPES.find((type) => type.name === 'Meals') ?? null;

/** A meal filled in but for its receipt (Meals needs one). */
const meal: FormState = {
  ...EMPTY_FORM,
  categoryId: meals?.id ?? null,
  projectId: 14,
  currency: 'CAD',
  amount: '18.40',
  date: today,
  comment: 'Crew lunch',
};

describe('the expense form with a receipt kept offline', () => {
  it('refuses a meal without a receipt', () => {
    const { problems } = submissionOf(meal, meals, { today, needReceipt: false });
    expect(problems).toEqual([{ path: 'receiptId', message: expenseMessages.receiptRequired }]);
  });

  it('takes a meal whose receipt is kept on the device; the receipt id comes when it is uploaded', () => {
    const photo = new File([new Uint8Array([37, 80, 68, 70])], 'receipt-photo.pdf', {
      type: 'application/pdf',
    });
    const { submission, problems } = submissionOf({ ...meal, keptReceipt: photo }, meals, {
      today,
      needReceipt: false,
    });
    expect(problems).toEqual([]);
    expect(submission).toMatchObject({ kind: 'single', body: { receiptId: null, amount: '18.40' } });
  });
});
