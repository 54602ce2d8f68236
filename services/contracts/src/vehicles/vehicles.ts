/**
 * Vehicle contracts: the vehicle's fields, the events of the streams `vehicles` and
 * `code-lists`, the rules the form and the server share (required fields, VIN, registration
 * expiry) and the messages.
 */
import { addDays, type BusinessDate } from '../kernel/dates';
import type { FieldChanges } from '../kernel/changes';

/** The code lists the vehicle form uses (the specs' ids): 1 years, 2 makes, 6 insurers, 10 gas cards. */
export const VEHICLE_CODE_LISTS = { years: 1, makes: 2, insurers: 6, gasCards: 10 } as const;
export type VehicleCodeListId = (typeof VEHICLE_CODE_LISTS)[keyof typeof VEHICLE_CODE_LISTS];
export const VEHICLE_CODE_LIST_IDS: readonly VehicleCodeListId[] = [1, 2, 6, 10];

export const CODE_LIST_NAMES: Readonly<Record<VehicleCodeListId, string>> = {
  1: 'Year',
  2: 'Make',
  6: 'Insurance Company',
  10: 'Gas Card',
};

/** A registration expiring within this many days of today (or already expired) is flagged. */
export const REGISTRATION_WARNING_DAYS = 30;

/** Everything a vehicle record holds besides its id (spec §3). */
export interface VehicleDetails {
  readonly year: string;
  readonly make: string;
  readonly model: string | null;
  readonly vin: string | null;
  readonly projectId: number;
  /** The staff member the vehicle is issued to. */
  readonly issuedTo: number;
  readonly registryExpireDate: BusinessDate | null;
  readonly plateNumber: string | null;
  /**
   * The driver's licence number: sensitive (issue 9). In events and the read model only sealed
   * ('pd1:…', the vehicle's key; older events hold plain text); answered masked ('•••• 4321').
   */
  readonly driveLicense: string | null;
  readonly insuranceCompany: string;
  readonly financialInstitution: string | null;
  readonly easyTagNumber: string | null;
  readonly gasCardNumber: string;
  readonly comment: string | null;
}

export const VEHICLE_FIELDS = [
  'year',
  'make',
  'model',
  'vin',
  'projectId',
  'issuedTo',
  'registryExpireDate',
  'plateNumber',
  'driveLicense',
  'insuranceCompany',
  'financialInstitution',
  'easyTagNumber',
  'gasCardNumber',
  'comment',
] as const satisfies readonly (keyof VehicleDetails)[];

// ---- Events -----------------------------------------------------------------------------

export interface VehicleRegistered extends VehicleDetails {
  readonly vehicleId: number;
}

/** Exactly the fields that changed, before and after. */
export interface VehicleDetailsChanged extends FieldChanges<VehicleDetails> {
  readonly vehicleId: number;
}

/** Taken out of the fleet; its history stays in the log. */
export interface VehicleRemoved {
  readonly vehicleId: number;
}

/** An admin read the vehicle's licence number in the clear (the actor is in the metadata). */
export interface VehicleDriveLicenseRevealed {
  readonly vehicleId: number;
}

export interface CodeListEntryAdded {
  readonly listId: number;
  readonly subId: number;
  readonly title: string;
  readonly desc: string | null;
}

// ---- Rules ------------------------------------------------------------------------------

export const vehicleMessages = {
  required: (field: string) => `${field} is required.`,
  vinLength: 'VIN must be exactly 17 characters.',
  vinCharacters: 'VIN may contain only letters and digits.',
  vinForbiddenLetters: 'VIN may not contain the letters I, O or Q.',
  notInList: (field: string, value: string) => `${field} '${value}' is not in the ${field} list.`,
  unknownProject: (id: number) => `Project ${id} does not exist or is closed.`,
  unknownPerson: (id: number) => `Staff member ${id} does not exist.`,
  inactivePerson: (id: number) => `Staff member ${id} is no longer active.`,
  notFound: (id: number | string) => `Vehicle ${id} does not exist.`,
  outOfScope: 'You may manage only vehicles of your own organisation’s projects and people.',
  fleetChanged: 'Someone else changed the fleet at the same moment. Please save again.',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  unknownList: `List must be one of ${VEHICLE_CODE_LIST_IDS.join(', ')}`,
  entryExists: (field: string, title: string) => `${field} '${title}' is already in the list.`,
  titleRequired: 'Title is required.',
  yearTitle: 'A year must be four digits, e.g. 2025.',
  saved: 'Vehicle has been saved.',
  updated: 'Vehicle has been updated.',
  deleted: 'Vehicle has been deleted.',
  confirmDelete: (label: string) => `Are you Sure you want to delete the vehicle ${label}?`,
  entryAdded: (field: string, title: string) => `${field} '${title}' has been added.`,
} as const;

/** The label of each vehicle field, as the form shows it and the messages name it. */
export const VEHICLE_FIELD_LABELS: Readonly<Record<keyof VehicleDetails, string>> = {
  year: 'Year',
  make: 'Make',
  model: 'Model',
  vin: 'VIN',
  projectId: 'Project',
  issuedTo: 'Issued To',
  registryExpireDate: 'Registry Expire Date',
  plateNumber: 'Plate Number',
  driveLicense: 'Drive License',
  insuranceCompany: 'Insurance Company',
  financialInstitution: 'Financial Institution',
  easyTagNumber: 'Easy Tag Number',
  gasCardNumber: 'Gas Card',
  comment: 'Comment',
};

/** The fields the form must have (spec §5): year, make, project, issued to, insurance, gas card. */
export const REQUIRED_VEHICLE_FIELDS = [
  'year',
  'make',
  'projectId',
  'issuedTo',
  'insuranceCompany',
  'gasCardNumber',
] as const satisfies readonly (keyof VehicleDetails)[];

/**
 * What is wrong with a VIN, or null when it is a valid one: exactly 17 characters, letters and
 * digits only, never I, O or Q (they look like 1 and 0). The first broken rule is named.
 */
export function vinProblem(vin: string): string | null {
  const text = vin.trim().toUpperCase();
  if (!/^[A-Z0-9]*$/.test(text)) return vehicleMessages.vinCharacters;
  if (/[IOQ]/.test(text)) return vehicleMessages.vinForbiddenLetters;
  if (text.length !== 17) return vehicleMessages.vinLength;
  return null;
}

/** A VIN as stored: trimmed and upper-cased. */
export function normaliseVin(vin: string): string {
  return vin.trim().toUpperCase();
}

export type RegistrationStatus = 'expired' | 'expiring' | 'current' | 'unknown';

/**
 * Whether a registration needs attention on `today`: expired (before today), expiring (within
 * REGISTRATION_WARNING_DAYS days from today, today included), current, or unknown (no date).
 */
export function registrationStatus(expires: BusinessDate | null, today: BusinessDate): RegistrationStatus {
  if (expires === null) return 'unknown';
  if (expires < today) return 'expired';
  if (expires <= addDays(today, REGISTRATION_WARNING_DAYS)) return 'expiring';
  return 'current';
}

export const needsRenewal = (status: RegistrationStatus): boolean =>
  status === 'expired' || status === 'expiring';

// ---- Responses --------------------------------------------------------------------------

/**
 * A row of GET /api/admin/vehicles and the answer of GET /api/admin/vehicles/:id; `driveLicense`
 * is masked ('•••• 4321'), POST …/:id/reveal answers it in the clear.
 */
export interface VehicleView extends VehicleDetails {
  readonly vehicleId: number;
  readonly projectName: string;
  readonly issuedToName: string;
  readonly registration: RegistrationStatus;
}

/** One entry of a code list (spec §3: Id, SubId, Title, Desc). */
export interface CodeListEntry {
  readonly id: number;
  readonly subId: number;
  readonly title: string;
  readonly desc: string | null;
}

/** What adding a code list entry answers: the entry, and where its event landed ('commit/prepare'). */
export interface CodeListEntryAnswer {
  readonly entry: CodeListEntry;
  readonly position: string | null;
}

/** GET /api/admin/vehicles/options: what the project and Issued To pickers offer. */
export interface VehicleOptions {
  readonly projects: readonly { readonly projectId: number; readonly name: string }[];
  readonly people: readonly { readonly staffId: number; readonly name: string }[];
}

/** POST /api/admin/vehicles/:id/reveal: the licence number in the clear (null: none stored). */
export interface VehicleRevealResponse {
  readonly vehicleId: number;
  readonly driveLicense: string | null;
}

/** What a vehicle command answers (the position lets the answer wait for the read models). */
export interface VehicleChangeAnswer {
  readonly vehicleId: number;
  readonly position: string | null;
}
