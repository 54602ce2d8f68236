// Fixed dates: the review range rule on given ranges.
import { approvePeriodSchema, returnPeriodSchema, reviewRequestMessages } from './review-requests';

const approve = (start: string, end: string) =>
  approvePeriodSchema.safeParse({ employeeId: 3, projectId: 12, start, end });

const problemsOf = (result: ReturnType<typeof approve>) =>
  result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

const tooLong = { path: 'end', message: reviewRequestMessages.rangeTooLong(366) };

describe('the review range rule (at most 366 days)', () => {
  it('accepts a billing period and a whole leap year, refuses one day more', () => {
    expect(problemsOf(approve('2026-10-26', '2026-11-25'))).toEqual([]);
    expect(problemsOf(approve('2028-01-01', '2028-12-31'))).toEqual([]);
    expect(problemsOf(approve('2027-12-31', '2028-12-31'))).toEqual([tooLong]);
  });

  it('gives the same answers at the end of the calendar (year 9999)', () => {
    expect(problemsOf(approve('9999-01-01', '9999-12-31'))).toEqual([]);
    expect(problemsOf(approve('9999-06-01', '9999-12-31'))).toEqual([]);
    expect(problemsOf(approve('9999-12-26', '9999-12-31'))).toEqual([]);
    // 9998-12-30 .. 9999-12-31 is 367 days.
    expect(problemsOf(approve('9998-12-30', '9999-12-31'))).toEqual([tooLong]);
    expect(problemsOf(approve('9998-12-31', '9999-12-31'))).toEqual([]);
  });

  it('applies to returns too', () => {
    const parse = (start: string, end: string) =>
      returnPeriodSchema.safeParse({ employeeId: 3, projectId: 12, start, end, reason: 'Hours doubled' });
    expect(parse('9999-03-01', '9999-12-31').success).toBe(true);
    expect(problemsOf(parse('9998-01-01', '9999-12-31'))).toEqual([tooLong]);
  });
});
