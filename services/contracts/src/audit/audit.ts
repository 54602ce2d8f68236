/**
 * Audit contracts (issue 11): the entity kinds the audit log names, one change of an audit entry,
 * the views /api/audit answers and the zod schemas of its filters (400 naming the field).
 */
import { z } from 'zod';
import { anyValue, isBlank, refuse, requestObject } from '../kernel/fields';
import { optionalIdField } from '../kernel/ids';
import { freeTextProblem } from '../kernel/text';
import { AUDIT_EVENT_TYPES, type AuditEventType } from './audit-filters';

/** What an audit entry is about; every event of the log falls under one (or, per cell, several). */
export const AUDIT_ENTITY_KINDS = [
  'timesheet-entry',
  'expense',
  'period',
  'roster-cell',
  'planned-hours-cell',
  'staff',
  'project',
  'client',
  'vehicle',
  'candidate',
  'leave',
  'acknowledgement',
  'owner',
  'receipt',
  'resume',
  'exchange-rates',
  'code-list',
  'support-message',
  'access-request',
  'directory-sync',
  'data-import',
] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

export const AUDIT_ENTITY_KIND_LABELS: Readonly<Record<AuditEntityKind, string>> = {
  'timesheet-entry': 'Timesheet entry',
  expense: 'Expense',
  period: 'Period',
  'roster-cell': 'Roster cell',
  'planned-hours-cell': 'Planned hours cell',
  staff: 'Staff record and flags',
  project: 'Project',
  client: 'Client',
  vehicle: 'Vehicle',
  candidate: 'Candidate',
  leave: 'Leave',
  acknowledgement: 'Code of conduct acknowledgement',
  owner: 'Owner',
  receipt: 'Receipt',
  resume: 'Resume',
  'exchange-rates': 'Exchange rates',
  'code-list': 'Code list entry',
  'support-message': 'Support message',
  'access-request': 'Access request',
  'directory-sync': 'Directory sync run',
  'data-import': 'Data import',
};

export function isAuditEntityKind(value: unknown): value is AuditEntityKind {
  return typeof value === 'string' && (AUDIT_ENTITY_KINDS as readonly string[]).includes(value);
}

/** What a sealed personal field (ciphertext) shows in the audit: never the ciphertext itself. */
export const AUDIT_SEALED = 'sealed';

/** One field of an entry: its value before and after (null: none, e.g. a registration's before). */
export interface AuditChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

export interface AuditEntryView {
  /** The entry's order in the log (larger = later); unique per entry. */
  readonly seq: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly streamId: string;
  readonly occurredAt: string;
  readonly actorId: string;
  readonly actorName: string;
  /** On whose behalf: the person the entity belongs to (null when it belongs to nobody). */
  readonly subjectPersonId: number | null;
  readonly subjectPersonName: string | null;
  readonly entityKind: AuditEntityKind;
  readonly entityId: string;
  /** The command, as a readable label ('Correct expense'). */
  readonly command: string;
  readonly reason: string | null;
  readonly changes: readonly AuditChange[];
}

export interface AuditPage {
  readonly entries: readonly AuditEntryView[];
  readonly page: number;
  readonly pageSize: number;
  /** Whether a next page holds more. */
  readonly hasMore: boolean;
}

export interface AuditHistory {
  readonly entityKind: AuditEntityKind;
  readonly entityId: string;
  /** Oldest first. */
  readonly entries: readonly AuditEntryView[];
}

export const AUDIT_PAGE_SIZE_MAX = 200;
/** The highest page number a search may ask for. */
export const AUDIT_PAGE_MAX = 1_000_000;
/** The longest text filter (entity id, actor), in characters. */
export const AUDIT_FILTER_MAX_LENGTH = 200;
export const AUDIT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

export const auditMessages = {
  notAKind: `Entity kind must be one of ${AUDIT_ENTITY_KINDS.join(', ')}`,
  tooLong: (field: string) => `${field} must be at most ${AUDIT_FILTER_MAX_LENGTH} characters`,
  notAnInstant: (field: string) => `${field} must be a date-time (YYYY-MM-DDTHH:mm, UTC) or a date`,
  toBeforeFrom: 'To must not be before From',
  page: `Page must be a whole number from 1 to ${AUDIT_PAGE_MAX}`,
  pageSize: `Page size must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}`,
  format: 'Format must be xlsx or csv',
  required: (field: string) => `${field} must have a value`,
  eventType: 'Event type must be one of the event types the audit reads (GET /api/audit/filters)',
} as const;

const INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date-time filter: a date (its start, UTC) or a date-time (UTC when no offset is given). */
function instantField(field: string) {
  return anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    const text = typeof value === 'string' ? value.trim() : '';
    if (!INSTANT.test(text)) return refuse(ctx, auditMessages.notAnInstant(field));
    const withTime = text.length === 10 ? `${text}T00:00` : text.replace(' ', 'T');
    const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(withTime) ? withTime : `${withTime}Z`;
    const at = new Date(zoned);
    if (Number.isNaN(at.getTime())) return refuse(ctx, auditMessages.notAnInstant(field));
    return at.toISOString();
  });
}

function textField(field: string) {
  return anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return refuse(ctx, auditMessages.tooLong(field));
    const text = value.trim();
    const problem = freeTextProblem(field, text, AUDIT_FILTER_MAX_LENGTH, auditMessages.tooLong(field));
    return problem ? refuse(ctx, problem) : text;
  });
}

function kindOf(value: unknown, ctx: z.RefinementCtx): AuditEntityKind {
  const text = typeof value === 'string' ? value.trim() : value;
  return isAuditEntityKind(text) ? text : refuse(ctx, auditMessages.notAKind);
}

const kindField = () =>
  anyValue().transform((value, ctx): AuditEntityKind | null => (isBlank(value) ? null : kindOf(value, ctx)));

const requiredKindField = () =>
  anyValue().transform((value, ctx): AuditEntityKind =>
    isBlank(value) ? refuse(ctx, auditMessages.required('Entity kind')) : kindOf(value, ctx),
  );

function wholeNumber(message: string, min: number, max: number, fallback: number) {
  return anyValue().transform((value, ctx): number => {
    if (isBlank(value)) return fallback;
    const text = typeof value === 'string' ? value.trim() : '';
    if (!/^\d+$/.test(text)) return refuse(ctx, message);
    const n = Number(text);
    return n < min || n > max ? refuse(ctx, message) : n;
  });
}

/** An event type filter: one of AUDIT_EVENT_TYPES, as the filters offer them. */
const eventTypeField = () =>
  anyValue().transform((value, ctx): AuditEventType | null => {
    if (isBlank(value)) return null;
    const text = typeof value === 'string' ? value.trim() : '';
    return (AUDIT_EVENT_TYPES as readonly string[]).includes(text)
      ? (text as AuditEventType)
      : refuse(ctx, auditMessages.eventType);
  });

const filterShape = {
  person: optionalIdField('Person'),
  entityKind: kindField(),
  entityId: textField('Entity id'),
  actor: textField('Actor'),
  type: eventTypeField(),
  from: instantField('From'),
  to: instantField('To'),
};

function checkRange(query: { from: string | null; to: string | null }, ctx: z.RefinementCtx): void {
  if (query.from && query.to && query.to < query.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: auditMessages.toBeforeFrom });
}

/** The filters every search and export shares (all optional). */
export type AuditFilters = {
  readonly person: number | null;
  readonly entityKind: AuditEntityKind | null;
  readonly entityId: string | null;
  readonly actor: string | null;
  readonly type: AuditEventType | null;
  readonly from: string | null;
  readonly to: string | null;
};

/** GET /api/audit/events */
export const auditSearchQuerySchema = requestObject({
  ...filterShape,
  page: wholeNumber(auditMessages.page, 1, AUDIT_PAGE_MAX, 1),
  pageSize: wholeNumber(auditMessages.pageSize, 1, AUDIT_PAGE_SIZE_MAX, 50),
}).superRefine(checkRange);
export type AuditSearchQuery = z.output<typeof auditSearchQuerySchema>;

/** GET /api/audit/history */
export const auditHistoryQuerySchema = requestObject({
  entityKind: requiredKindField(),
  entityId: anyValue().transform((value, ctx): string => {
    if (isBlank(value)) return refuse(ctx, auditMessages.required('Entity id'));
    if (typeof value !== 'string') return refuse(ctx, auditMessages.tooLong('Entity id'));
    const text = value.trim();
    const tooLong = auditMessages.tooLong('Entity id');
    const problem = freeTextProblem('Entity id', text, AUDIT_FILTER_MAX_LENGTH, tooLong);
    return problem ? refuse(ctx, problem) : text;
  }),
});
export type AuditHistoryQuery = { readonly entityKind: AuditEntityKind; readonly entityId: string };

/** GET /api/audit/export */
export const auditExportQuerySchema = requestObject({
  ...filterShape,
  format: anyValue().transform((value, ctx): AuditExportFormat => {
    const text = isBlank(value) ? 'xlsx' : typeof value === 'string' ? value.trim() : '';
    return (AUDIT_EXPORT_FORMATS as readonly string[]).includes(text)
      ? (text as AuditExportFormat)
      : refuse(ctx, auditMessages.format);
  }),
}).superRefine(checkRange);
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

/** How a value shows in a cell of the audit table or export ('' for none). */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
