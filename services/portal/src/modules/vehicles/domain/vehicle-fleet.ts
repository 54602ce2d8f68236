import {
  VEHICLE_CODE_LISTS,
  VEHICLE_FIELD_LABELS as LABEL,
  REQUIRED_VEHICLE_FIELDS,
  changedFields,
  normaliseVin,
  vehicleMessages,
  vinProblem,
  type VehicleDetails,
  type VehicleDetailsChanged,
  type VehicleDriveLicenseRevealed,
  type VehicleRegistered,
  type VehicleRemoved,
} from '@portal/contracts';
import { DomainError, ProblemList } from '../../../kernel/domain-error';
import { isFilledText, isPositiveWholeNumber } from '../../../kernel/rules';

/** The one stream `vehicles`: the firm's fleet (a few hundred vehicles at most). */
export const VEHICLES_STREAM_ID = 'vehicles';

/** The key subject of a vehicle's sensitive value (its licence number, sealed with its own key). */
export const vehicleSubject = (vehicleId: number): string => `vehicle-${vehicleId}`;

export type VehicleEvent =
  | { readonly type: 'VehicleRegistered'; readonly data: VehicleRegistered }
  | { readonly type: 'VehicleDetailsChanged'; readonly data: VehicleDetailsChanged }
  | { readonly type: 'VehicleRemoved'; readonly data: VehicleRemoved }
  | { readonly type: 'VehicleDriveLicenseRevealed'; readonly data: VehicleDriveLicenseRevealed };

/** Who sends a vehicle command: a sightstream admin (owner scope 2) manages only owner-2 data. */
export interface FleetEditor {
  readonly ownerScope: number | null;
}

/**
 * What the handler looked up for the decider: the owner of every project and person the command
 * names (absent = unknown or closed), and the titles of the code lists the form picks from.
 */
export interface FleetReferences {
  readonly projectOwners: ReadonlyMap<number, number>;
  readonly staffOwners: ReadonlyMap<number, number>;
  /** The people named who are no longer active (a vehicle is issued only to someone active). */
  readonly inactiveStaff: ReadonlySet<number>;
  /** The projects named that are closed (a vehicle is put only on an open project). */
  readonly closedProjects: ReadonlySet<number>;
  /** Code list id -> its titles (years 1, makes 2, insurers 6, gas cards 10). */
  readonly codeLists: ReadonlyMap<number, readonly string[]>;
}

/**
 * `data.driveLicense` is as it is to be stored: sealed by the handler with the key of the vehicle
 * it expects to register (`licenceFor`, null when there is no licence).
 */
export type RegisterVehicle = {
  readonly type: 'RegisterVehicle';
  readonly data: VehicleDetails;
  readonly licenceFor: number | null;
  readonly editor: FleetEditor;
  readonly references: FleetReferences;
};

/**
 * `data.driveLicense` is as it is to be stored (the stored value itself when the plain text did
 * not change, else sealed anew); the handler compared against `licence.basis` (the stored value
 * then) and records `licence.before` (that value sealed) as the before of a change.
 */
export type ChangeVehicleDetails = {
  readonly type: 'ChangeVehicleDetails';
  readonly vehicleId: number;
  readonly data: VehicleDetails;
  readonly licence: { readonly basis: string | null; readonly before: string | null };
  readonly editor: FleetEditor;
  readonly references: FleetReferences;
};

export type RemoveVehicle = {
  readonly type: 'RemoveVehicle';
  readonly vehicleId: number;
  readonly editor: FleetEditor;
  readonly references: Pick<FleetReferences, 'projectOwners' | 'staffOwners'>;
};

/** An admin reads the licence number in the clear: recorded first (VehicleDriveLicenseRevealed). */
export type RevealDriveLicense = {
  readonly type: 'RevealDriveLicense';
  readonly vehicleId: number;
  readonly editor: FleetEditor;
  readonly references: Pick<FleetReferences, 'projectOwners' | 'staffOwners'>;
};

export type VehicleCommand = RegisterVehicle | ChangeVehicleDetails | RemoveVehicle | RevealDriveLicense;

export interface FleetState {
  /** The vehicles in the fleet now (removed ones are gone). */
  readonly vehicles: ReadonlyMap<number, VehicleDetails>;
  /** The highest id ever given, so a removed vehicle's id is never reused. */
  readonly lastId: number;
}

/** The fields picked from a code list, and which list. */
const LISTED_FIELDS = [
  ['year', VEHICLE_CODE_LISTS.years],
  ['make', VEHICLE_CODE_LISTS.makes],
  ['insuranceCompany', VEHICLE_CODE_LISTS.insurers],
  ['gasCardNumber', VEHICLE_CODE_LISTS.gasCards],
] as const;

/** The list's own title for a value picked from it in any case ('ford' is stored as 'Ford'). */
function listedTitle(value: string, listId: number, references: FleetReferences): string {
  const typed = value.trim();
  const titles = references.codeLists.get(listId) ?? [];
  return titles.find((t) => t.toLowerCase() === typed.toLowerCase()) ?? typed;
}

/**
 * The vehicle's details as stored: text trimmed, blanks as null, the VIN upper-cased, code-list
 * values as the list spells them.
 */
function normalised(d: VehicleDetails, references: FleetReferences): VehicleDetails {
  const text = (value: string | null) => (isFilledText(value) ? value.trim() : null);
  const listed = (value: string, listId: number) => listedTitle(value, listId, references);
  return {
    year: listed(d.year, VEHICLE_CODE_LISTS.years),
    make: listed(d.make, VEHICLE_CODE_LISTS.makes),
    model: text(d.model),
    vin: isFilledText(d.vin) ? normaliseVin(d.vin) : null,
    projectId: d.projectId,
    issuedTo: d.issuedTo,
    registryExpireDate: d.registryExpireDate,
    plateNumber: text(d.plateNumber),
    driveLicense: text(d.driveLicense),
    insuranceCompany: listed(d.insuranceCompany, VEHICLE_CODE_LISTS.insurers),
    financialInstitution: text(d.financialInstitution),
    easyTagNumber: text(d.easyTagNumber),
    gasCardNumber: listed(d.gasCardNumber, VEHICLE_CODE_LISTS.gasCards),
    comment: text(d.comment),
  };
}

/**
 * The form's rules (spec §5): required fields, the VIN, values from the code lists, a known open
 * project, and a known person who is active unless the vehicle was already issued to them.
 */
export function checkDetails(
  d: VehicleDetails,
  references: FleetReferences,
  before?: Pick<VehicleDetails, 'projectId' | 'issuedTo'>,
): void {
  const problems = new ProblemList();
  for (const field of REQUIRED_VEHICLE_FIELDS) {
    const value = d[field];
    const given = typeof value === 'number' ? isPositiveWholeNumber(value) : isFilledText(value);
    if (!given) problems.add(field, vehicleMessages.required(LABEL[field]));
  }
  if (isFilledText(d.vin)) {
    const problem = vinProblem(d.vin);
    if (problem) problems.add('vin', problem);
  }
  for (const [field, listId] of LISTED_FIELDS) {
    const value = d[field];
    if (!isFilledText(value)) continue;
    const titles = references.codeLists.get(listId) ?? [];
    const known = titles.some((t) => t.toLowerCase() === value.trim().toLowerCase());
    if (!known) problems.add(field, vehicleMessages.notInList(LABEL[field], value.trim()));
  }
  // A vehicle already on a project that closed since keeps it; a new one or a move needs an open one.
  const closedNow = d.projectId !== before?.projectId && references.closedProjects.has(d.projectId);
  if (isPositiveWholeNumber(d.projectId) && (!references.projectOwners.has(d.projectId) || closedNow))
    problems.add('projectId', vehicleMessages.unknownProject(d.projectId));
  if (isPositiveWholeNumber(d.issuedTo) && !references.staffOwners.has(d.issuedTo))
    problems.add('issuedTo', vehicleMessages.unknownPerson(d.issuedTo));
  else if (d.issuedTo !== before?.issuedTo && references.inactiveStaff.has(d.issuedTo))
    problems.add('issuedTo', vehicleMessages.inactivePerson(d.issuedTo));
  problems.throwIfAny();
}

/** A sightstream admin may set only owner-2 projects and people. */
function checkScope(d: VehicleDetails, editor: FleetEditor, references: FleetReferences): void {
  const scope = editor.ownerScope;
  if (scope === null) return;
  if (references.projectOwners.get(d.projectId) !== scope || references.staffOwners.get(d.issuedTo) !== scope)
    throw DomainError.forbidden(vehicleMessages.outOfScope);
}

/**
 * The vehicle the command names, in the editor's scope: unknown (or removed) is 404; for a
 * sightstream admin, a vehicle whose project or issued-to person belongs to another organisation
 * is 404 too (they cannot know it). `references` must hold the owners of the vehicle's current
 * project and person.
 */
export function existing(
  state: FleetState,
  vehicleId: number,
  editor: FleetEditor,
  references: Pick<FleetReferences, 'projectOwners' | 'staffOwners'>,
): VehicleDetails {
  const vehicle = state.vehicles.get(vehicleId);
  if (!vehicle) throw DomainError.notFound(vehicleMessages.notFound(vehicleId));
  const scope = editor.ownerScope;
  const inScope =
    scope === null ||
    (references.projectOwners.get(vehicle.projectId) === scope &&
      references.staffOwners.get(vehicle.issuedTo) === scope);
  if (!inScope) throw DomainError.notFound(vehicleMessages.notFound(vehicleId));
  return vehicle;
}

export const fleetDecider = {
  initialState: (): FleetState => ({ vehicles: new Map(), lastId: 0 }),

  evolve(state: FleetState, event: VehicleEvent): FleetState {
    const vehicles = new Map(state.vehicles);
    switch (event.type) {
      case 'VehicleRegistered': {
        const { vehicleId, ...details } = event.data;
        vehicles.set(vehicleId, details);
        return { vehicles, lastId: Math.max(state.lastId, vehicleId) };
      }
      case 'VehicleDetailsChanged': {
        const current = vehicles.get(event.data.vehicleId);
        if (current) vehicles.set(event.data.vehicleId, { ...current, ...event.data.after });
        return { ...state, vehicles };
      }
      case 'VehicleRemoved':
        vehicles.delete(event.data.vehicleId);
        return { ...state, vehicles };
      case 'VehicleDriveLicenseRevealed':
        return state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: VehicleCommand, state: FleetState): VehicleEvent[] {
    switch (command.type) {
      case 'RegisterVehicle': {
        checkDetails(command.data, command.references);
        checkScope(command.data, command.editor, command.references);
        const vehicleId = state.lastId + 1;
        // Sealed for another id (someone registered one in between): the handler seals again.
        if (command.licenceFor !== null && command.licenceFor !== vehicleId)
          throw DomainError.conflict(vehicleMessages.fleetChanged);
        return [
          { type: 'VehicleRegistered', data: { vehicleId, ...normalised(command.data, command.references) } },
        ];
      }
      case 'ChangeVehicleDetails': {
        const current = existing(state, command.vehicleId, command.editor, command.references);
        // The licence was compared against another stored value: changed since, decide again.
        if (current.driveLicense !== command.licence.basis)
          throw DomainError.conflict(vehicleMessages.fleetChanged);
        checkDetails(command.data, command.references, current);
        checkScope(command.data, command.editor, command.references);
        const changes = changedFields(current, normalised(command.data, command.references));
        if (!changes) return [];
        // An older event's plain licence is recorded as "before" only sealed.
        const before =
          'driveLicense' in changes.before
            ? { ...changes.before, driveLicense: command.licence.before }
            : changes.before;
        return [
          { type: 'VehicleDetailsChanged', data: { vehicleId: command.vehicleId, ...changes, before } },
        ];
      }
      case 'RemoveVehicle': {
        existing(state, command.vehicleId, command.editor, command.references);
        return [{ type: 'VehicleRemoved', data: { vehicleId: command.vehicleId } }];
      }
      case 'RevealDriveLicense': {
        existing(state, command.vehicleId, command.editor, command.references);
        return [{ type: 'VehicleDriveLicenseRevealed', data: { vehicleId: command.vehicleId } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
