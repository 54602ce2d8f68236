/**
 * The admin screens of clients and projects (issue 9): request schemas of `/api/admin/clients`
 * and `/api/admin/projects`, their answers, messages and the few rules the form shares.
 */
import { z } from 'zod';
import { BILLING_CYCLES, CURRENCIES } from '../kernel/constants';
import { isBusinessDate, type BusinessDate } from '../kernel/dates';
import {
  anyValue,
  booleanField,
  isBlank,
  mustHaveValue,
  refuse,
  requestMessages,
  requestObject,
} from '../kernel/fields';
import { bodyIdField, pathIdField } from '../kernel/ids';
import { checkDecimal, type DecimalRule } from '../kernel/decimal-rules';
import { exceedsCharacters, freeTextProblem, isEmailAddress } from '../kernel/text';
import type { ClientDetails, ProjectEditableFields } from './catalog';

/**
 * The invoice currencies of a project: the spec's five (§9) and AUD, which the firm already bills
 * (demo project 36) and the exchange rates carry.
 */
export const INVOICE_CURRENCIES = CURRENCIES;

export const TEXT_MAX_LENGTH = 200;
export const ADDRESS_MAX_LENGTH = 500;
export const MAX_CLIENT_CONTACTS = 20;
export const MAX_PROJECT_MONTHS = 600;

export const catalogAdminMessages = {
  mustHaveValue,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  invalidEmail: (field: string) => `${field} must be a valid email address`,
  mustBeOneOf: (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`,
  lengthMonths: `Length (months) must be a whole number from 1 to ${MAX_PROJECT_MONTHS}`,
  poValue: 'PO Value must be a decimal number of at least 0 with at most 2 decimals',
  startDate: 'Start Date must be a date (YYYY-MM-DD)',
  tooManyContacts: `A client has at most ${MAX_CLIENT_CONTACTS} contacts`,
  clientNotFound: (clientId: number | string) => `Client ${clientId} does not exist.`,
  umbrellaNotOwnSub: 'The umbrella project cannot be its own sub-project',
  otherOwner: 'You may only manage projects of your own organisation.',
  sharedClient: 'This client also has projects of another organisation; only a firm admin may change it.',
  clientAdded: 'Client has been added successfully',
  clientUpdated: 'Client has been updated successfully',
  projectSaved: 'Project has been saved successfully',
  projectUpdated: 'Project has been updated successfully',
} as const;

/** A trimmed text under the free-text rule and at most `max` characters. */
function checkedText(field: string, text: string, max: number, ctx: z.RefinementCtx): string {
  const problem = freeTextProblem(field, text, max, catalogAdminMessages.tooLong(field, max));
  return problem ? refuse(ctx, problem) : text;
}

/** Optional text: trimmed, blank or absent is null, at most `max` characters. */
function textField(field: string, max = TEXT_MAX_LENGTH) {
  return anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return refuse(ctx, `${field} must be text`);
    return checkedText(field, value.trim(), max, ctx);
  });
}

/** Required text: as `textField`, but blank says '{field} must have a value'. */
function requiredTextField(field: string, max = TEXT_MAX_LENGTH) {
  return anyValue().transform((value, ctx): string => {
    if (isBlank(value)) return refuse(ctx, mustHaveValue(field));
    if (typeof value !== 'string') return refuse(ctx, `${field} must be text`);
    return checkedText(field, value.trim(), max, ctx);
  });
}

function emailOf(value: unknown, field: string, ctx: z.RefinementCtx): string {
  if (typeof value !== 'string' || !isEmailAddress(value) || exceedsCharacters(value.trim(), TEXT_MAX_LENGTH))
    return refuse(ctx, catalogAdminMessages.invalidEmail(field));
  return value.trim().toLowerCase();
}

/** An optional e-mail address (blank or absent: null), stored lower-case. */
function emailField(field: string) {
  return anyValue().transform((value, ctx): string | null =>
    isBlank(value) ? null : emailOf(value, field, ctx),
  );
}

/** A required e-mail address, stored lower-case. */
function requiredEmailField(field: string) {
  return anyValue().transform((value, ctx): string =>
    isBlank(value) ? refuse(ctx, mustHaveValue(field)) : emailOf(value, field, ctx),
  );
}

function oneOfField<const V extends readonly string[]>(field: string, values: V) {
  return anyValue().transform((value, ctx): V[number] => {
    if (isBlank(value)) return refuse(ctx, mustHaveValue(field));
    const text = typeof value === 'string' ? value.trim() : value;
    const found = values.find((v) => v === text || (typeof text === 'string' && v === text.toUpperCase()));
    return found ?? refuse(ctx, catalogAdminMessages.mustBeOneOf(field, values));
  });
}

function requiredBooleanField(field: string) {
  return anyValue().transform((value, ctx): boolean => {
    if (value === null) return refuse(ctx, mustHaveValue(field));
    if (typeof value === 'boolean') return value;
    return refuse(ctx, requestMessages.mustBeTrueOrFalse(field));
  });
}

const startDateField = anyValue().transform((value, ctx): BusinessDate | null => {
  if (isBlank(value)) return null;
  if (typeof value !== 'string' || !isBusinessDate(value.trim()))
    return refuse(ctx, catalogAdminMessages.startDate);
  return value.trim();
});

const lengthMonthsField = anyValue().transform((value, ctx): number | null => {
  if (isBlank(value)) return null;
  const number = typeof value === 'string' && /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > MAX_PROJECT_MONTHS)
    return refuse(ctx, catalogAdminMessages.lengthMonths);
  return number;
});

/** Money as a decimal string ('12500.50'): never a JSON number, so it is never a float. */
const PO_VALUE_RULE: DecimalRule = {
  step: '0.01',
  max: '9999999999999.99',
  allowZero: true,
  messages: {
    notNumber: catalogAdminMessages.poValue,
    notPositive: catalogAdminMessages.poValue,
    tooLarge: catalogAdminMessages.poValue,
    offStep: catalogAdminMessages.poValue,
  },
};
const poValueField = anyValue().transform((value, ctx): string | null => {
  if (isBlank(value)) return null;
  if (typeof value !== 'string') return refuse(ctx, catalogAdminMessages.poValue);
  const checked = checkDecimal(value.trim().replace(/,/g, ''), PO_VALUE_RULE);
  return 'problem' in checked ? refuse(ctx, checked.problem) : checked.value;
});

// ---- Clients ----------------------------------------------------------------------------

export const clientContactSchema = requestObject({
  name: requiredTextField('Contact Name'),
  email: requiredEmailField('Contact Email'),
});

/** POST /api/admin/clients and PUT /api/admin/clients/:id: the whole form. */
export const clientRequestSchema = requestObject({
  name: requiredTextField('Client Name'),
  addressLine1: textField('Address Line 1'),
  addressLine2: textField('Address Line 2'),
  city: textField('City'),
  stateProvince: textField('State/Province'),
  countryRegion: textField('Country/Region'),
  zipPostalCode: textField('Postal Code'),
  phone: textField('Phone'),
  contacts: z
    .preprocess(
      (value) => (value === undefined || value === null ? [] : value),
      z.array(clientContactSchema, { message: 'Contacts must be a list' }),
    )
    .refine((list) => list.length <= MAX_CLIENT_CONTACTS, catalogAdminMessages.tooManyContacts),
});
export type ClientRequest = z.output<typeof clientRequestSchema>;
/** What a client sends (absent fields count as empty). */
export type ClientRequestInput = Partial<z.input<typeof clientRequestSchema>>;

export const clientIdParamSchema = requestObject({
  id: pathIdField((text) => catalogAdminMessages.clientNotFound(text)),
});

/** An item of GET /api/admin/clients. */
export interface AdminClient extends ClientDetails {
  readonly clientId: number;
  /** Projects of this client the admin may see (removed ones left out). */
  readonly projectCount: number;
}

export interface ClientSaved {
  readonly clientId: number;
  readonly position: string | null;
}

// ---- Projects ---------------------------------------------------------------------------

/** The form's labels, which the 400s name. */
export const PROJECT_FIELD_LABELS = {
  clientId: 'Client',
  ownerId: 'Owner',
  name: 'Project Name',
  address: 'Address',
  phone: 'Phone',
  contactName1: 'Contact Name 1',
  contactEmail1: 'Contact Email 1',
  contactName2: 'Contact Name 2',
  contactEmail2: 'Contact Email 2',
  clientCc1: 'Client CC1',
  clientCc2: 'Client CC2',
  clientBcc1: 'Client BCC1',
  clientBcc2: 'Client BCC2',
  startDate: 'Start Date',
  lengthMonths: 'Length (months)',
  internalBillingCode: 'Internal Billing Code',
  purchaseOrder: 'PO',
  poValue: 'PO Value',
  costObject: 'Cost Object',
  network: 'Network',
  vendorNumber: 'Vendor Number',
  invoiceCurrency: 'Invoice Currency',
  billingCycle: 'Billing Cycle',
  isActive: 'Active',
  isSubProject: 'Sub-project of the umbrella project',
} as const;
const L = PROJECT_FIELD_LABELS;

/** POST /api/admin/projects and PUT /api/admin/projects/:id: the whole form. */
export const projectRequestSchema = requestObject({
  clientId: bodyIdField(L.clientId),
  ownerId: bodyIdField(L.ownerId),
  name: requiredTextField(L.name),
  address: textField(L.address, ADDRESS_MAX_LENGTH),
  phone: textField(L.phone),
  contactName1: textField(L.contactName1),
  contactEmail1: emailField(L.contactEmail1),
  contactName2: textField(L.contactName2),
  contactEmail2: emailField(L.contactEmail2),
  clientCc1: emailField(L.clientCc1),
  clientCc2: emailField(L.clientCc2),
  clientBcc1: emailField(L.clientBcc1),
  clientBcc2: emailField(L.clientBcc2),
  startDate: startDateField,
  lengthMonths: lengthMonthsField,
  internalBillingCode: textField(L.internalBillingCode),
  purchaseOrder: textField(L.purchaseOrder),
  poValue: poValueField,
  costObject: textField(L.costObject),
  network: textField(L.network),
  vendorNumber: textField(L.vendorNumber),
  invoiceCurrency: oneOfField(L.invoiceCurrency, INVOICE_CURRENCIES),
  billingCycle: oneOfField(L.billingCycle, BILLING_CYCLES),
  isActive: requiredBooleanField(L.isActive),
  // Absent: not given (a new project is not a sub-project; an update leaves it as it is).
  isSubProject: booleanField(L.isSubProject, undefined),
});
export type ProjectRequest = z.output<typeof projectRequestSchema>;
export type ProjectRequestInput = Partial<z.input<typeof projectRequestSchema>>;

/** An item of GET /api/admin/projects (and GET /api/admin/projects/:id). */
export interface AdminProject extends ProjectEditableFields {
  readonly projectId: number;
  readonly clientName: string;
  readonly ownerName: string;
  readonly isActive: boolean;
  /** Start plus the length in months; null when either is missing. */
  readonly endDate: BusinessDate | null;
}

export interface ProjectSaved {
  readonly projectId: number;
  readonly position: string | null;
}

/** DELETE /api/admin/projects/:id: removed (no history), deactivated (history), or already inactive. */
export interface ProjectDeleteOutcome {
  readonly projectId: number;
  readonly outcome: 'removed' | 'deactivated' | 'unchanged';
  readonly position: string | null;
}

export interface AdminOwner {
  readonly ownerId: number;
  readonly name: string;
  /** The owner's IANA time zone: its own setting, else the portal's default (PORTAL_TIME_ZONE). */
  readonly timeZone: string;
  /** True when the owner set no zone of its own and follows the default. */
  readonly timeZoneIsDefault: boolean;
}

/** A project's end: its start plus `months` (the day clamped to the month's last). */
export function projectEndDate(start: BusinessDate | null, months: number | null): BusinessDate | null {
  if (start === null || months === null || !isBusinessDate(start)) return null;
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
