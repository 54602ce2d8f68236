// Fixed dates: the edit checks of a given day (pure functions).
import { describe, expect, it } from '@jest/globals';
import {
  addDays,
  expenseMessages as msg,
  EXPENSE_TYPES,
  expenseWindow,
  reviewRequestMessages,
} from '@portal/contracts';
import {
  adminExpenseEditCheck,
  claimedPreview,
  type ExpenseEditDraft,
  NO_CURRENCY,
  personExpenseEditCheck,
} from './edit-checks';

// This file pins its own day: the checks take the window as an argument, and the dates below are
// counted from it.
const TODAY = '2026-11-25';
const WINDOW = expenseWindow(TODAY);

const typeOf = (id: number) => EXPENSE_TYPES.find((t) => t.id === id) ?? null;
const MEALS = typeOf(0);
const FLIGHT = typeOf(3);
const TOTAL_AND_EXPENSED = EXPENSE_TYPES.find((t) => t.flow === 'totalAndExpensed') ?? null;

const draft = (change: Partial<ExpenseEditDraft> = {}): ExpenseEditDraft => ({
  projectId: 12,
  categoryId: 0,
  isBillable: true,
  date: TODAY,
  activityDate: addDays(TODAY, -1),
  amount: ' 42.50 ',
  totalAmount: '100',
  rate: '1.35',
  projectCurrency: 'CAD',
  comment: 'Lunch with the survey crew',
  version: 2,
  ...change,
});

describe("the person's check of an expense they change", () => {
  it('answers the edit to send, without the fields their type does not ask for', () => {
    expect(personExpenseEditCheck(draft(), MEALS, WINDOW)).toEqual({
      edit: {
        projectId: 12,
        categoryId: 0,
        isBillable: true,
        date: TODAY,
        amount: '42.50',
        totalAmount: null,
        comment: 'Lunch with the survey crew',
        version: 2,
      },
    });
  });

  it('sends the activity date of a type that asks for one, and the total of the total-and-expensed type', () => {
    const flight = personExpenseEditCheck(draft({ categoryId: 3, activityDate: '' }), FLIGHT, WINDOW);
    expect(flight).toMatchObject({ edit: { activityDate: null, totalAmount: null } });
    const total = personExpenseEditCheck(
      draft({ categoryId: TOTAL_AND_EXPENSED?.id ?? -1 }),
      TOTAL_AND_EXPENSED,
      WINDOW,
    );
    expect(total).toMatchObject({ edit: { totalAmount: '100' } });
  });

  it('refuses a date outside the window, beside the date', () => {
    const late = addDays(WINDOW.last, 1);
    expect(personExpenseEditCheck(draft({ date: late }), MEALS, WINDOW)).toEqual({
      problems: [{ path: 'date', message: msg.dateOutsideWindow(WINDOW.first, WINDOW.last) }],
    });
  });

  it('names every field the schema refuses', () => {
    const checked = personExpenseEditCheck(draft({ comment: ' ', projectId: null }), MEALS, WINDOW);
    expect(checked).toMatchObject({
      problems: expect.arrayContaining([
        { path: 'comment', message: msg.commentsRequired },
        expect.objectContaining({ path: 'projectId' }),
      ]),
    });
  });
});

describe("an admin's check of a person's expense", () => {
  it('answers the edit as parsed, with the person, the rate and the project currency', () => {
    expect(adminExpenseEditCheck(draft({ date: addDays(WINDOW.first, -30) }), 5)).toMatchObject({
      edit: { employeeId: 5, amount: '42.5', rate: '1.35', projectCurrency: 'CAD', isBillable: true },
    });
  });

  it('takes no project currency as none', () => {
    expect(adminExpenseEditCheck(draft({ projectCurrency: NO_CURRENCY }), 5)).toMatchObject({
      edit: { projectCurrency: null },
    });
  });

  it('asks for a rate', () => {
    expect(adminExpenseEditCheck(draft({ rate: '' }), 5)).toEqual({
      problems: [{ path: 'rate', message: reviewRequestMessages.rateRequired }],
    });
  });
});

describe('the claimed amount an edit dialog shows as the person types', () => {
  it('is amount x rate, cut to cents, never rounded through a float', () => {
    expect(claimedPreview('10.05', '1.3333')).toBe('13.39');
    expect(claimedPreview('0.1', '3')).toBe('0.30');
  });

  it('waits for an amount its rule takes and for a rate', () => {
    expect(claimedPreview('', '1.35')).toBeNull();
    expect(claimedPreview('12,5', '1.35')).toBeNull();
    expect(claimedPreview('-3', '1.35')).toBeNull();
    expect(claimedPreview('12.50', null)).toBeNull();
  });
});
