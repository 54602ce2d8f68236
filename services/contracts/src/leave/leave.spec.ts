// Fixed dates: the leave form's rules on given dates.
import { leaveDaysQuerySchema, leaveIdParamSchema, leaveRequestSchema } from './api';
import { leavesOverlap, leaveWithin } from './leave';

const form = { leaveType: 'Sick', fromDate: '2026-03-02', toDate: '2026-03-03', notes: ' Flu ' };

const problems = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('the leave form’s rules', () => {
  it('takes a complete form, notes trimmed', () => {
    expect(leaveRequestSchema.parse(form)).toEqual({ ...form, notes: 'Flu' });
  });

  it('names every missing field with the spec’s message', () => {
    expect(
      problems(leaveRequestSchema.safeParse({ leaveType: ' ', fromDate: '', toDate: null, notes: '' })),
    ).toEqual([
      ['leaveType', 'Leave Type is required.'],
      ['fromDate', 'From is required.'],
      ['toDate', 'To is required.'],
      ['notes', 'Notes is required.'],
    ]);
  });

  it('refuses To before From on To; one day (From = To) is fine', () => {
    expect(problems(leaveRequestSchema.safeParse({ ...form, toDate: '2026-03-01' }))).toEqual([
      ['toDate', 'To must not be before From.'],
    ]);
    expect(leaveRequestSchema.safeParse({ ...form, toDate: form.fromDate }).success).toBe(true);
  });

  it('overlap counts both ends', () => {
    const a = { fromDate: '2026-03-02', toDate: '2026-03-04' };
    expect(leavesOverlap(a, { fromDate: '2026-03-04', toDate: '2026-03-05' })).toBe(true);
    expect(leavesOverlap(a, { fromDate: '2026-03-05', toDate: '2026-03-06' })).toBe(false);
    expect(leavesOverlap(a, { fromDate: '2026-02-01', toDate: '2026-03-01' })).toBe(false);
  });

  it('the part of a leave within a period is clipped to it, or null', () => {
    const leave = { fromDate: '2026-03-30', toDate: '2026-04-02' };
    expect(leaveWithin(leave, { start: '2026-04-01', end: '2026-04-30' })).toEqual({
      first: '2026-04-01',
      last: '2026-04-02',
    });
    expect(leaveWithin(leave, { start: '2026-03-01', end: '2026-03-31' })).toEqual({
      first: '2026-03-30',
      last: '2026-03-31',
    });
    expect(leaveWithin(leave, { start: '2026-04-03', end: '2026-04-30' })).toBeNull();
  });

  it('a leave id is a UUID; a period is at most 400 days and ends after it starts', () => {
    expect(leaveIdParamSchema.safeParse({ id: '12' }).success).toBe(false);
    expect(leaveIdParamSchema.parse({ id: 'AAAAAAAA-AAAA-5AAA-8AAA-AAAAAAAAAAAA' }).id).toBe(
      'aaaaaaaa-aaaa-5aaa-8aaa-aaaaaaaaaaaa',
    );
    expect(problems(leaveDaysQuerySchema.safeParse({ start: '2026-01-01', end: '2027-03-01' }))).toEqual([
      ['end', 'A period may span at most 400 days.'],
    ]);
    expect(leaveDaysQuerySchema.safeParse({ start: '2026-01-01', end: '2026-12-31' }).success).toBe(true);
  });
});
