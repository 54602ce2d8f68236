import { z } from 'zod';
import {
  ADDRESS_MAX_LENGTH,
  ADMIN_RATE_MAX,
  addDays,
  adminExpenseEditSchema,
  approveExpensesSchema,
  approvePeriodSchema,
  AUDIT_FILTER_MAX_LENGTH,
  AUDIT_PAGE_MAX,
  AUDIT_PAGE_SIZE_MAX,
  auditHistoryQuerySchema,
  auditMessages,
  auditSearchQuerySchema,
  businessDateOf,
  CANDIDATE_FIELD_LABELS,
  CANDIDATE_TEXT_MAX_LENGTH,
  candidateMessages,
  candidateRequestSchema,
  catalogAdminMessages,
  checkReceiptFile,
  checkResumeFile,
  clientRequestSchema,
  codeListEntryRequestSchema,
  COMMENT_MAX_LENGTH,
  ERASURE_REASON_MAX_LENGTH,
  ERP_MAX_MONTHS,
  EXCHANGE_RATE_MAX,
  exchangeRateMessages,
  exchangeRatesUpdateSchema,
  erpFilterSchema,
  erpMonths,
  EXPENSE_AMOUNT_STEP,
  EXPENSE_COMMENTS_MAX_LENGTH,
  expenseClaimSchema,
  expenseMessages,
  FIRST_HOLIDAY_YEAR,
  helpMessages,
  holidayMessages,
  holidaysQuerySchema,
  importMessages,
  INTERVIEW_NOTES_MAX_LENGTH,
  LAST_HOLIDAY_YEAR,
  LEAVE_NOTES_MAX_LENGTH,
  LEAVE_PERIOD_MAX_DAYS,
  leaveDaysQuerySchema,
  leaveMessages,
  leaveRequestSchema,
  MAX_CLIENT_CONTACTS,
  MAX_EXPENSE_AMOUNT,
  MAX_HOURS_PER_DAY,
  MAX_IMPORT_BYTES,
  MAX_PROJECT_MONTHS,
  MAX_RECEIPT_BYTES,
  MAX_RECEIPTS_RANGE_DAYS,
  MAX_RESUME_BYTES,
  MAX_RETURN_REASON_LENGTH,
  MAX_REVIEW_RANGE_DAYS,
  MAX_REVIEW_ROWS,
  MAX_ROSTER_CHANGES,
  megabytes,
  monthOf,
  PLANNED_HOURS_MAX,
  PLANNED_HOURS_MAX_MONTHS,
  plannedCellMessages,
  plannedHoursMessages,
  plannedHoursQuerySchema,
  plannedHoursSaveSchema,
  projectRequestSchema,
  receiptMessages,
  receiptsRangeDownloadSchema,
  resumeMessages,
  returnPeriodSchema,
  REVIEW_PAGE_MAX,
  reviewQueryMessages,
  reviewQuerySchema,
  reviewRequestMessages,
  rosterMessages,
  rosterSaveSchema,
  SKILL_LEVEL_MAX,
  skillAssessmentSchema,
  skillMessages,
  STAFF_TEXT_MAX_LENGTH,
  staffAdminMessages,
  staffErasureMessages,
  staffErasureSchema,
  staffUpdateSchema,
  startOfMonthOffset,
  sumDecimals,
  SUPPORT_MESSAGE_MAX_CHARACTERS,
  supportMessageRequestSchema,
  TEXT_MAX_LENGTH,
  TIME_ZONE_MAX_LENGTH,
  timesheetBatchSchema,
  timesheetMessages,
  TOA_VALUE_MAX,
  VEHICLE_COMMENT_MAX_LENGTH,
  VEHICLE_TEXT_MAX_LENGTH,
  vehicleMessages,
  vehicleRequestSchema,
  analyticsMessages,
} from './index';
import { candidateForm, issuesOf as problemsOf, projectForm, vehicleForm } from './requests.testing';

/**
 * Every size and count limit of a request, at its edge: exactly the limit is accepted and one
 * more is refused with its message on its field. Both numbers come from the constant, so raising
 * a limit fails here only when the check and the constant disagree, and a check that keeps a
 * number of its own fails here as soon as the constant moves. Text limits count characters as a
 * person sees them: each is tried with plain letters and with an emoji of several code units.
 */

// From the run's pinned "now" (jest's setup file sets PORTAL_NOW).
const TODAY = businessDateOf(new Date(process.env.PORTAL_NOW!));
const MONTH = monthOf(TODAY);
/** The calendar's last month, December 9999: a fact of the calendar, not a date of the run. */
const CALENDAR_END = monthOf(new Date(Date.UTC(9999, 11, 31)).toISOString().slice(0, 10));
const daysFromToday = (count: number) => ({ start: TODAY, end: addDays(TODAY, count - 1) });
const monthsFromThis = (count: number) => ({
  from: MONTH,
  to: monthOf(startOfMonthOffset(TODAY, count - 1)),
});
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Valid requests, but for the fields given. */
const batch = (item: Record<string, unknown>) => ({
  projectId: 36,
  subProjectId: null,
  items: [{ date: TODAY, hours: '1', overtimeHours: null, comment: 'Survey', ...item }],
  confirmLate: false,
});
const claim = (fields: Record<string, unknown>) => ({
  categoryId: 4,
  projectId: 61,
  currency: 'USD',
  amount: '25.00',
  date: TODAY,
  comment: 'Drive',
  isBillable: true,
  ...fields,
});
const project = projectForm;
const candidate = (fields: Record<string, unknown>) => candidateForm(TODAY, fields);

interface Edge {
  /** The constant's name, as the inventory in docs/decisions/0227-limits-tested-at-the-edge.md lists it. */
  readonly limit: string;
  readonly max: number;
  readonly schema: z.ZodType;
  /** A request holding `n` of what the limit counts, valid in every other way. */
  readonly input: (n: number) => unknown;
  /** The refusal of one more than the limit. */
  readonly refusal: { readonly path: string; readonly message: string };
}

/** Limits on text a person types: the request holds `text`. */
const TEXT_EDGES: readonly (Omit<Edge, 'input'> & { readonly input: (text: string) => unknown })[] = [
  {
    limit: 'COMMENT_MAX_LENGTH',
    max: COMMENT_MAX_LENGTH,
    schema: timesheetBatchSchema,
    input: (comment) => batch({ comment }),
    refusal: { path: 'items.0.comment', message: timesheetMessages.commentTooLong },
  },
  {
    limit: 'EXPENSE_COMMENTS_MAX_LENGTH',
    max: EXPENSE_COMMENTS_MAX_LENGTH,
    schema: expenseClaimSchema,
    input: (comment) => claim({ comment }),
    refusal: { path: 'comment', message: expenseMessages.commentsTooLong },
  },
  {
    limit: 'LEAVE_NOTES_MAX_LENGTH',
    max: LEAVE_NOTES_MAX_LENGTH,
    schema: leaveRequestSchema,
    input: (notes) => ({ leaveType: 'Sick', fromDate: TODAY, toDate: TODAY, notes }),
    refusal: { path: 'notes', message: leaveMessages.notesTooLong },
  },
  {
    limit: 'SUPPORT_MESSAGE_MAX_CHARACTERS',
    max: SUPPORT_MESSAGE_MAX_CHARACTERS,
    schema: supportMessageRequestSchema,
    input: (message) => ({ message }),
    refusal: { path: 'message', message: helpMessages.messageTooLong },
  },
  {
    limit: 'MAX_RETURN_REASON_LENGTH',
    max: MAX_RETURN_REASON_LENGTH,
    schema: returnPeriodSchema,
    input: (reason) => ({ employeeId: 3, projectId: 12, ...daysFromToday(1), reason }),
    refusal: { path: 'reason', message: reviewRequestMessages.reasonTooLong },
  },
  {
    limit: 'TEXT_MAX_LENGTH',
    max: TEXT_MAX_LENGTH,
    schema: clientRequestSchema,
    input: (name) => ({ name }),
    refusal: { path: 'name', message: catalogAdminMessages.tooLong('Client Name', TEXT_MAX_LENGTH) },
  },
  {
    limit: 'ADDRESS_MAX_LENGTH',
    max: ADDRESS_MAX_LENGTH,
    schema: projectRequestSchema,
    input: (address) => project({ address }),
    refusal: { path: 'address', message: catalogAdminMessages.tooLong('Address', ADDRESS_MAX_LENGTH) },
  },
  {
    limit: 'CANDIDATE_TEXT_MAX_LENGTH',
    max: CANDIDATE_TEXT_MAX_LENGTH,
    schema: candidateRequestSchema,
    input: (discipline) => candidate({ discipline }),
    refusal: {
      path: 'discipline',
      message: candidateMessages.tooLong(CANDIDATE_FIELD_LABELS.discipline, CANDIDATE_TEXT_MAX_LENGTH),
    },
  },
  {
    limit: 'INTERVIEW_NOTES_MAX_LENGTH',
    max: INTERVIEW_NOTES_MAX_LENGTH,
    schema: candidateRequestSchema,
    input: (interviewNotes) => candidate({ interviewNotes }),
    refusal: {
      path: 'interviewNotes',
      message: candidateMessages.tooLong(CANDIDATE_FIELD_LABELS.interviewNotes, INTERVIEW_NOTES_MAX_LENGTH),
    },
  },
  {
    limit: 'VEHICLE_TEXT_MAX_LENGTH',
    max: VEHICLE_TEXT_MAX_LENGTH,
    schema: codeListEntryRequestSchema,
    input: (title) => ({ listId: 1, title }),
    refusal: { path: 'title', message: vehicleMessages.tooLong('Title', VEHICLE_TEXT_MAX_LENGTH) },
  },
  {
    limit: 'VEHICLE_COMMENT_MAX_LENGTH',
    max: VEHICLE_COMMENT_MAX_LENGTH,
    schema: vehicleRequestSchema,
    input: (comment) => vehicleForm({ comment }),
    refusal: { path: 'comment', message: vehicleMessages.tooLong('Comment', VEHICLE_COMMENT_MAX_LENGTH) },
  },
  {
    limit: 'STAFF_TEXT_MAX_LENGTH',
    max: STAFF_TEXT_MAX_LENGTH,
    schema: staffUpdateSchema,
    input: (firstName) => ({ firstName }),
    refusal: { path: 'firstName', message: staffAdminMessages.tooLong('First Name') },
  },
  {
    limit: 'ERASURE_REASON_MAX_LENGTH',
    max: ERASURE_REASON_MAX_LENGTH,
    schema: staffErasureSchema,
    input: (reason) => ({ reason }),
    refusal: { path: 'reason', message: staffErasureMessages.reasonTooLong },
  },
  {
    limit: 'AUDIT_FILTER_MAX_LENGTH',
    max: AUDIT_FILTER_MAX_LENGTH,
    schema: auditSearchQuerySchema,
    input: (actor) => ({ actor }),
    refusal: { path: 'actor', message: auditMessages.tooLong('Actor') },
  },
  {
    limit: 'AUDIT_FILTER_MAX_LENGTH (history)',
    max: AUDIT_FILTER_MAX_LENGTH,
    schema: auditHistoryQuerySchema,
    input: (entityId) => ({ entityKind: 'project', entityId }),
    refusal: { path: 'entityId', message: auditMessages.tooLong('Entity id') },
  },
];

describe.each(['x', '👍🏽'])('text limits, written with %s', (character) => {
  it.each(TEXT_EDGES)(
    '$limit: $max characters accepted, one more refused',
    ({ max, schema, input, refusal }) => {
      expect(problemsOf(schema, input(character.repeat(max)))).toEqual([]);
      expect(problemsOf(schema, input(character.repeat(max + 1)))).toEqual([refusal]);
    },
  );
});

/** Limits on how many of something a request holds, how long a range is, or how large a number. */
const COUNT_EDGES: readonly Edge[] = [
  {
    limit: 'MAX_ROSTER_CHANGES',
    max: MAX_ROSTER_CHANGES,
    schema: rosterSaveSchema,
    input: (n) => ({
      changes: Array.from({ length: n }, (_, i) => ({
        employeeId: 1 + (i % 9),
        projectId: 1 + i,
        isAllowedToBill: true,
      })),
    }),
    refusal: { path: 'changes', message: rosterMessages.tooManyChanges(MAX_ROSTER_CHANGES) },
  },
  {
    limit: 'MAX_CLIENT_CONTACTS',
    max: MAX_CLIENT_CONTACTS,
    schema: clientRequestSchema,
    input: (n) => ({
      name: 'Acme',
      contacts: Array.from({ length: n }, (_, i) => ({ name: `Pat ${i}`, email: `pat${i}@acme.example` })),
    }),
    refusal: { path: 'contacts', message: catalogAdminMessages.tooManyContacts },
  },
  {
    limit: 'MAX_REVIEW_ROWS',
    max: MAX_REVIEW_ROWS,
    schema: approveExpensesSchema,
    input: (n) => ({ employeeId: 3, expenseIds: Array.from({ length: n }, (_, i) => uuid(i)) }),
    refusal: {
      path: 'expenseIds',
      message: reviewRequestMessages.tooManyRows('Expense ids', MAX_REVIEW_ROWS),
    },
  },
  {
    limit: 'MAX_REVIEW_ROWS (return)',
    max: MAX_REVIEW_ROWS,
    schema: returnPeriodSchema,
    input: (n) => ({
      employeeId: 3,
      projectId: 12,
      ...daysFromToday(1),
      reason: 'Hours doubled',
      entryIds: Array.from({ length: n }, (_, i) => uuid(i)),
    }),
    refusal: { path: 'entryIds', message: reviewRequestMessages.tooManyRows('Entry ids', MAX_REVIEW_ROWS) },
  },
  {
    limit: 'MAX_REVIEW_RANGE_DAYS',
    max: MAX_REVIEW_RANGE_DAYS,
    schema: approvePeriodSchema,
    input: (n) => ({ employeeId: 3, projectId: 12, ...daysFromToday(n) }),
    refusal: { path: 'end', message: reviewRequestMessages.rangeTooLong(MAX_REVIEW_RANGE_DAYS) },
  },
  {
    limit: 'MAX_REVIEW_RANGE_DAYS (review page)',
    max: MAX_REVIEW_RANGE_DAYS,
    schema: reviewQuerySchema,
    input: (n) => daysFromToday(n),
    refusal: { path: 'end', message: reviewRequestMessages.rangeTooLong(MAX_REVIEW_RANGE_DAYS) },
  },
  {
    limit: 'MAX_RECEIPTS_RANGE_DAYS',
    max: MAX_RECEIPTS_RANGE_DAYS,
    schema: receiptsRangeDownloadSchema,
    input: (n) => ({ ...daysFromToday(n), projectId: 12 }),
    refusal: { path: 'end', message: `The date range must be at most ${MAX_RECEIPTS_RANGE_DAYS} days long.` },
  },
  {
    limit: 'LEAVE_PERIOD_MAX_DAYS',
    max: LEAVE_PERIOD_MAX_DAYS,
    schema: leaveDaysQuerySchema,
    input: (n) => daysFromToday(n),
    refusal: { path: 'end', message: leaveMessages.periodTooLong },
  },
  {
    limit: 'PLANNED_HOURS_MAX_MONTHS',
    max: PLANNED_HOURS_MAX_MONTHS,
    schema: plannedHoursQuerySchema,
    input: (n) => ({ projectId: '12', ...monthsFromThis(n) }),
    refusal: { path: 'to', message: plannedHoursMessages.tooManyMonths },
  },
  {
    limit: 'ERP_MAX_MONTHS',
    max: ERP_MAX_MONTHS,
    schema: erpFilterSchema,
    input: (n) => monthsFromThis(n),
    refusal: { path: 'to', message: analyticsMessages.tooManyMonths },
  },
  {
    limit: 'AUDIT_PAGE_SIZE_MAX',
    max: AUDIT_PAGE_SIZE_MAX,
    schema: auditSearchQuerySchema,
    input: (n) => ({ pageSize: String(n) }),
    refusal: { path: 'pageSize', message: auditMessages.pageSize },
  },
  {
    limit: 'AUDIT_PAGE_MAX',
    max: AUDIT_PAGE_MAX,
    schema: auditSearchQuerySchema,
    input: (n) => ({ page: String(n) }),
    refusal: { path: 'page', message: auditMessages.page },
  },
  {
    limit: 'REVIEW_PAGE_MAX',
    max: REVIEW_PAGE_MAX,
    schema: reviewQuerySchema,
    input: (n) => ({ ...daysFromToday(1), page: String(n) }),
    refusal: { path: 'page', message: reviewQueryMessages.pageInvalid },
  },
  {
    limit: 'MAX_PROJECT_MONTHS',
    max: MAX_PROJECT_MONTHS,
    schema: projectRequestSchema,
    input: (lengthMonths) => project({ lengthMonths }),
    refusal: { path: 'lengthMonths', message: catalogAdminMessages.lengthMonths },
  },
  {
    limit: 'PLANNED_HOURS_MAX',
    max: PLANNED_HOURS_MAX,
    schema: plannedHoursSaveSchema,
    input: (plannedHours) => ({ projectId: 12, cells: [{ employeeId: 3, month: MONTH, plannedHours }] }),
    refusal: { path: 'cells.0.plannedHours', message: plannedCellMessages.invalid },
  },
  {
    limit: 'SKILL_LEVEL_MAX',
    max: SKILL_LEVEL_MAX,
    schema: skillAssessmentSchema,
    input: (level) => ({ skill: 'sql', level }),
    refusal: { path: 'level', message: skillMessages.levelRange },
  },
  {
    limit: 'LAST_HOLIDAY_YEAR',
    max: LAST_HOLIDAY_YEAR,
    schema: holidaysQuerySchema,
    input: (year) => ({ year: String(year) }),
    refusal: { path: 'year', message: holidayMessages.yearOutOfRange },
  },
  {
    limit: 'TIME_ZONE_MAX_LENGTH',
    max: TIME_ZONE_MAX_LENGTH,
    schema: supportMessageRequestSchema,
    input: (n) => ({ message: 'Hello', timeZone: 'x'.repeat(n) }),
    refusal: { path: 'timeZone', message: helpMessages.timeZoneNotText },
  },
];

describe('count, range and number limits', () => {
  it.each(COUNT_EDGES)('$limit: $max accepted, one more refused', ({ max, schema, input, refusal }) => {
    expect(problemsOf(schema, input(max))).toEqual([]);
    expect(problemsOf(schema, input(max + 1))).toEqual([refusal]);
  });

  it('the first holiday year is the lower edge: one before it is refused', () => {
    expect(problemsOf(holidaysQuerySchema, { year: String(FIRST_HOLIDAY_YEAR) })).toEqual([]);
    expect(problemsOf(holidaysQuerySchema, { year: String(FIRST_HOLIDAY_YEAR - 1) })).toEqual([
      { path: 'year', message: holidayMessages.yearOutOfRange },
    ]);
  });

  it('the ERP months of a range are its months, also at the end of the calendar', () => {
    expect(erpMonths(MONTH, monthsFromThis(ERP_MAX_MONTHS).to)).toHaveLength(ERP_MAX_MONTHS);
    // Stepping month by month once went on past December 9999 here and threw (a 500).
    expect(erpMonths(CALENDAR_END, CALENDAR_END)).toEqual([CALENDAR_END]);
    expect(problemsOf(erpFilterSchema, { from: CALENDAR_END, to: CALENDAR_END })).toEqual([]);
  });
});

/** Limits on decimal amounts: the limit is accepted, one step of the field more is refused. */
const DECIMAL_EDGES = [
  {
    limit: 'MAX_EXPENSE_AMOUNT',
    max: MAX_EXPENSE_AMOUNT,
    step: EXPENSE_AMOUNT_STEP,
    schema: expenseClaimSchema,
    input: (amount: string) => claim({ amount }),
    refusal: { path: 'amount', message: expenseMessages.amountTooLarge },
  },
  {
    limit: 'MAX_HOURS_PER_DAY',
    max: String(MAX_HOURS_PER_DAY),
    step: '0.1',
    schema: timesheetBatchSchema,
    input: (hours: string) => batch({ hours }),
    refusal: {
      path: 'items.0.hours',
      message: timesheetMessages.atMostHoursPerDay('Hours', MAX_HOURS_PER_DAY),
    },
  },
  {
    limit: 'ADMIN_RATE_MAX',
    max: ADMIN_RATE_MAX,
    step: '0.00000001',
    schema: adminExpenseEditSchema,
    input: (rate: string) => ({
      employeeId: 3,
      amount: '25.00',
      comment: 'Drive',
      categoryId: 4,
      date: TODAY,
      rate,
      projectId: 61,
      isBillable: true,
      version: 1,
    }),
    refusal: { path: 'rate', message: reviewRequestMessages.rateTooLarge },
  },
  {
    limit: 'EXCHANGE_RATE_MAX',
    max: EXCHANGE_RATE_MAX,
    step: '0.00000001',
    schema: exchangeRatesUpdateSchema,
    input: (perUsd: string) => ({ rates: [{ currency: 'CAD', perUsd }] }),
    refusal: { path: 'rates.0.perUsd', message: exchangeRateMessages.rateTooLarge },
  },
  {
    limit: 'TOA_VALUE_MAX',
    max: TOA_VALUE_MAX,
    step: '0.01',
    schema: staffUpdateSchema,
    input: (toaValue: string) => ({ toaValue }),
    refusal: { path: 'toaValue', message: staffAdminMessages.toaValue.tooLarge },
  },
] as const;

describe('decimal limits (exact: never a float)', () => {
  it('an exchange rate sent as a JSON number past the range is refused, never stored rounded', () => {
    // JSON.parse has made 9007199254740993 into 9007199254740992 before any schema sees it.
    for (const perUsd of [JSON.parse('9007199254740993') as number, 1e21, Number.MAX_VALUE]) {
      expect(problemsOf(exchangeRatesUpdateSchema, { rates: [{ currency: 'CAD', perUsd }] })).toEqual([
        { path: 'rates.0.perUsd', message: exchangeRateMessages.rateTooLarge },
      ]);
    }
    expect(
      problemsOf(exchangeRatesUpdateSchema, { rates: [{ currency: 'CAD', perUsd: 1.123456789 }] }),
    ).toEqual([{ path: 'rates.0.perUsd', message: exchangeRateMessages.rateTooPrecise }]);
    expect(problemsOf(exchangeRatesUpdateSchema, { rates: [{ currency: 'CAD', perUsd: 1.3912 }] })).toEqual(
      [],
    );
  });

  it.each(DECIMAL_EDGES)(
    '$limit: $max accepted, $step more refused',
    ({ max, step, schema, input, refusal }) => {
      expect(problemsOf(schema, input(max))).toEqual([]);
      expect(problemsOf(schema, input(sumDecimals([max, step])))).toEqual([refusal]);
    },
  );
});

/** The file checks a browser makes before sending (the server's own are tested over HTTP). */
describe('file sizes, as the browser checks them', () => {
  it.each([
    [
      'MAX_RECEIPT_BYTES',
      MAX_RECEIPT_BYTES,
      (size: number) => checkReceiptFile([{ name: 'r.pdf', type: 'application/pdf', size }]),
      receiptMessages.tooLarge,
    ],
    [
      'MAX_RESUME_BYTES',
      MAX_RESUME_BYTES,
      (size: number) => checkResumeFile([{ size }]),
      resumeMessages.tooLarge,
    ],
  ] as const)('%s: %i bytes accepted, one more refused', (_name, max, check, message) => {
    expect(check(max)).toBeNull();
    expect(check(max + 1)).toBe(message);
  });

  it('each refusal names the limit the server enforces', () => {
    expect(receiptMessages.tooLarge).toBe(`The file is larger than ${megabytes(MAX_RECEIPT_BYTES)}.`);
    expect(resumeMessages.tooLarge).toBe(`The resume is larger than ${megabytes(MAX_RESUME_BYTES)}.`);
    expect(importMessages.tooLarge).toBe(`The file is larger than ${megabytes(MAX_IMPORT_BYTES)}.`);
    expect(megabytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(megabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
