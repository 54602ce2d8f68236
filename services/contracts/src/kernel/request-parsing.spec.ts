// Fixed dates: request parsers given dates to read.
import { z } from 'zod';
import * as contracts from '../index';
import {
  devSignInRequestSchema,
  expenseClaimSchema,
  MAX_ID,
  NOT_FOUND_ISSUE,
  projectIdParamSchema,
  receiptsDownloadSchema,
  timesheetBatchSchema,
  timesheetEditSchema,
  timesheetListQuerySchema,
  timesheetWithdrawQuerySchema,
  verifyPeriodSchema,
} from '../index';
import { expenseClaim as claim, issuesOf as problems } from '../requests.testing';

/** The parsing rules every request schema follows (kernel/fields.ts, kernel/ids.ts). */

const batch = (extra: Record<string, unknown> = {}, item: Record<string, unknown> = {}) => ({
  projectId: 36,
  subProjectId: null,
  items: [{ date: '2026-11-17', hours: '1', overtimeHours: null, comment: 'Survey', ...item }],
  confirmLate: false,
  ...extra,
});

/** Every exported request schema of the package (by name), except the month of a ledger path. */
const requestSchemas = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] =>
    entry[0].endsWith('Schema') && entry[1] instanceof z.ZodType && entry[0] !== 'ledgerMonthSchema',
);

describe('one rule for unknown keys: refused, named', () => {
  it('finds the request schemas', () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'devSignInRequestSchema',
        'projectIdParamSchema',
        'timesheetBatchSchema',
        'timesheetItemSchema',
        'expenseClaimSchema',
        'perDiemSchema',
        'accommodationSchema',
        'receiptsDownloadSchema',
        'exchangeRatesUpdateSchema',
        'holidaysQuerySchema',
        'verifyPeriodSchema',
      ]),
    );
    expect(requestSchemas.length).toBeGreaterThanOrEqual(18);
  });

  it.each(requestSchemas)('%s refuses a key it does not know', (_name, schema) => {
    const result = schema.safeParse({ surprise: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['surprise'] }),
    );
  });

  it('names the key, also inside an item', () => {
    expect(problems(timesheetBatchSchema, batch({ note: 'x' }, { extra: 1 }))).toEqual([
      { path: 'items.0', message: 'extra is not a field of this request' },
      { path: '', message: 'note is not a field of this request' },
    ]);
  });
});

describe('ids are bounded to the integer column (1..2147483647)', () => {
  it.each([9007199254740992, 1e308, MAX_ID + 1, -3, 1.5])('refuses projectId %p in a body', (projectId) => {
    const message = 'Project must be a whole number from 1 to 2147483647';
    expect(problems(timesheetBatchSchema, batch({ projectId }))).toEqual([{ path: 'projectId', message }]);
    expect(problems(expenseClaimSchema, claim({ projectId }))).toEqual([{ path: 'projectId', message }]);
    expect(problems(verifyPeriodSchema, { projectId })).toEqual([{ path: 'projectId', message }]);
    expect(problems(receiptsDownloadSchema, { month: '2026-11', projectId })).toEqual([
      { path: 'projectId', message },
    ]);
  });

  it('accepts the largest id', () => {
    expect(verifyPeriodSchema.parse({ projectId: MAX_ID })).toEqual({ projectId: MAX_ID });
  });

  it('a verification names what it verifies, timesheets or expenses, or nothing for both', () => {
    expect(verifyPeriodSchema.parse({ projectId: 12, what: 'expenses' })).toEqual({
      projectId: 12,
      what: 'expenses',
    });
    expect(problems(verifyPeriodSchema, { projectId: 12, what: 'leave' })).toEqual([
      { path: 'what', message: 'What must be one of timesheets, expenses' },
    ]);
  });

  it('a query string parses digits, within the range', () => {
    const query = { start: '2026-11-01', end: '2026-11-30' };
    expect(timesheetListQuerySchema.parse({ ...query, projectId: '12' }).projectId).toBe(12);
    expect(problems(timesheetListQuerySchema, { ...query, projectId: '99999999999' })).toEqual([
      { path: 'projectId', message: 'Project must be a whole number from 1 to 2147483647' },
    ]);
    expect(timesheetWithdrawQuerySchema.parse({ version: '3' })).toEqual({ version: 3 });
  });

  it('a path id that cannot exist is marked not found', () => {
    for (const id of ['99999999999', '0', 'abc', '1e3']) {
      const result = projectIdParamSchema.safeParse({ id });
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ message: `Project ${id} does not exist.`, params: NOT_FOUND_ISSUE }),
      ]);
    }
    expect(projectIdParamSchema.parse({ id: '12' })).toEqual({ id: 12 });
  });
});

describe('bodies are strict: booleans are booleans, numbers are numbers', () => {
  it.each([1.5, 'abc', 'true', 1, {}, []])('confirmLate %p is refused', (confirmLate) => {
    expect(problems(timesheetBatchSchema, batch({ confirmLate }))).toEqual([
      { path: 'confirmLate', message: 'Confirm late entry must be true or false' },
    ]);
  });

  it('confirmLate may be absent (false), true or false', () => {
    const { confirmLate: _absent, ...withoutConfirm } = batch();
    expect(timesheetBatchSchema.parse(withoutConfirm).confirmLate).toBe(false);
    expect(timesheetBatchSchema.parse(batch({ confirmLate: true })).confirmLate).toBe(true);
  });

  it.each([1, 'true', '1', 'yes'])('isBillable %p is refused', (isBillable) => {
    expect(problems(expenseClaimSchema, claim({ isBillable }))).toEqual([
      { path: 'isBillable', message: 'Billable must be true or false' },
    ]);
  });

  it.each([true, '1', ' 1 ', 1.5])('dev sign-in refuses staffId %p', (staffId) => {
    expect(problems(devSignInRequestSchema, { staffId })).toEqual([
      { path: 'staffId', message: 'Staff id must be a whole number from 1 to 2147483647' },
    ]);
  });

  it('an id in a body is a number, not text; a blank sub-project is not "none"', () => {
    expect(problems(timesheetBatchSchema, batch({ projectId: '36' }))).toEqual([
      { path: 'projectId', message: 'Project must be a whole number from 1 to 2147483647' },
    ]);
    expect(problems(timesheetBatchSchema, batch({ projectId: 45, subProjectId: ' ' }))).toEqual([
      { path: 'subProjectId', message: 'Sub Project must be a whole number from 1 to 2147483647' },
    ]);
    expect(problems(expenseClaimSchema, claim({ categoryId: '4' }))).toEqual([
      { path: 'categoryId', message: 'Choose a type of expense from the list.' },
    ]);
    expect(problems(expenseClaimSchema, claim({ receiptId: '' }))).toEqual([
      { path: 'receiptId', message: 'Receipt must be a valid id' },
    ]);
  });

  it('a version in a body is a number', () => {
    const edit = { ...batch().items[0], projectId: 36, subProjectId: null, confirmLate: false };
    expect(timesheetEditSchema.parse({ ...edit, version: 2 }).version).toBe(2);
    for (const version of [true, '2', 0, 2.5]) {
      expect(problems(timesheetEditSchema, { ...edit, version })).toEqual([
        { path: 'version', message: 'Version must have a value' },
      ]);
    }
  });
});
