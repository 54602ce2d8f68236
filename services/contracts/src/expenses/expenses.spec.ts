// Fixed dates: schemas and the date rules given their own today.
import {
  accommodationSchema,
  allAmountsEntered,
  claimedAmount,
  conversionFor,
  EXPENSE_TYPES,
  expenseClaimProblems,
  expenseClaimSchema,
  expenseEditSchema,
  expenseListQuerySchema,
  expenseMessages,
  expenseNoticeFor,
  expenseTypeProblems,
  expenseWindow,
  perDiemSchema,
  receiptRequired,
} from './index';
import { expenseClaim as claim } from '../requests.testing';

const problemsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success ? [] : result.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('expense types', () => {
  it('has the special ids with their behaviours', () => {
    const byId = new Map(EXPENSE_TYPES.map((t) => [t.id, t]));
    expect([0, 1, 2, 3, 9, 15, 16].every((id) => byId.has(id))).toBe(true);
    expect(byId.get(1)!.activityDateLabel).toBe('Check-In Date');
    expect(byId.get(3)!.activityDateLabel).toBe('Date of Departure');
    expect(byId.get(9)!.flow).toBe('byActivity');
    expect(byId.get(15)!.flow).toBe('byActivity');
    expect(byId.get(16)!.flow).toBe('totalAndExpensed');
  });

  it('a meal always needs a receipt, a hotel only with NeedReceipt, type 2 never', () => {
    expect(receiptRequired(0, false)).toBe(true);
    expect(receiptRequired(1, false)).toBe(false);
    expect(receiptRequired(1, true)).toBe(true);
    expect(receiptRequired(2, true)).toBe(false);
    expect(receiptRequired(4, true)).toBe(false);
  });
});

describe('expenseClaimSchema', () => {
  it('parses a claim: currency trimmed and upper-cased, amount normalised, billable by default', () => {
    const parsed = expenseClaimSchema.parse(
      claim({ currency: ' cad ', amount: 12.5, isBillable: undefined }),
    );
    expect(parsed).toMatchObject({ currency: 'CAD', amount: '12.5', isBillable: true, totalAmount: null });
  });

  it('reports each missing field with the spec’s message', () => {
    const result = expenseClaimSchema.safeParse({ projectId: 61, currency: 'USD' });
    expect(problemsOf(result)).toEqual([
      { path: 'categoryId', message: 'Type of expense is required.' },
      { path: 'amount', message: 'Amount is required.' },
      { path: 'date', message: 'Date is required.' },
      { path: 'comment', message: 'Comments are required.' },
    ]);
  });

  it('counts comments in characters a person sees: 500 emoji fit, 501 do not', () => {
    expect(expenseClaimSchema.parse(claim({ comment: '🚗'.repeat(500) })).comment).toBe('🚗'.repeat(500));
    expect(problemsOf(expenseClaimSchema.safeParse(claim({ comment: '🚗'.repeat(501) })))).toEqual([
      { path: 'comment', message: 'Comments must be at most 500 characters' },
    ]);
  });

  it('accepts type 0 (meals) as a real type and refuses unknown types', () => {
    expect(expenseClaimSchema.parse(claim({ categoryId: 0 })).categoryId).toBe(0);
    expect(problemsOf(expenseClaimSchema.safeParse(claim({ categoryId: 99 })))).toEqual([
      { path: 'categoryId', message: expenseMessages.unknownType },
    ]);
  });

  it('amount: > 0, step 0.01', () => {
    expect(problemsOf(expenseClaimSchema.safeParse(claim({ amount: '-1' })))[0].message).toBe(
      'Amount must be greater than 0',
    );
    expect(problemsOf(expenseClaimSchema.safeParse(claim({ amount: '0.001' })))[0].message).toBe(
      'Amount can have at most 2 decimal places',
    );
    expect(problemsOf(expenseClaimSchema.safeParse(claim({ amount: 'ten' })))[0].message).toBe(
      'Amount must be a number',
    );
    expect(expenseClaimSchema.parse(claim({ amount: '0.01' })).amount).toBe('0.01');
  });

  it('types 1, 3, 9 and 15 need an activity date', () => {
    for (const categoryId of [1, 3, 9, 15]) {
      expect(problemsOf(expenseClaimSchema.safeParse(claim({ categoryId })))).toEqual([
        { path: 'activityDate', message: 'Date is required.' },
      ]);
    }
    expect(expenseClaimSchema.safeParse(claim({ categoryId: 3, activityDate: '2026-11-09' })).success).toBe(
      true,
    );
  });

  it('type 16 needs a Total Amount at least the amount to be expensed; others drop it', () => {
    expect(problemsOf(expenseClaimSchema.safeParse(claim({ categoryId: 16 })))).toEqual([
      { path: 'totalAmount', message: 'Total Amount is required.' },
    ]);
    expect(problemsOf(expenseClaimSchema.safeParse(claim({ categoryId: 16, totalAmount: '24.99' })))).toEqual(
      [{ path: 'amount', message: 'Amount to be Expensed must not be more than the Total Amount.' }],
    );
    expect(expenseClaimSchema.parse(claim({ categoryId: 16, totalAmount: '25' })).totalAmount).toBe('25');
    expect(expenseClaimSchema.parse(claim({ totalAmount: '30' })).totalAmount).toBeNull();
  });

  it('refuses other currencies', () => {
    expect(problemsOf(expenseClaimSchema.safeParse(claim({ currency: 'JPY' })))[0].path).toBe('currency');
    expect(problemsOf(expenseClaimSchema.safeParse(claim({ currency: '' })))[0].message).toBe(
      'Currency is required.',
    );
  });
});

describe('per diem and accommodation', () => {
  /** A claim over several dates has no single `date` (and accommodation no single `amount`). */
  const overDates = (extra: Record<string, unknown> = {}) => {
    const { date: _date, ...rest } = claim(extra);
    return rest;
  };
  const nightly = (extra: Record<string, unknown> = {}) => {
    const { amount: _amount, ...rest } = overDates(extra);
    return rest;
  };

  it('per diem: one amount on several dates; the check-in date defaults to the first night', () => {
    const parsed = perDiemSchema.parse({
      ...overDates({ categoryId: 1 }),
      dates: ['2026-11-05', '2026-11-03'],
    });
    expect(parsed.activityDate).toBe('2026-11-03');
    expect(problemsOf(perDiemSchema.safeParse({ ...overDates({ categoryId: 1 }), dates: [] }))).toEqual([
      { path: 'dates', message: 'Choose at least one date' },
    ]);
    expect(
      problemsOf(
        perDiemSchema.safeParse({ ...overDates({ categoryId: 1 }), dates: ['2026-11-03', '2026-11-03'] }),
      ),
    ).toEqual([{ path: 'dates.1', message: 'Each date can be chosen only once' }]);
    expect(problemsOf(perDiemSchema.safeParse({ ...overDates(), dates: ['2026-11-03'] }))).toEqual([
      { path: 'categoryId', message: 'This type of expense cannot be claimed over several dates.' },
    ]);
  });

  it('accommodation: every date needs its amount', () => {
    const items = [
      { date: '2026-11-03', amount: '120' },
      { date: '2026-11-04', amount: null },
    ];
    expect(allAmountsEntered(items)).toBe(false);
    expect(problemsOf(accommodationSchema.safeParse({ ...nightly({ categoryId: 1 }), items }))).toEqual([
      { path: 'items.1.amount', message: 'Please enter all the amounts.' },
    ]);
    const ok = accommodationSchema.parse({
      ...nightly({ categoryId: 1 }),
      items: [items[0], { date: '2026-11-04', amount: '99.5' }],
    });
    expect(ok.dates).toEqual(['2026-11-03', '2026-11-04']);
    expect(allAmountsEntered(ok.items)).toBe(true);
  });
});

describe('rules with today and the person', () => {
  it('the window is six months back (start of month) to two months ahead (end of month)', () => {
    expect(expenseWindow('2026-11-18')).toEqual({ first: '2026-05-01', last: '2027-01-31' });
    const at = (date: string) =>
      expenseClaimProblems({ categoryId: 4, receiptId: null }, [{ date, path: 'date' }], {
        today: '2026-11-18',
        needReceipt: false,
      });
    expect(at('2026-05-01')).toEqual([]);
    expect(at('2027-01-31')).toEqual([]);
    expect(at('2026-04-30')).toEqual([
      { path: 'date', message: 'Date must be between 2026-05-01 and 2027-01-31' },
    ]);
    expect(at('2027-02-01')).toHaveLength(1);
  });

  it('asks for the receipt by the type and NeedReceipt', () => {
    const facts = { today: '2026-11-18', needReceipt: true };
    const dates = [{ date: '2026-11-10', path: 'date' }];
    expect(expenseClaimProblems({ categoryId: 1, receiptId: null }, dates, facts)).toEqual([
      { path: 'receiptId', message: 'A receipt is required for this type of expense.' },
    ]);
    expect(
      expenseClaimProblems({ categoryId: 1, receiptId: null }, dates, { ...facts, needReceipt: false }),
    ).toEqual([]);
    expect(expenseClaimProblems({ categoryId: 0, receiptId: 'r' }, dates, facts)).toEqual([]);
  });

  it('the edit checks the type rules on the merged fields', () => {
    expect(
      expenseTypeProblems({ categoryId: 3, activityDate: null, totalAmount: null, amount: '1' }),
    ).toEqual([{ path: 'activityDate', message: 'Date is required.' }]);
    expect(expenseEditSchema.safeParse({ ...claim(), version: 0 }).success).toBe(false);
  });
});

describe('money and rates', () => {
  it('claimed = amount x rate truncated to 2 decimals; rate 1 when none', () => {
    expect(claimedAmount('100', '0.71239')).toBe('71.23');
    expect(claimedAmount('0.1', '0.2')).toBe('0.02');
    expect(claimedAmount('12.5', null)).toBe('12.50');
    expect(claimedAmount('65', '83.215')).toBe('5408.97');
  });

  it('converts only when both currencies are present and differ (trimmed, upper-cased)', () => {
    expect(conversionFor(' cad', 'usd ')).toEqual({ from: 'CAD', to: 'USD' });
    expect(conversionFor('CAD', null)).toBeNull();
    expect(conversionFor('', 'USD')).toBeNull();
    expect(conversionFor('usd', 'USD')).toBeNull();
  });
});

describe('project 33 notice and list query', () => {
  it('shows the relocation allowances for project 33 only', () => {
    const notice = expenseNoticeFor(33)!.join(' ');
    expect(notice).toContain('$96 a night for the first two months');
    expect(notice).toContain('$59 a day for the first 30 days, then $32.45');
    expect(notice).toContain('$1500 a month');
    expect(expenseNoticeFor(12)).toBeNull();
  });

  it('list query defaults to date ascending and accepts the sort fields', () => {
    expect(expenseListQuerySchema.parse({ start: '2026-11-01', end: '2026-11-30' })).toEqual({
      start: '2026-11-01',
      end: '2026-11-30',
      projectId: null,
      sortBy: 'date',
      direction: 'asc',
    });
    expect(
      expenseListQuerySchema.safeParse({ start: '2026-11-01', end: '2026-11-30', sortBy: 'amount' }).success,
    ).toBe(false);
  });

  it('the delete confirmation names project and date', () => {
    expect(expenseMessages.confirmDelete('Harbor Works', '2026-11-10')).toBe(
      'Are you sure you want to delete expense from Harbor Works on 2026-11-10.',
    );
    expect(expenseMessages.notEditable('Harbor Works')).toBe('Harbor Works is not editable');
  });
});
