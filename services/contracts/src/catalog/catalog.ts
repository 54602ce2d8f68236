/**
 * Catalog contracts: event payloads of the streams `owner-{id}`, `client-{id}`, `project-{id}`,
 * the project responses of `/api/projects/*`, and the messages of the catalog, staff and roster
 * rules (the three contexts share their vocabulary: owners, projects, people).
 */
import { requestObject } from '../kernel/fields';
import { pathIdField } from '../kernel/ids';
import type { FieldChanges } from '../kernel/changes';
import { UMBRELLA_PROJECT_ID, type BillingCycle, type Currency } from '../kernel/constants';
import type { BusinessDate } from '../kernel/dates';

// ---- Events: catalog --------------------------------------------------------------------

export interface OwnerRegistered {
  readonly ownerId: number;
  readonly name: string;
}

export interface ClientAddress {
  readonly addressLine1: string | null;
  readonly addressLine2: string | null;
  readonly city: string | null;
  readonly stateProvince: string | null;
  readonly countryRegion: string | null;
  readonly zipPostalCode: string | null;
  readonly phone: string | null;
}

export interface ClientContact {
  readonly name: string;
  readonly email: string;
}

export interface ClientRegistered extends ClientAddress {
  readonly clientId: number;
  readonly name: string;
  readonly contacts: readonly ClientContact[];
  /**
   * The owner scope of the admin who registered it (2: a sightstream admin), so they see the
   * client before it has a project; null or absent: a firm admin (or the seed).
   */
  readonly scopeOwnerId?: number | null;
}

/** What an admin may change of a client (its id never changes). */
export interface ClientDetails extends ClientAddress {
  readonly name: string;
  readonly contacts: readonly ClientContact[];
}

/** An admin changed a client: exactly the changed fields, before and after (contacts as a list). */
export interface ClientDetailsChanged extends FieldChanges<ClientDetails> {
  readonly clientId: number;
}

/**
 * A project's details beyond its terms (admin spec §3), recorded since the admin project screen
 * (issue 9). Text fields are trimmed, blank is null; `poValue` is a decimal string (never a float).
 */
export interface ProjectDetails {
  readonly address: string | null;
  readonly phone: string | null;
  readonly contactName1: string | null;
  readonly contactEmail1: string | null;
  readonly contactName2: string | null;
  readonly contactEmail2: string | null;
  readonly clientCc1: string | null;
  readonly clientCc2: string | null;
  readonly clientBcc1: string | null;
  readonly clientBcc2: string | null;
  readonly startDate: BusinessDate | null;
  /** The project's length in months (the specs' ProjectEnd). */
  readonly lengthMonths: number | null;
  readonly internalBillingCode: string | null;
  readonly purchaseOrder: string | null;
  readonly poValue: string | null;
  /** The specs' POHourlyRate, labelled Cost Object. */
  readonly costObject: string | null;
  readonly network: string | null;
  readonly vendorNumber: string | null;
  /** Offered as a sub-project of umbrella project 45 (explicit since issue 9). */
  readonly isSubProject: boolean;
}

export interface ProjectOpened extends Partial<ProjectDetails> {
  readonly projectId: number;
  readonly clientId: number;
  readonly ownerId: number;
  readonly name: string;
  readonly billingCycle: BillingCycle;
  readonly invoiceCurrency: Currency;
  readonly isActive: boolean;
}

/** Every field of a project an update may change (is_active changes through Closed/Reopened). */
export interface ProjectEditableFields extends ProjectDetails {
  readonly clientId: number;
  readonly ownerId: number;
  readonly name: string;
  readonly billingCycle: BillingCycle;
  readonly invoiceCurrency: Currency;
}

/** The terms the first version of ProjectUpdated carried, flat beside projectId. */
export type ProjectChanges = Partial<
  Pick<ProjectOpened, 'clientId' | 'ownerId' | 'name' | 'billingCycle' | 'invoiceCurrency'>
>;

/**
 * A project's fields changed. Recorded now as before → after of exactly the changed fields;
 * events of the first version (the changed terms flat beside projectId) are still in logs and
 * replay: read either through `projectUpdateOf`.
 */
export type ProjectUpdated =
  | ({ readonly projectId: number } & FieldChanges<ProjectEditableFields>)
  | ({ readonly projectId: number } & ProjectChanges);

/** The new values a ProjectUpdated of either version carries. */
export function projectUpdateOf(data: ProjectUpdated): Partial<ProjectEditableFields> {
  if ('after' in data && data.after !== undefined) return data.after;
  const { projectId: _id, ...changes } = data as { readonly projectId: number } & ProjectChanges;
  return changes;
}

/**
 * The details of a project whose ProjectOpened came before they were recorded: none, and it is a
 * sub-project of 45 unless it is 45 (the rule before membership was data).
 */
export function defaultProjectDetails(projectId: number): ProjectDetails {
  return {
    address: null,
    phone: null,
    contactName1: null,
    contactEmail1: null,
    contactName2: null,
    contactEmail2: null,
    clientCc1: null,
    clientCc2: null,
    clientBcc1: null,
    clientBcc2: null,
    startDate: null,
    lengthMonths: null,
    internalBillingCode: null,
    purchaseOrder: null,
    poValue: null,
    costObject: null,
    network: null,
    vendorNumber: null,
    isSubProject: projectId !== UMBRELLA_PROJECT_ID,
  };
}

/** The details a ProjectOpened carries, completed with the defaults for older events. */
export function projectDetailsOf(opened: ProjectOpened): ProjectDetails {
  const defaults = defaultProjectDetails(opened.projectId);
  const details = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof ProjectDetails)[]) {
    const value = opened[key];
    if (value !== undefined) (details as Record<string, unknown>)[key] = value;
  }
  return details;
}

/**
 * A project without any recorded time or expenses was removed by an admin: it leaves every list;
 * the log keeps it (its name stays on nothing, since nothing was recorded on it).
 */
export interface ProjectRemoved {
  readonly projectId: number;
  readonly name: string;
}

export interface ProjectClosed {
  readonly projectId: number;
}

export interface ProjectReopened {
  readonly projectId: number;
}

// ---- HTTP: projects ---------------------------------------------------------------------

/** An item of `GET /api/projects/billable` and `GET /api/projects/sub-projects`. */
export interface ProjectOption {
  readonly projectId: number;
  readonly name: string;
  readonly ownerId: number;
  readonly billingCycle: BillingCycle;
  readonly invoiceCurrency: Currency;
  /** Overtime hours may be entered: owner 2, or project 61 or 64. */
  readonly hasOvertime: boolean;
}

/** `GET /api/projects/:id`. */
export interface ProjectDetail extends ProjectOption {
  readonly isActive: boolean;
}

/** `GET /api/projects/:id`: an id that cannot exist answers 404 like an unknown project. */
export const projectIdParamSchema = requestObject({
  id: pathIdField((text) => catalogMessages.projectNotFound(text)),
});

// ---- Messages ---------------------------------------------------------------------------

export const catalogMessages = {
  mustHaveValue: (field: string) => `${field} must have a value`,
  mustBeOneOf: (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`,
  mustBeWholeNumber: (field: string) => `${field} must be a whole number`,
  unknown: (what: string, id: number) => `${what} ${id} does not exist.`,
  alreadyExists: (what: string, id: number) => `${what} ${id} already exists.`,
  usernameTaken: (username: string) => `The sign-in address ${username} belongs to someone else.`,
  usernameInvalid: 'Sign-in address must be an e-mail address',
  nothingToChange: 'Please select at least one change.',
  duplicateRosterChange: (employeeId: number, projectId: number) =>
    `Employee ${employeeId} and project ${projectId} appear more than once.`,
  rosterNotAllowed: 'You are not allowed to edit the roster.',
  projectNotFound: (projectId: number | string) => `Project ${projectId} does not exist.`,
} as const;
