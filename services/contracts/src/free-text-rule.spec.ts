import type { z } from 'zod';
import {
  addDays,
  adminExpenseEditSchema,
  auditHistoryQuerySchema,
  auditSearchQuerySchema,
  businessDateOf,
  candidateMessages,
  candidateRequestSchema,
  clientRequestSchema,
  codeListEntryRequestSchema,
  expenseClaimSchema,
  leaveRequestSchema,
  projectRequestSchema,
  returnPeriodSchema,
  staffErasureSchema,
  staffUpdateSchema,
  supportMessageRequestSchema,
  textMessages,
  timesheetBatchSchema,
  vehicleRequestSchema,
} from './index';
import { candidateForm, issuesOf, projectForm, vehicleForm } from './requests.testing';

/**
 * The free-text rule (kernel/text.ts, docs/decisions/0236-free-text-rule.md) on every field a
 * person types into: a NUL, a lone surrogate or another control character is refused on the
 * field, with its label and the rule; tab and line breaks are text like any other.
 */

// From the run's pinned "now" (jest's setup file sets PORTAL_NOW).
const TODAY = businessDateOf(new Date(process.env.PORTAL_NOW!));

const claim = {
  categoryId: 4,
  projectId: 61,
  currency: 'USD',
  amount: '25.00',
  date: TODAY,
  isBillable: true,
};
const candidate = candidateForm(TODAY);

interface FreeTextField {
  readonly field: string;
  readonly schema: z.ZodType;
  /** A valid request but for the field, which holds `text`. */
  readonly input: (text: string) => unknown;
  readonly path: string;
}

const FIELDS: readonly FreeTextField[] = [
  {
    field: 'Activity Comment',
    schema: timesheetBatchSchema,
    input: (comment) => ({
      projectId: 36,
      subProjectId: null,
      items: [{ date: TODAY, hours: '1', overtimeHours: null, comment }],
    }),
    path: 'items.0.comment',
  },
  {
    field: 'Comments',
    schema: expenseClaimSchema,
    input: (comment) => ({ ...claim, comment }),
    path: 'comment',
  },
  {
    field: 'Comments',
    schema: adminExpenseEditSchema,
    input: (comment) => ({
      categoryId: 4,
      projectId: 61,
      amount: '25.00',
      date: TODAY,
      isBillable: true,
      employeeId: 3,
      rate: '1',
      comment,
      version: 1,
    }),
    path: 'comment',
  },
  {
    field: 'Notes',
    schema: leaveRequestSchema,
    input: (notes) => ({ leaveType: 'Sick', fromDate: TODAY, toDate: TODAY, notes }),
    path: 'notes',
  },
  {
    field: 'Reason',
    schema: returnPeriodSchema,
    input: (reason) => ({ employeeId: 3, projectId: 12, start: TODAY, end: addDays(TODAY, 1), reason }),
    path: 'reason',
  },
  { field: 'Client Name', schema: clientRequestSchema, input: (name) => ({ name }), path: 'name' },
  {
    field: 'Contact Name',
    schema: clientRequestSchema,
    input: (name) => ({ name: 'Acme', contacts: [{ name, email: 'pat@acme.example' }] }),
    path: 'contacts.0.name',
  },
  {
    field: 'Address',
    schema: projectRequestSchema,
    input: (address) => projectForm({ address }),
    path: 'address',
  },
  {
    field: 'Discipline',
    schema: candidateRequestSchema,
    input: (discipline) => ({ ...candidate, discipline }),
    path: 'discipline',
  },
  {
    field: 'Interview notes',
    schema: candidateRequestSchema,
    input: (interviewNotes) => ({ ...candidate, interviewNotes }),
    path: 'interviewNotes',
  },
  {
    field: 'Title',
    schema: codeListEntryRequestSchema,
    input: (title) => ({ listId: 1, title }),
    path: 'title',
  },
  {
    field: 'Description',
    schema: codeListEntryRequestSchema,
    input: (desc) => ({ listId: 1, title: 'Ford', desc }),
    path: 'desc',
  },
  { field: 'Make', schema: vehicleRequestSchema, input: (make) => vehicleForm({ make }), path: 'make' },
  {
    field: 'Comment',
    schema: vehicleRequestSchema,
    input: (comment) => vehicleForm({ comment }),
    path: 'comment',
  },
  {
    field: 'First Name',
    schema: staffUpdateSchema,
    input: (firstName) => ({ firstName }),
    path: 'firstName',
  },
  { field: 'Address', schema: staffUpdateSchema, input: (address) => ({ address }), path: 'address' },
  { field: 'Reason', schema: staffErasureSchema, input: (reason) => ({ reason }), path: 'reason' },
  {
    field: 'Message',
    schema: supportMessageRequestSchema,
    input: (message) => ({ message }),
    path: 'message',
  },
  { field: 'Actor', schema: auditSearchQuerySchema, input: (actor) => ({ actor }), path: 'actor' },
  {
    field: 'Entity id',
    schema: auditHistoryQuerySchema,
    input: (entityId) => ({ entityKind: 'project', entityId }),
    path: 'entityId',
  },
];

describe.each([
  ['a NUL', 'a\u0000b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', 'a\udc00b'],
  ['a bell (another control character)', 'a\u0007b'],
  ['a C1 control', 'a\u0085b'],
])('free text with %s', (_name, text) => {
  it.each(FIELDS)('is refused on $path, naming $field and the rule', ({ field, schema, input, path }) => {
    expect(issuesOf(schema, input(text))).toEqual([{ path, message: textMessages.brokenCharacters(field) }]);
  });
});

describe('free text a person types', () => {
  it.each(FIELDS)('is accepted on $path with a tab, an accent and an emoji', ({ schema, input }) => {
    expect(issuesOf(schema, input('Café\t👍🏽 done'))).toEqual([]);
  });

  it('an e-mail address with a NUL is not an address', () => {
    expect(issuesOf(candidateRequestSchema, { ...candidate, email: 'ada\u0000@example.com' })).toEqual([
      { path: 'email', message: candidateMessages.emailInvalid },
    ]);
  });
});
