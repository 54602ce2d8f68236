/**
 * Catalog contracts: event payloads of the streams `owner-{id}`, `client-{id}`, `project-{id}`,
 * the project responses of `/api/projects/*`, and the messages of the catalog, staff and roster
 * rules (the three contexts share their vocabulary: owners, projects, people).
 */
import { requestObject } from '../kernel/fields';
import { pathIdField } from '../kernel/ids';
import type { BillingCycle, Currency } from '../kernel/constants';

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
}

export interface ProjectOpened {
  readonly projectId: number;
  readonly clientId: number;
  readonly ownerId: number;
  readonly name: string;
  readonly billingCycle: BillingCycle;
  readonly invoiceCurrency: Currency;
  readonly isActive: boolean;
}

/** The fields of a project an update may change (is_active changes through Closed/Reopened). */
export type ProjectChanges = Partial<
  Pick<ProjectOpened, 'clientId' | 'ownerId' | 'name' | 'billingCycle' | 'invoiceCurrency'>
>;

/** Only the fields that changed, besides projectId. */
export type ProjectUpdated = { readonly projectId: number } & ProjectChanges;

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
