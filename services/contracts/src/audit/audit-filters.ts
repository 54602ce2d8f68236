/**
 * What the audit's filters offer (GET /api/audit/filters): the people in the caller's scope, chosen
 * by name for Person and Actor, and the event types the audit reads, chosen from a list.
 */

/** Every event type the audit reads (its projection's `eventTypes`; modules/audit/domain/audit-rows.ts). */
export const AUDIT_EVENT_TYPES = [
  'OwnerRegistered',
  'OwnerTimeZoneSet',
  'ClientRegistered',
  'ClientDetailsChanged',
  'ProjectOpened',
  'ProjectUpdated',
  'ProjectClosed',
  'ProjectReopened',
  'ProjectRemoved',
  'StaffIdAllocated',
  'StaffUsernameReserved',
  'StaffMemberRegistered',
  'StaffAccessChanged',
  'StaffProfileChanged',
  'OnboardingChecklistChanged',
  'SensitiveFieldRevealed',
  'CodeOfConductAcknowledged',
  'SupportMessageSent',
  'RosterChanged',
  'PlannedHoursSet',
  'PeriodVerified',
  'TimesheetsApproved',
  'ExpensesApproved',
  'PeriodReturned',
  'TimesheetSubmitted',
  'TimesheetEntryCorrected',
  'TimesheetEntryWithdrawn',
  'ExpenseClaimed',
  'ExpenseCorrected',
  'ExpenseWithdrawn',
  'ReceiptUploaded',
  'ReceiptScanned',
  'ExchangeRatesSet',
  'VehicleRegistered',
  'VehicleDetailsChanged',
  'VehicleRemoved',
  'VehicleDriveLicenseRevealed',
  'CodeListEntryAdded',
  'CandidateAdded',
  'CandidateUpdated',
  'CandidateRemoved',
  'CandidateErased',
  'ResumeUploaded',
  'ResumeAttached',
  'ResumeDiscarded',
  'LeaveRequested',
  'LeaveChanged',
  'LeaveRemoved',
  'AccessRequested',
  'BootstrapAdminClaimed',
  'StaffDirectoryLinked',
  'DirectorySyncCompleted',
  'StaffUsernameChanged',
  'StaffUsernameReleased',
  'DataImportChecked',
  'DataImportApplied',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** Event types whose words alone would not read well. */
const EVENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  AccessRequested: 'Access requested (first sign-in)',
  BootstrapAdminClaimed: 'First admin claimed (bootstrap)',
  StaffDirectoryLinked: 'Tied to a directory user',
  DirectorySyncCompleted: 'Directory sync run',
  StaffUsernameChanged: 'Sign-in address changed',
  StaffUsernameReleased: 'Sign-in address released',
};

/** An event type as a person reads it ('ExpenseCorrected' -> 'Expense corrected'): the audit's Command. */
export function auditEventTypeLabel(eventType: string): string {
  const label = EVENT_TYPE_LABELS[eventType];
  if (label) return label;
  const words = eventType.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A person the audit may be searched for (as the one concerned or as the actor). */
export interface AuditFilterPerson {
  readonly staffId: number;
  readonly name: string;
  readonly isActive: boolean;
}

/** GET /api/audit/filters */
export interface AuditFilterChoices {
  /** Everyone in the caller's scope, deactivated people included (their history stays), by name. */
  readonly people: readonly AuditFilterPerson[];
  readonly eventTypes: readonly { readonly type: AuditEventType; readonly label: string }[];
}
