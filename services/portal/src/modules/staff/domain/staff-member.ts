import {
  EMAIL_ADDRESS as EMAIL,
  STAFF_PLAIN_FIELDS,
  STAFF_PROFILE_FIELDS,
  STAFF_SENSITIVE_FIELDS,
  STAFF_SEALED_SCHEMA_VERSION,
  SECOND_ORGANISATION_OWNER_ID,
  catalogMessages,
  emptyChecklist,
  isBusinessDate,
  staffAdminMessages,
  type CodeOfConductAcknowledged,
  type OnboardingChecklist,
  type OnboardingChecklistChanged,
  type SensitiveFieldRevealed,
  type StaffAccess,
  type StaffAccessChanged,
  type StaffMemberRegistered,
  type StaffProfile,
  type StaffProfileChanged,
  type StaffProfileValues,
  type StaffPersonalDataErased,
} from '@portal/contracts';
import { ProblemList, DomainError } from '../../../kernel/domain-error';
import { isFilledText, isPositiveWholeNumber } from '../../../kernel/rules';
import { acknowledgeCodeOfConduct, type AcknowledgeCodeOfConduct } from './code-of-conduct';
import { eraseStaffPersonalData, type EraseStaffPersonalData } from './staff-erasure';
import {
  changeStaffUsername,
  type ChangeStaffUsername,
  type StaffUsernameChangedEvent,
} from './username-change';
import {
  guardSelf,
  personInScope,
  revealSensitiveField,
  updateStaffMember,
  type RevealSensitiveField,
  type StaffActor,
  type UpdateStaffMember,
} from './staff-changes';

/** Stream `staff-{id}`: one person's record and access flags. */
export const staffStreamId = (staffId: number): string => `staff-${staffId}`;

/** Registrations and profile changes of schemaVersion 2 hold every personal field sealed. */
export type StaffEvent =
  | {
      readonly type: 'StaffMemberRegistered';
      readonly data: StaffMemberRegistered;
      readonly schemaVersion?: number;
    }
  | { readonly type: 'StaffAccessChanged'; readonly data: StaffAccessChanged }
  | {
      readonly type: 'StaffProfileChanged';
      readonly data: StaffProfileChanged;
      readonly schemaVersion?: number;
    }
  | { readonly type: 'StaffPersonalDataErased'; readonly data: StaffPersonalDataErased }
  | { readonly type: 'OnboardingChecklistChanged'; readonly data: OnboardingChecklistChanged }
  | { readonly type: 'SensitiveFieldRevealed'; readonly data: SensitiveFieldRevealed }
  | { readonly type: 'CodeOfConductAcknowledged'; readonly data: CodeOfConductAcknowledged }
  | StaffUsernameChangedEvent;

export type RegisterStaffMember = {
  readonly type: 'RegisterStaffMember';
  readonly data: {
    readonly staffId: number;
    readonly username: string;
    /** Display name; composed from first, middle and last name when absent. */
    readonly name?: string | null;
    readonly firstName: string;
    readonly middleName?: string | null;
    readonly lastName: string;
    readonly ownerId: number;
    /** The day they start ('YYYY-MM-DD'); optional. */
    readonly startDate?: string | null;
    /** Given by directory sync; absent (or blank) for a person an admin adds. */
    readonly jobTitle?: string | null;
    readonly department?: string | null;
  } & Partial<StaffAccess> &
    Partial<StaffProfile>;
  /** What the handler found: whether the owner's stream exists, who holds the sign-in address. */
  readonly references: { readonly ownerExists: boolean; readonly usernameHeldBy: number | null };
  /** The personal fields given, sealed by the handler (events carry ciphertext only). */
  readonly sealed?: Partial<Record<keyof StaffProfile, string | null>>;
};

/** The flags alone (seed, tests, other contexts): the same scope and self guard as Staff Review's Save. */
export type ChangeStaffAccess = {
  readonly type: 'ChangeStaffAccess';
  readonly data: { readonly staffId: number } & Partial<StaffAccess>;
  readonly actor: StaffActor;
};

export type StaffCommand =
  | RegisterStaffMember
  | ChangeStaffAccess
  | UpdateStaffMember
  | RevealSensitiveField
  | AcknowledgeCodeOfConduct
  | EraseStaffPersonalData
  | ChangeStaffUsername;

/** A registered person as their stream holds them; sensitive values sealed (or plain, in old events). */
export interface StaffRecord {
  readonly registered: true;
  readonly ownerId: number;
  readonly username: string;
  readonly access: StaffAccess;
  readonly profile: StaffProfileValues;
  readonly checklist: OnboardingChecklist;
  /** When the person acknowledged the code of conduct (ISO instant); null: not yet. */
  readonly codeOfConductAcknowledgedAt: string | null;
  /** The person's personal data was erased (their key deleted): sealed values no longer open. */
  readonly erased: boolean;
}

export type StaffState = { readonly registered: false } | StaffRecord;

export type UserType = 'default' | 'sightstream';

/** People of owner 2 use the second brand and see only owner-2 people and projects. */
export function userTypeOf(ownerId: number): UserType {
  return ownerId === SECOND_ORGANISATION_OWNER_ID ? 'sightstream' : 'default';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ACCESS_FLAGS = ['isAdmin', 'isActive', 'needReceipt', 'canEditRoster', 'isAuditor'] as const;

/** Sign-in addresses compare case-insensitively; the record keeps them lower-case. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

function optionalText(value: string | null | undefined): string | null {
  return isFilledText(value) ? value.trim() : null;
}

function register(command: RegisterStaffMember, state: StaffState): StaffEvent[] {
  const c = command.data;
  const problems = new ProblemList();
  if (!isPositiveWholeNumber(c.staffId)) problems.add('staffId', catalogMessages.mustBeWholeNumber('Staff'));
  const username = typeof c.username === 'string' ? normaliseUsername(c.username) : '';
  if (!username) problems.add('username', catalogMessages.mustHaveValue('Sign-in address'));
  else if (!EMAIL.test(username)) problems.add('username', catalogMessages.usernameInvalid);
  if (!isFilledText(c.firstName)) problems.add('firstName', catalogMessages.mustHaveValue('First Name'));
  if (!isFilledText(c.lastName)) problems.add('lastName', catalogMessages.mustHaveValue('Last Name'));
  if (!isPositiveWholeNumber(c.ownerId)) problems.add('ownerId', catalogMessages.mustHaveValue('Owner'));
  else if (!command.references.ownerExists)
    problems.add('ownerId', catalogMessages.unknown('Owner', c.ownerId));
  if (isFilledText(c.dob) && !ISO_DATE.test(c.dob.trim()))
    problems.add('dob', 'Date of birth must be YYYY-MM-DD');
  if (isFilledText(c.startDate) && !isBusinessDate(c.startDate.trim()))
    problems.add('startDate', staffAdminMessages.invalidStartDate);
  for (const flag of ACCESS_FLAGS) {
    if (c[flag] !== undefined && typeof c[flag] !== 'boolean')
      problems.add(flag, `${flag} must be true or false`);
  }
  const heldBy = command.references.usernameHeldBy;
  if (username && heldBy !== null && heldBy !== c.staffId)
    problems.add('username', catalogMessages.usernameTaken(username));
  problems.throwIfAny();
  if (state.registered)
    throw new DomainError('conflict', catalogMessages.alreadyExists('Staff member', c.staffId));

  const firstName = c.firstName.trim();
  const middleName = optionalText(c.middleName);
  const lastName = c.lastName.trim();
  const name = optionalText(c.name) ?? [firstName, middleName, lastName].filter(Boolean).join(' ');
  const profile = Object.fromEntries(
    STAFF_PROFILE_FIELDS.map((field) => [
      field,
      field in (command.sealed ?? {})
        ? (command.sealed?.[field as keyof RegisterStaffMember['sealed']] ?? null)
        : optionalText(c[field]),
    ]),
  ) as unknown as StaffProfile;
  return [
    {
      type: 'StaffMemberRegistered',
      schemaVersion: STAFF_SEALED_SCHEMA_VERSION,
      data: {
        staffId: c.staffId,
        username,
        name,
        firstName,
        middleName,
        lastName,
        ownerId: c.ownerId,
        startDate: optionalText(c.startDate),
        isAdmin: c.isAdmin ?? false,
        isActive: c.isActive ?? true,
        needReceipt: c.needReceipt ?? false,
        canEditRoster: c.canEditRoster ?? false,
        isAuditor: c.isAuditor ?? false,
        ...profile,
        ...directoryFields(c),
      },
    },
  ];
}

/** Job title and department, only when given (older registrations carry neither). */
function directoryFields(c: RegisterStaffMember['data']): { jobTitle?: string; department?: string } {
  const jobTitle = optionalText(c.jobTitle);
  const department = optionalText(c.department);
  return { ...(jobTitle ? { jobTitle } : {}), ...(department ? { department } : {}) };
}

function changeAccess(command: ChangeStaffAccess, state: StaffState): StaffEvent[] {
  const { staffId } = command.data;
  if (!state.registered) throw new DomainError('not_found', catalogMessages.unknown('Staff member', staffId));
  personInScope(state, staffId, command.actor);
  guardSelf(staffId, command.actor, command.data);
  const problems = new ProblemList();
  const given = ACCESS_FLAGS.filter((flag) => command.data[flag] !== undefined);
  if (given.length === 0) problems.add('access', catalogMessages.nothingToChange);
  for (const flag of given) {
    if (typeof command.data[flag] !== 'boolean') problems.add(flag, `${flag} must be true or false`);
  }
  problems.throwIfAny();
  const changed = given.filter((flag) => command.data[flag] !== state.access[flag]);
  if (changed.length === 0) return [];
  const data = Object.fromEntries(changed.map((flag) => [flag, command.data[flag]])) as Partial<StaffAccess>;
  const before = Object.fromEntries(
    changed.map((flag) => [flag, state.access[flag]]),
  ) as Partial<StaffAccess>;
  return [{ type: 'StaffAccessChanged', data: { staffId, ...data, before } }];
}

/** The record a registration starts: profile fields it did not name are empty, no item ticked. */
function recordOf(e: StaffMemberRegistered): StaffRecord {
  const { ownerId, isAdmin, isActive, needReceipt, canEditRoster } = e;
  const isAuditor = e.isAuditor ?? false;
  const empty = Object.fromEntries(
    [...STAFF_PLAIN_FIELDS, ...STAFF_SENSITIVE_FIELDS].map((field) => [field, null]),
  ) as Record<(typeof STAFF_PLAIN_FIELDS)[number] | (typeof STAFF_SENSITIVE_FIELDS)[number], string | null>;
  for (const field of STAFF_PROFILE_FIELDS) empty[field] = e[field] ?? null;
  empty.jobTitle = e.jobTitle ?? null;
  empty.department = e.department ?? null;
  return {
    registered: true,
    ownerId,
    username: e.username,
    access: { isAdmin, isActive, needReceipt, canEditRoster, isAuditor },
    profile: {
      ...empty,
      name: e.name,
      firstName: e.firstName,
      middleName: e.middleName,
      lastName: e.lastName,
    },
    checklist: emptyChecklist(),
    codeOfConductAcknowledgedAt: null,
    erased: false,
  };
}

export const staffDecider = {
  initialState: (): StaffState => ({ registered: false }),

  evolve(state: StaffState, event: StaffEvent): StaffState {
    switch (event.type) {
      case 'StaffMemberRegistered':
        return recordOf(event.data);
      case 'StaffAccessChanged': {
        if (!state.registered) return state;
        // `before` (issue 9) is history, not state.
        const { staffId: _id, before: _before, ...flags } = event.data;
        return { ...state, access: { ...state.access, ...flags } };
      }
      case 'StaffProfileChanged':
        return state.registered ? { ...state, profile: { ...state.profile, ...event.data.after } } : state;
      case 'OnboardingChecklistChanged':
        return state.registered
          ? { ...state, checklist: { ...state.checklist, ...event.data.after } }
          : state;
      case 'SensitiveFieldRevealed':
        return state;
      case 'CodeOfConductAcknowledged':
        return state.registered
          ? { ...state, codeOfConductAcknowledgedAt: event.data.acknowledgedAt }
          : state;
      case 'StaffPersonalDataErased':
        return state.registered ? { ...state, erased: true } : state;
      case 'StaffUsernameChanged':
        return state.registered ? { ...state, username: event.data.after.username } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: StaffCommand, state: StaffState): StaffEvent[] {
    switch (command.type) {
      case 'RegisterStaffMember':
        return register(command, state);
      case 'ChangeStaffAccess':
        return changeAccess(command, state);
      case 'UpdateStaffMember':
        return updateStaffMember(command, state);
      case 'RevealSensitiveField':
        return revealSensitiveField(command, state);
      case 'AcknowledgeCodeOfConduct':
        return acknowledgeCodeOfConduct(command, state);
      case 'EraseStaffPersonalData':
        return eraseStaffPersonalData(command, state);
      case 'ChangeStaffUsername':
        return changeStaffUsername(command, state);
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
