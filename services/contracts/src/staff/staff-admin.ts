/*
 * Over 350 lines on purpose: the Staff Review's whole contract (fields, flags, sealed fields, erasure
 * marks, messages, event payloads) in one file, so the form, the server and the events agree.
 */
/**
 * Staff Review (admin spec §2, §3, §6; issue 9): the admin's profile, onboarding checklist, access
 * flags and sensitive fields of a person; their request schemas, answers, messages and the payloads
 * of the events an admin's change records.
 */
import { z } from 'zod';
import { anyValue, booleanField, isBlank, refuse, requestObject } from '../kernel/fields';
import { bodyIdField, pathIdField } from '../kernel/ids';
import { EMAIL_ADDRESS as EMAIL, freeTextProblem } from '../kernel/text';
import { isBusinessDate } from '../kernel/dates';
import { checkDecimal, type DecimalRule } from '../kernel/decimal-rules';
import type { FieldChanges } from '../kernel/changes';
import { STAFF_CONTACT_FIELDS, type StaffAccess } from './staff';

// ---- Fields -----------------------------------------------------------------------------

/** The yes/no onboarding checklist of spec §3, in the order the form shows them. */
export const ONBOARDING_FLAGS = [
  'emailCreated',
  'personalFolderCreated',
  'onboardingFormReceived',
  'welcomeSession',
  'bankingInfoCreated',
  'test100Sent',
  'businessCardsOrdered',
  'bookGiven',
  'cordOrganizerGiven',
  'journalGiven',
  'bioPicUploaded',
  'visaInfoUploaded',
  'erpTrainingCompleted',
  'companyShirts',
  'esetInstalled',
  'includedInStaffGroup',
] as const;
export type OnboardingFlag = (typeof ONBOARDING_FLAGS)[number];
export type OnboardingChecklist = Readonly<Record<OnboardingFlag, boolean>>;

export const ONBOARDING_LABELS: Readonly<Record<OnboardingFlag, string>> = {
  emailCreated: 'Email created',
  personalFolderCreated: 'Personal folder created',
  onboardingFormReceived: 'Onboarding form received',
  welcomeSession: 'Welcome session',
  bankingInfoCreated: 'Banking info created',
  test100Sent: 'Test $100 sent',
  businessCardsOrdered: 'Business cards ordered',
  bookGiven: 'Book given',
  cordOrganizerGiven: 'Cord organizer given',
  journalGiven: 'Journal given',
  bioPicUploaded: 'Bio picture uploaded',
  visaInfoUploaded: 'Visa info uploaded',
  erpTrainingCompleted: 'ERP training completed',
  companyShirts: 'Company shirts',
  esetInstalled: 'ESET installed',
  includedInStaffGroup: 'Included in staff group',
};

export const emptyChecklist = (): OnboardingChecklist =>
  Object.fromEntries(ONBOARDING_FLAGS.map((flag) => [flag, false])) as unknown as OnboardingChecklist;

/** 'n of 16': how many checklist items are ticked. */
export function onboardingDone(checklist: Partial<OnboardingChecklist>): number {
  return ONBOARDING_FLAGS.filter((flag) => checklist[flag] === true).length;
}

/** The profile fields an admin edits in the clear (spec §3), besides the names. */
export const STAFF_PLAIN_FIELDS = [
  ...STAFF_CONTACT_FIELDS,
  'toa',
  'toaValue',
  'swo',
  'stateOfWork',
  'jobTitle',
  'department',
  'invoiceNo',
  'invoiceId',
  'designation',
  'hotel',
] as const;
export type StaffPlainField = (typeof STAFF_PLAIN_FIELDS)[number];

/**
 * Fields stored encrypted with the person's own key, answered masked ('•••• 1234') and revealed to
 * an admin one at a time, each reveal recorded.
 */
export const STAFF_SENSITIVE_FIELDS = [
  'dob',
  'drivingLicenseNumber',
  'drivingLicenseState',
  'socialNumber',
  'bankName',
  'bankRoutingNumber',
  'bankAccountNumber',
] as const;
export type StaffSensitiveField = (typeof STAFF_SENSITIVE_FIELDS)[number];

export const STAFF_NAME_FIELDS = ['firstName', 'middleName', 'lastName'] as const;
export type StaffNameField = (typeof STAFF_NAME_FIELDS)[number];

export const STAFF_ACCESS_FLAGS = [
  'isAdmin',
  'isActive',
  'needReceipt',
  'canEditRoster',
  'isAuditor',
] as const;

export const STAFF_FIELD_LABELS: Readonly<
  Record<StaffNameField | StaffPlainField | StaffSensitiveField, string>
> = {
  firstName: 'First Name',
  middleName: 'Middle Name',
  lastName: 'Last Name',
  homePhone: 'Home Phone',
  mobilePhone: 'Mobile Phone',
  personalEmail: 'Personal Email',
  businessName: 'Business Name',
  address: 'Address',
  city: 'City',
  state: 'State',
  postalCode: 'Postal Code',
  toa: 'Toa',
  toaValue: 'Toa Value',
  swo: 'Swo',
  stateOfWork: 'State of Work',
  jobTitle: 'Job Title',
  department: 'Department',
  invoiceNo: 'Invoice No',
  invoiceId: 'Invoice Id',
  designation: 'Designation',
  hotel: 'Hotel',
  dob: 'Date of Birth',
  drivingLicenseNumber: 'Driving Licence Number',
  drivingLicenseState: 'Driving Licence State',
  socialNumber: 'Social Number',
  bankName: 'Bank Name',
  bankRoutingNumber: 'Bank Routing Number',
  bankAccountNumber: 'Bank Account Number',
};

/** The longest name or text field of a staff member, in characters as a person sees them (kernel/text.ts). */
export const STAFF_TEXT_MAX_LENGTH = 200;
/** The largest Toa Value (a decimal string). */
export const TOA_VALUE_MAX = '1000000000';

export const staffAdminMessages = {
  added: (name: string) => `${name} was added.`,
  invalidWorkEmail: 'Work e-mail must be an e-mail address',
  ownerOutOfScope: 'You may add people of your own organisation only.',
  noFreeId: 'No free staff id was found. Please try again.',
  selectUser: 'Please select at least 1 user to continue.',
  selectOneUser: 'Please select at least one user',
  updated: 'Staff profile updated',
  deactivated: 'The Staff has been deactivated.',
  confirmDelete: (name: string) =>
    `Are you Sure you want to delete the Staff ${name}? They will be deactivated: they can no longer sign in, and their history stays.`,
  notFound: (id: string | number) => `Staff member ${id} does not exist.`,
  notYourself: 'You cannot deactivate yourself or remove your own admin access.',
  changedMeanwhile: 'Someone else changed this at the same time. Reload and try again.',
  tooLong: (label: string) => `${label} must be at most ${STAFF_TEXT_MAX_LENGTH} characters`,
  mustHaveValue: (label: string) => `${label} must have a value`,
  invalidEmail: 'Personal Email must be a valid email address',
  invalidDob: 'Date of Birth must be a date (YYYY-MM-DD)',
  /** Add staff member's Start Date (optional: the spec names no start date rule). */
  invalidStartDate: 'Start Date must be a date (YYYY-MM-DD)',
  unknownField: 'Field must be one of the sensitive fields',
  /** What an erased field shows on the profile form, as read-only text. */
  erasedField: 'Erased on request',
  toaValue: {
    notNumber: 'Toa Value must be a number',
    notPositive: 'Toa Value must be greater than 0',
    tooLarge: `Toa Value must be at most ${TOA_VALUE_MAX}`,
    offStep: 'Toa Value must have at most 2 decimals',
  },
} as const;

const TOA_VALUE_RULE: DecimalRule = {
  step: '0.01',
  max: TOA_VALUE_MAX,
  messages: staffAdminMessages.toaValue,
};

/** Optional text: absent = not changed; null or blank = cleared (null); else trimmed, at most STAFF_TEXT_MAX_LENGTH. */
function optionalTextField(label: string, check?: (text: string) => string | null) {
  return anyValue()
    .optional()
    .transform((value, ctx): string | null | undefined => {
      if (value === undefined) return undefined;
      if (isBlank(value)) return null;
      if (typeof value !== 'string') return refuse(ctx, `${label} must be text`);
      const text = value.trim();
      const problem =
        freeTextProblem(label, text, STAFF_TEXT_MAX_LENGTH, staffAdminMessages.tooLong(label)) ??
        check?.(text) ??
        null;
      return problem ? refuse(ctx, problem) : text;
    });
}

/** A flag: absent = not changed; otherwise a JSON boolean. */
function optionalFlag(field: string) {
  return booleanField(field, false).optional();
}

function requiredNameField(label: string) {
  return anyValue()
    .optional()
    .transform((value, ctx): string | undefined => {
      if (value === undefined) return undefined;
      if (isBlank(value) || typeof value !== 'string')
        return refuse(ctx, staffAdminMessages.mustHaveValue(label));
      const text = value.trim();
      const problem = freeTextProblem(label, text, STAFF_TEXT_MAX_LENGTH, staffAdminMessages.tooLong(label));
      return problem ? refuse(ctx, problem) : text;
    });
}

const checks: Partial<Record<StaffPlainField | StaffSensitiveField, (text: string) => string | null>> = {
  personalEmail: (text) => (EMAIL.test(text) ? null : staffAdminMessages.invalidEmail),
  dob: (text) => (isBusinessDate(text) ? null : staffAdminMessages.invalidDob),
  toaValue: (text) => {
    const checked = checkDecimal(text, TOA_VALUE_RULE);
    return 'problem' in checked ? checked.problem : null;
  },
};

const textShape = Object.fromEntries(
  [...STAFF_PLAIN_FIELDS, ...STAFF_SENSITIVE_FIELDS].map((field) => [
    field,
    optionalTextField(STAFF_FIELD_LABELS[field], checks[field]),
  ]),
) as Record<StaffPlainField | StaffSensitiveField, ReturnType<typeof optionalTextField>>;

const flagShape = Object.fromEntries(
  [...ONBOARDING_FLAGS, ...STAFF_ACCESS_FLAGS].map((flag) => [flag, optionalFlag(flag)]),
) as Record<OnboardingFlag | (typeof STAFF_ACCESS_FLAGS)[number], ReturnType<typeof optionalFlag>>;

/**
 * PUT /api/admin/staff/:id: any of the person's fields (absent = unchanged, null or blank text =
 * cleared). The sign-in address is not a field: it cannot be changed here.
 */
export const staffUpdateSchema = requestObject({
  firstName: requiredNameField('First Name'),
  middleName: optionalTextField('Middle Name'),
  lastName: requiredNameField('Last Name'),
  ...textShape,
  ...flagShape,
});
export type StaffUpdateRequest = Partial<z.output<typeof staffUpdateSchema>>;

/**
 * POST /api/admin/staff (Add staff member): a person who is not in the directory. `username` is
 * their work e-mail, the address they sign in with; access flags default to off.
 */
export const staffAddSchema = requestObject({
  username: requiredNameField('Work e-mail').transform((value, ctx): string => {
    if (value === undefined) return refuse(ctx, staffAdminMessages.mustHaveValue('Work e-mail'));
    return EMAIL.test(value) ? value.toLowerCase() : refuse(ctx, staffAdminMessages.invalidWorkEmail);
  }),
  firstName: requiredNameField('First Name').transform((value, ctx) =>
    value === undefined ? refuse(ctx, staffAdminMessages.mustHaveValue('First Name')) : value,
  ),
  middleName: optionalTextField('Middle Name'),
  lastName: requiredNameField('Last Name').transform((value, ctx) =>
    value === undefined ? refuse(ctx, staffAdminMessages.mustHaveValue('Last Name')) : value,
  ),
  ownerId: bodyIdField('Owner'),
  /** The day they start ('YYYY-MM-DD'); optional. */
  startDate: optionalTextField('Start Date', (text) =>
    isBusinessDate(text) ? null : staffAdminMessages.invalidStartDate,
  ),
  isAdmin: optionalFlag('isAdmin'),
  needReceipt: optionalFlag('needReceipt'),
  canEditRoster: optionalFlag('canEditRoster'),
});
export type StaffAddRequest = z.output<typeof staffAddSchema>;

/** What adding a person answers: their new id, and where the registration landed ('commit/prepare'). */
export interface StaffAddAnswer {
  readonly staffId: number;
  readonly position: string | null;
}

/** What changing or deactivating a person answers: where the event landed ('commit/prepare'; null: nothing changed). */
export interface StaffChangeAnswer {
  readonly position: string | null;
}

export const staffIdParamSchema = requestObject({
  id: pathIdField((text) => staffAdminMessages.notFound(text)),
});

/** A reveal's body: `{ field }`, one of `fields` (anything else is refused with `message`). */
export function sensitiveFieldSchema<const F extends StaffSensitiveField>(
  fields: readonly F[],
  message: string,
) {
  return requestObject({
    field: anyValue().transform((value, ctx): F =>
      (fields as readonly unknown[]).includes(value) ? (value as F) : refuse(ctx, message),
    ),
  });
}

export const staffRevealSchema = sensitiveFieldSchema(
  STAFF_SENSITIVE_FIELDS,
  staffAdminMessages.unknownField,
);

/** GET /api/admin/staff?ownerId=&active=: owner and active filters (absent: all). */
export const staffListQuerySchema = requestObject({
  ownerId: anyValue()
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || isBlank(value)) return null;
      const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      return id > 0 ? id : refuse(ctx, 'Owner must be an owner id');
    }),
  active: z
    .enum(['true', 'false', 'all'], { error: 'Active must be true, false or all' })
    .optional()
    .transform((value): boolean | null => (value === undefined || value === 'all' ? null : value === 'true')),
});
export type StaffListQuery = z.output<typeof staffListQuerySchema>;

// ---- Answers ----------------------------------------------------------------------------

/** A row of the Staff Review table. */
export interface StaffAdminRow {
  readonly staffId: number;
  readonly name: string;
  /** The sign-in address. */
  readonly email: string;
  readonly ownerId: number;
  readonly ownerName: string;
  readonly isAdmin: boolean;
  readonly isActive: boolean;
  /** Issue 11: reads the review screens and writes nothing. */
  readonly isAuditor: boolean;
  /** Checklist items ticked, of ONBOARDING_FLAGS.length. */
  readonly onboardingDone: number;
  /** When the person acknowledged the code of conduct (ISO instant), null: not yet. */
  readonly codeOfConductAcknowledgedAt: string | null;
}

/** One person for the profile form; sensitive fields masked ('•••• 1234'), null when empty. */
export interface StaffAdminDetail extends StaffAccess {
  readonly staffId: number;
  readonly email: string;
  readonly ownerId: number;
  readonly name: string;
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
  /** The day they start ('YYYY-MM-DD'), given when they were added; null: not recorded. */
  readonly startDate: string | null;
  readonly profile: Readonly<Record<StaffPlainField, string | null>>;
  readonly sensitive: Readonly<Record<StaffSensitiveField, string | null>>;
  readonly checklist: OnboardingChecklist;
  /** The person's personal data was erased (issue 11): those fields read 'erased' and cannot be set. */
  readonly personalDataErased: boolean;
}

export interface StaffRevealResponse {
  readonly field: StaffSensitiveField;
  readonly value: string | null;
}

/**
 * The fields whose last four characters may show (as on a bank statement): numbers long enough
 * that four digits identify nothing. A birth date, a bank's name or a licence's state shows none
 * (the last four of a date are its month and day).
 */
const PARTLY_SHOWN: ReadonlySet<StaffSensitiveField> = new Set([
  'socialNumber',
  'bankRoutingNumber',
  'bankAccountNumber',
  'drivingLicenseNumber',
]);

/** '•••• 1234' for a number of PARTLY_SHOWN, '••••' for anything else set; null when empty. */
export function maskSensitive(field: StaffSensitiveField, value: string | null): string | null {
  if (value === null) return null;
  return PARTLY_SHOWN.has(field) && value.length > 4 ? `•••• ${value.slice(-4)}` : '••••';
}

// ---- Events -----------------------------------------------------------------------------

/**
 * What an admin changed of the profile, before → after, only the changed fields. Names carry the
 * composed display `name` too. Sensitive fields hold ciphertext only ('pd1:…', the person's key).
 */
export type StaffProfileValues = {
  readonly name: string;
  readonly firstName: string;
  readonly lastName: string;
} & {
  readonly middleName: string | null;
} & Readonly<Record<StaffPlainField | StaffSensitiveField, string | null>>;

export type StaffProfileChanged = { readonly staffId: number } & FieldChanges<StaffProfileValues>;

export type OnboardingChecklistChanged = { readonly staffId: number } & FieldChanges<OnboardingChecklist>;

/** An admin read one sensitive field in the clear (the actor is in the event's metadata). */
export interface SensitiveFieldRevealed {
  readonly staffId: number;
  readonly field: StaffSensitiveField;
}
