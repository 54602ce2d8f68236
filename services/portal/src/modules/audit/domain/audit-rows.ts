/**
 * Over 350 lines on purpose: the one place that reads
 * every event type of the log (docs/events.md) into audit rows. Pure: no I/O.
 *
 * An event becomes one audit row per entity it changed (a roster save or a planned-hours save: one
 * row per cell; an approval or a return: one row for the period and one per entry or expense),
 * each with before -> after field by field. Payloads are read loosely (as records): the audit
 * reads every version of every payload, older shapes included.
 */
import {
  AUDIT_EVENT_TYPES,
  AUDIT_SEALED,
  auditEventTypeLabel,
  type AuditChange,
  type AuditEntityKind,
} from '@portal/contracts';

export interface AuditSource {
  readonly type: string;
  readonly streamId: string;
  readonly data: unknown;
}

/** One row of the audit before the projection adds who, when and whose. */
export interface AuditRowDraft {
  readonly entityKind: AuditEntityKind;
  readonly entityId: string;
  /** On whose behalf (the person the entity belongs to), when the event names them. */
  readonly subjectPersonId: number | null;
  /** The project the entity belongs to, when the event names it (for the owner scope). */
  readonly projectId: number | null;
  /** The owner, when the event itself names it (a project's, a candidate's, a client's scope). */
  readonly ownerId: number | null;
  readonly reason: string | null;
  readonly changes: readonly AuditChange[];
}

type Data = Record<string, unknown>;

const SEALED_PREFIX = 'pd1:';

/** A sealed personal value (ciphertext) never leaves the log: the audit shows 'sealed'. */
export function shown(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && value.startsWith(SEALED_PREFIX)) return AUDIT_SEALED;
  return value;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null)
    return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** Field by field: every key of either side whose value differs (sealed values shown as 'sealed'). */
export function diff(before: unknown, after: unknown, skip: readonly string[] = []): AuditChange[] {
  const b = asData(before);
  const a = asData(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !skip.includes(key));
  const changes: AuditChange[] = [];
  for (const field of keys) {
    const was = b[field] ?? null;
    const now = a[field] ?? null;
    if (same(was, now)) continue;
    const change = { field, before: shown(was), after: shown(now) };
    // Two different ciphertexts of one field: still a change, shown sealed -> sealed.
    changes.push(change);
  }
  return changes;
}

/** A registration: every given value as after, null before. */
const registered = (data: unknown, skip: readonly string[] = []): AuditChange[] => diff({}, data, skip);
/** A removal: every value it held as before, null after. */
const removed = (data: unknown, skip: readonly string[] = []): AuditChange[] => diff(data, {}, skip);

function asData(value: unknown): Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.map((id) => String(id)) : [];
}

function row(
  entityKind: AuditEntityKind,
  entityId: string | null,
  parts: Partial<Omit<AuditRowDraft, 'entityKind' | 'entityId'>> = {},
): AuditRowDraft {
  return {
    entityKind,
    entityId: entityId ?? '',
    subjectPersonId: parts.subjectPersonId ?? null,
    projectId: parts.projectId ?? null,
    ownerId: parts.ownerId ?? null,
    reason: parts.reason ?? null,
    changes: parts.changes ?? [],
  };
}

/** The ledger's month: `ledger-{employeeId}-{yyyy-mm}` -> its period entity id `{employeeId}-{yyyy-mm}`. */
function periodIdOf(streamId: string, d: Data): string {
  if (streamId.startsWith('ledger-')) return streamId.slice('ledger-'.length);
  return `${text(d.employeeId) ?? ''}-${text(d.month) ?? ''}`;
}

/** The audit rows of one event; [] for none (never thrown on an unknown shape). */
export function auditRowsOf(event: AuditSource): AuditRowDraft[] {
  const d = asData(event.data);
  const employeeId = num(d.employeeId);
  switch (event.type) {
    // ---- Catalog
    case 'OwnerRegistered':
      return [
        row('owner', text(d.ownerId), { ownerId: num(d.ownerId), changes: registered(d, ['ownerId']) }),
      ];
    case 'OwnerTimeZoneSet':
      return [row('owner', text(d.ownerId), { ownerId: num(d.ownerId), changes: diff(d.before, d.after) })];
    case 'ClientRegistered':
      return [
        row('client', text(d.clientId), {
          ownerId: num(d.scopeOwnerId),
          changes: registered(d, ['clientId', 'scopeOwnerId']),
        }),
      ];
    case 'ClientDetailsChanged':
      return [row('client', text(d.clientId), { changes: diff(d.before, d.after) })];
    case 'ProjectOpened':
      return [
        row('project', text(d.projectId), {
          projectId: num(d.projectId),
          ownerId: num(d.ownerId),
          changes: registered(d, ['projectId']),
        }),
      ];
    case 'ProjectUpdated': {
      const flat = d.before === undefined && d.after === undefined;
      const after = flat ? Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'projectId')) : d.after;
      return [
        row('project', text(d.projectId), {
          projectId: num(d.projectId),
          ownerId: num(asData(after).ownerId),
          changes: diff(flat ? {} : d.before, after),
        }),
      ];
    }
    case 'ProjectClosed':
    case 'ProjectReopened': {
      const open = event.type === 'ProjectReopened';
      return [
        row('project', text(d.projectId), {
          projectId: num(d.projectId),
          changes: [{ field: 'isActive', before: !open, after: open }],
        }),
      ];
    }
    case 'ProjectRemoved':
      return [
        row('project', text(d.projectId), {
          projectId: num(d.projectId),
          changes: removed(d, ['projectId']),
        }),
      ];

    // ---- Staff
    case 'StaffIdAllocated':
    case 'StaffUsernameReserved':
      return [
        row('staff', text(d.staffId), {
          subjectPersonId: num(d.staffId),
          changes: registered(d, ['staffId']),
        }),
      ];
    case 'StaffUsernameReleased':
      return [
        row('staff', text(d.staffId), { subjectPersonId: num(d.staffId), changes: removed(d, ['staffId']) }),
      ];
    case 'StaffMemberRegistered':
      return [
        row('staff', text(d.staffId), {
          subjectPersonId: num(d.staffId),
          ownerId: num(d.ownerId),
          changes: registered(d, ['staffId']),
        }),
      ];
    case 'StaffAccessChanged': {
      const { staffId, before, ...after } = d;
      return [
        row('staff', text(staffId), {
          subjectPersonId: num(staffId),
          changes: before === undefined ? registered(after) : diff(before, after),
        }),
      ];
    }
    case 'StaffProfileChanged':
    case 'OnboardingChecklistChanged':
    case 'StaffUsernameChanged':
      return [
        row('staff', text(d.staffId), { subjectPersonId: num(d.staffId), changes: diff(d.before, d.after) }),
      ];
    case 'SensitiveFieldRevealed':
      return [
        row('staff', text(d.staffId), {
          subjectPersonId: num(d.staffId),
          changes: [{ field: 'revealed', before: null, after: shown(d.field) }],
        }),
      ];
    case 'StaffDirectoryLinked':
      return [
        row('staff', text(d.staffId), {
          subjectPersonId: num(d.staffId),
          changes: registered(d, ['staffId']),
        }),
      ];
    case 'DirectorySyncCompleted': {
      // Graph's deltaLink is an opaque bookmark, no one's change; who asked is shown by name.
      const { deltaLink: _bookmark, requestedBy, ...counts } = d;
      const asker = text(asData(requestedBy).name) ?? 'scheduled';
      return [
        row('directory-sync', 'directory-sync', { changes: registered({ ...counts, requestedBy: asker }) }),
      ];
    }
    case 'AccessRequested':
      return [row('access-request', text(d.username), { changes: registered(d, ['username']) })];
    case 'BootstrapAdminClaimed':
      return [
        row('access-request', text(d.username), {
          ownerId: num(d.ownerId),
          changes: registered(d, ['username']),
        }),
      ];
    case 'CodeOfConductAcknowledged':
      return [
        row('acknowledgement', text(d.staffId), {
          subjectPersonId: num(d.staffId),
          changes: registered(d, ['staffId']),
        }),
      ];
    case 'SupportMessageSent':
      return [
        row('support-message', `${text(d.staffId) ?? ''}@${text(d.sentAt) ?? ''}`, {
          subjectPersonId: num(d.staffId),
          changes: registered(d, ['staffId']),
        }),
      ];

    // ---- Roster and planning: one row per cell
    case 'RosterChanged':
      return (Array.isArray(d.changes) ? d.changes : []).map((raw) => {
        const c = asData(raw);
        const before = c.before === undefined ? null : (asData(c.before).isAllowedToBill ?? null);
        const after =
          c.after === undefined ? (c.isAllowedToBill ?? null) : (asData(c.after).isAllowedToBill ?? null);
        return row('roster-cell', `${text(c.employeeId) ?? ''}:${text(c.projectId) ?? ''}`, {
          subjectPersonId: num(c.employeeId),
          projectId: num(c.projectId),
          changes: [{ field: 'isAllowedToBill', before, after }],
        });
      });
    case 'PlannedHoursSet':
      return (Array.isArray(d.changes) ? d.changes : []).map((raw) => {
        const c = asData(raw);
        return row(
          'planned-hours-cell',
          `${text(d.projectId) ?? ''}:${text(c.employeeId) ?? ''}:${text(c.month) ?? ''}`,
          {
            subjectPersonId: num(c.employeeId),
            projectId: num(d.projectId),
            changes: diff(c.before, c.after),
          },
        );
      });

    // ---- Ledger: periods, time, expenses
    case 'PeriodVerified':
      return [
        row('period', periodIdOf(event.streamId, d), {
          subjectPersonId: employeeId,
          projectId: num(d.projectId),
          changes: registered(d, ['employeeId']),
        }),
      ];
    case 'TimesheetsApproved':
    case 'ExpensesApproved': {
      const kind = event.type === 'TimesheetsApproved' ? 'timesheet-entry' : 'expense';
      const rowIds = ids(kind === 'timesheet-entry' ? d.entryIds : d.expenseIds);
      const parts = { subjectPersonId: employeeId, projectId: num(d.projectId) };
      return [
        row('period', periodIdOf(event.streamId, d), {
          ...parts,
          changes: [
            {
              field: kind === 'timesheet-entry' ? 'approvedEntries' : 'approvedExpenses',
              before: null,
              after: rowIds.length,
            },
          ],
        }),
        ...rowIds.map((id) =>
          row(kind, id, { ...parts, changes: [{ field: 'approved', before: false, after: true }] }),
        ),
      ];
    }
    case 'PeriodReturned': {
      const reason = text(d.reason);
      const parts = { subjectPersonId: employeeId, projectId: num(d.projectId), reason };
      const entries = ids(d.entryIds);
      const expenses = ids(d.expenseIds);
      const whole = entries.length === 0 && expenses.length === 0;
      return [
        row('period', periodIdOf(event.streamId, d), {
          ...parts,
          changes: [
            {
              field: 'returned',
              before: null,
              after: whole ? 'every row of the project' : entries.length + expenses.length,
            },
          ],
        }),
        ...entries.map((id) =>
          row('timesheet-entry', id, {
            ...parts,
            changes: [{ field: 'returned', before: false, after: true }],
          }),
        ),
        ...expenses.map((id) =>
          row('expense', id, { ...parts, changes: [{ field: 'returned', before: false, after: true }] }),
        ),
      ];
    }
    case 'TimesheetSubmitted':
      return [
        row('timesheet-entry', text(d.entryId), {
          subjectPersonId: employeeId,
          projectId: num(d.projectId),
          changes: d.movedFrom
            ? diff(asData(d.movedFrom).before, d, [
                'entryId',
                'employeeId',
                'version',
                'movedFrom',
                'lateEntry',
              ])
            : registered(d, ['entryId', 'employeeId', 'version', 'movedFrom']),
        }),
      ];
    case 'TimesheetEntryCorrected':
    case 'ExpenseCorrected':
      return [
        row(
          event.type === 'ExpenseCorrected' ? 'expense' : 'timesheet-entry',
          text(d.entryId ?? d.expenseId),
          {
            subjectPersonId: employeeId,
            projectId: num(asData(d.after).projectId),
            changes: diff(d.before, d.after),
          },
        ),
      ];
    case 'TimesheetEntryWithdrawn':
    case 'ExpenseWithdrawn': {
      const moved = text(d.movedTo);
      return [
        row(
          event.type === 'ExpenseWithdrawn' ? 'expense' : 'timesheet-entry',
          text(d.entryId ?? d.expenseId),
          {
            subjectPersonId: employeeId,
            projectId: num(asData(d.before).projectId),
            reason: moved ? `Moved to ${moved}` : null,
            changes: moved ? [] : removed(d.before),
          },
        ),
      ];
    }
    case 'ExpenseClaimed':
      return [
        row('expense', text(d.expenseId), {
          subjectPersonId: employeeId,
          projectId: num(d.projectId),
          changes: d.movedFrom
            ? diff(asData(d.movedFrom).before, d, ['expenseId', 'employeeId', 'version', 'movedFrom'])
            : registered(d, ['expenseId', 'employeeId', 'version', 'movedFrom']),
        }),
      ];
    case 'ReceiptUploaded':
      return [
        row('receipt', text(d.receiptId), {
          subjectPersonId: employeeId,
          changes: registered(d, ['receiptId', 'employeeId', 'storageKey']),
        }),
      ];
    case 'ReceiptScanned':
      // What OCR read from a photo receipt, field by field (scan total, date, vendor, currency).
      return [
        row('receipt', text(d.receiptId), {
          subjectPersonId: employeeId,
          changes: diff(d.before, d.after),
        }),
      ];
    case 'ExchangeRatesSet': {
      const previous = new Map(
        (Array.isArray(d.previous) ? d.previous : []).map((p) => [
          text(asData(p).currency),
          asData(p).perUsd ?? null,
        ]),
      );
      return [
        row('exchange-rates', 'rates', {
          changes: (Array.isArray(d.rates) ? d.rates : []).map((r) => {
            const rate = asData(r);
            return {
              field: text(rate.currency) ?? '',
              before: previous.get(text(rate.currency)) ?? null,
              after: rate.perUsd ?? null,
            };
          }),
        }),
      ];
    }

    // ---- Vehicles
    case 'VehicleRegistered':
      return [
        row('vehicle', text(d.vehicleId), {
          subjectPersonId: num(d.issuedTo),
          projectId: num(d.projectId),
          changes: registered(d, ['vehicleId']),
        }),
      ];
    case 'VehicleDetailsChanged':
      return [
        row('vehicle', text(d.vehicleId), {
          subjectPersonId: num(asData(d.after).issuedTo),
          projectId: num(asData(d.after).projectId),
          changes: diff(d.before, d.after),
        }),
      ];
    case 'VehicleRemoved':
      return [
        row('vehicle', text(d.vehicleId), { changes: [{ field: 'removed', before: false, after: true }] }),
      ];
    case 'VehicleDriveLicenseRevealed':
      return [
        row('vehicle', text(d.vehicleId), {
          changes: [{ field: 'revealed', before: null, after: 'driveLicense' }],
        }),
      ];
    case 'CodeListEntryAdded':
      return [
        row('code-list', `${text(d.listId) ?? ''}:${text(d.subId) ?? ''}`, {
          changes: registered(d, ['listId', 'subId']),
        }),
      ];

    // ---- Hiring
    case 'CandidateAdded':
      return [
        row('candidate', text(d.candidateId), {
          ownerId: num(d.ownerId),
          changes: registered(d, ['candidateId']),
        }),
      ];
    case 'CandidateUpdated':
      return [
        row('candidate', text(d.candidateId), {
          ownerId: num(asData(d.after).ownerId),
          changes: diff(d.before, d.after),
        }),
      ];
    case 'CandidateRemoved':
      return [
        row('candidate', text(d.candidateId), {
          changes: [{ field: 'removed', before: false, after: true }],
        }),
      ];
    case 'CandidateErased':
      return [
        row('candidate', text(d.candidateId), { changes: [{ field: 'erased', before: false, after: true }] }),
      ];
    case 'ResumeUploaded':
      return [
        row('resume', text(d.resumeId), { ownerId: num(d.ownerScope), changes: registered(d, ['resumeId']) }),
      ];
    case 'ResumeAttached':
      return [row('resume', text(d.resumeId), { changes: registered(d, ['resumeId']) })];
    case 'ResumeDiscarded':
      return [
        row('resume', text(d.resumeId), {
          reason: text(d.reason),
          changes: [{ field: 'discarded', before: false, after: true }],
        }),
      ];

    // ---- Leave
    case 'LeaveRequested':
      return [
        row('leave', text(d.leaveId), {
          subjectPersonId: employeeId,
          changes: registered(d, ['leaveId', 'employeeId']),
        }),
      ];
    case 'LeaveChanged':
      return [
        row('leave', text(d.leaveId), { subjectPersonId: employeeId, changes: diff(d.before, d.after) }),
      ];
    case 'LeaveRemoved':
      return [
        row('leave', text(d.leaveId), {
          subjectPersonId: employeeId,
          changes: [{ field: 'removed', before: false, after: true }],
        }),
      ];

    // ---- Data imports: the file's check and its apply (the events it caused say "Imported from file …")
    case 'DataImportChecked':
      return [
        row('data-import', text(d.importId), {
          changes: registered({ kind: d.kind, fileName: d.fileName, rows: d.rows, problems: d.problemCount }),
        }),
      ];
    case 'DataImportApplied':
      return [row('data-import', text(d.importId), { changes: diff({}, d.counts) })];
    default:
      return [];
  }
}

/** Every event type the audit reads (the projection's `eventTypes`), listed in contracts. */
export const AUDITED_EVENT_TYPES = AUDIT_EVENT_TYPES;

/** The command behind an event type, as a readable label ('ExpenseCorrected' -> 'Expense corrected'). */
export const commandLabelOf = auditEventTypeLabel;
