// Fixed dates: a vehicle's registration expiry as form input.
import { vinProblem, vehicleMessages, type VehicleDetails } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { codeListDecider } from './code-lists';
import {
  fleetDecider,
  type ChangeVehicleDetails,
  type FleetEditor,
  type FleetReferences,
  type VehicleEvent,
} from './vehicle-fleet';

const references: FleetReferences = {
  projectOwners: new Map([
    [33, 1],
    [21, 2],
    [34, 1],
  ]),
  staffOwners: new Map([
    [3, 1],
    [5, 2],
    [7, 1],
  ]),
  inactiveStaff: new Set([7]),
  closedProjects: new Set([34]),
  codeLists: new Map([
    [1, ['2024']],
    [2, ['Ford', 'Toyota']],
    [6, ['Aviva']],
    [10, ['Shell Fleet']],
  ]),
};

const truck: VehicleDetails = {
  year: '2024',
  make: 'Ford',
  model: ' F-150 ',
  vin: '1ftfw1e50nfa00001',
  projectId: 33,
  issuedTo: 3,
  registryExpireDate: '2026-12-01',
  plateNumber: '',
  driveLicense: null,
  insuranceCompany: 'Aviva',
  financialInstitution: null,
  easyTagNumber: null,
  gasCardNumber: 'Shell Fleet',
  comment: null,
};

/** The stored licence the handler compared against (none), recorded as it is. */
const unchanged = { basis: null, before: null };

const firm = { ownerScope: null };
const sightstream = { ownerScope: 2 };

const registered: VehicleEvent = {
  type: 'VehicleRegistered',
  data: { vehicleId: 1, ...truck, model: 'F-150', vin: '1FTFW1E50NFA00001', plateNumber: null },
};

/** RegisterVehicle of `data` on `history` (none by default), by the firm unless `editor` says. */
function register(
  data: VehicleDetails,
  { history = [], editor = firm, licenceFor = null }: Given & { licenceFor?: number | null } = {},
) {
  return given(fleetDecider, history).when({ type: 'RegisterVehicle', licenceFor, data, editor, references });
}

/** ChangeVehicleDetails of vehicle 1 to `data` on `history` (registered by default), by the firm. */
function change(
  data: VehicleDetails,
  {
    history = [registered],
    editor = firm,
    licence = unchanged,
  }: Given & { licence?: ChangeVehicleDetails['licence'] } = {},
) {
  return given(fleetDecider, history).when({
    type: 'ChangeVehicleDetails',
    licence,
    vehicleId: 1,
    data,
    editor,
    references,
  });
}

interface Given {
  history?: readonly VehicleEvent[];
  editor?: FleetEditor;
}

describe('the VIN rule', () => {
  it('accepts 17 letters and digits without I, O or Q', () => {
    expect(vinProblem('1FTFW1E50NFA00001')).toBeNull();
  });
  it('names the rule a VIN breaks', () => {
    expect(vinProblem('1FTFW1E50NFA0000')).toBe(vehicleMessages.vinLength);
    expect(vinProblem('1FTFW1E50NFA000012')).toBe(vehicleMessages.vinLength);
    expect(vinProblem('1FTFW1E50NFA0000-')).toBe(vehicleMessages.vinCharacters);
    expect(vinProblem('1FTFW1E50NFAO0001')).toBe(vehicleMessages.vinForbiddenLetters);
    expect(vinProblem('IFTFW1E50NFA00001')).toBe(vehicleMessages.vinForbiddenLetters);
    expect(vinProblem('QFTFW1E50NFA00001')).toBe(vehicleMessages.vinForbiddenLetters);
  });
});

describe('registering a vehicle', () => {
  it('gives the next id and stores the details trimmed, the VIN upper-cased', () => {
    const events = register(truck, { history: [registered] }).events;
    expect(events).toEqual([
      {
        type: 'VehicleRegistered',
        data: { ...registered.data, vehicleId: 2 },
      },
    ]);
  });

  it('names every missing required field beside it', () => {
    const empty = {
      ...truck,
      year: '',
      make: ' ',
      projectId: 0,
      issuedTo: 0,
      insuranceCompany: '',
      gasCardNumber: '',
    };
    const error = broken(register(empty));
    expect(error.code).toBe('validation');
    expect(error.problems).toEqual([
      { path: 'year', message: 'Year is required.' },
      { path: 'make', message: 'Make is required.' },
      { path: 'projectId', message: 'Project is required.' },
      { path: 'issuedTo', message: 'Issued To is required.' },
      { path: 'insuranceCompany', message: 'Insurance Company is required.' },
      { path: 'gasCardNumber', message: 'Gas Card is required.' },
    ]);
  });

  it('refuses a bad VIN, a make not in its list, an unknown project and person', () => {
    const error = broken(register({ ...truck, vin: 'ABC', make: 'Lada', projectId: 99, issuedTo: 98 }));
    expect(error.problems).toEqual([
      { path: 'vin', message: vehicleMessages.vinLength },
      { path: 'make', message: vehicleMessages.notInList('Make', 'Lada') },
      { path: 'projectId', message: vehicleMessages.unknownProject(99) },
      { path: 'issuedTo', message: vehicleMessages.unknownPerson(98) },
    ]);
  });

  it('a sightstream admin may issue only owner-2 vehicles to owner-2 people', () => {
    const owner1 = register(truck, { editor: sightstream });
    expect(broken(owner1).code).toBe('forbidden');
    const mixed = register({ ...truck, projectId: 21 }, { editor: sightstream });
    expect(broken(mixed).code).toBe('forbidden');
    const own = register({ ...truck, projectId: 21, issuedTo: 5 }, { editor: sightstream });
    expect(own.events).toHaveLength(1);
  });
});

describe('issuing to someone no longer active', () => {
  it('is refused for a new vehicle and for a change of person, not for an edit that keeps them', () => {
    const toIvan = { ...truck, issuedTo: 7 };
    const fresh = register(toIvan);
    expect(broken(fresh).problems).toEqual([
      { path: 'issuedTo', message: vehicleMessages.inactivePerson(7) },
    ]);
    const moved = change(toIvan);
    expect(broken(moved).code).toBe('validation');
    const ivans: VehicleEvent = { type: 'VehicleRegistered', data: { ...registered.data, issuedTo: 7 } };
    const kept = change({ ...toIvan, comment: 'Returned keys' }, { history: [ivans] });
    expect(kept.events).toHaveLength(1);
  });
});

describe('changing and removing a vehicle', () => {
  it('records exactly the changed fields, before and after', () => {
    const events = change({ ...truck, make: 'Toyota', comment: 'New tyres' }).events;
    expect(events).toEqual([
      {
        type: 'VehicleDetailsChanged',
        data: {
          vehicleId: 1,
          before: { make: 'Ford', comment: null },
          after: { make: 'Toyota', comment: 'New tyres' },
        },
      },
    ]);
  });

  it('a change that changes nothing records nothing', () => {
    const decision = change(truck);
    expect(decision.events).toEqual([]);
  });

  it('a removed vehicle is gone: changing or removing it again is 404, and its id is not reused', () => {
    const history: VehicleEvent[] = [registered, { type: 'VehicleRemoved', data: { vehicleId: 1 } }];
    const again = given(fleetDecider, history).when({
      type: 'RemoveVehicle',
      vehicleId: 1,
      editor: firm,
      references,
    });
    expect(broken(again).code).toBe('not_found');
    const next = register(truck, { history });
    expect(next.events[0]).toMatchObject({ data: { vehicleId: 2 } });
  });

  it('a sightstream admin cannot see an owner-1 vehicle to change or remove it', () => {
    const decision = given(fleetDecider, [registered]).when({
      type: 'RemoveVehicle',
      vehicleId: 1,
      editor: sightstream,
      references,
    });
    expect(broken(decision).code).toBe('not_found');
  });
});

describe('code lists', () => {
  it('adds an entry with the next sub id of its list', () => {
    const history = [
      { type: 'CodeListEntryAdded' as const, data: { listId: 2, subId: 1, title: 'Ford', desc: null } },
    ];
    expect(
      given(codeListDecider, history).when({
        type: 'AddCodeListEntry',
        data: { listId: 2, title: ' Kia ', desc: '' },
      }).events,
    ).toEqual([{ type: 'CodeListEntryAdded', data: { listId: 2, subId: 2, title: 'Kia', desc: null } }]);
  });

  it('refuses a blank title, a title already listed (any case), and a year that is not four digits', () => {
    const history = [
      { type: 'CodeListEntryAdded' as const, data: { listId: 2, subId: 1, title: 'Ford', desc: null } },
    ];
    const blank = given(codeListDecider, history).when({
      type: 'AddCodeListEntry',
      data: { listId: 2, title: ' ', desc: null },
    });
    expect(broken(blank).problems).toEqual([{ path: 'title', message: vehicleMessages.titleRequired }]);
    const twice = given(codeListDecider, history).when({
      type: 'AddCodeListEntry',
      data: { listId: 2, title: 'FORD', desc: null },
    });
    expect(broken(twice).code).toBe('conflict');
    const notAYear = given(codeListDecider).when({
      type: 'AddCodeListEntry',
      data: { listId: 1, title: '24', desc: null },
    });
    expect(broken(notAYear).problems).toEqual([{ path: 'title', message: vehicleMessages.yearTitle }]);
  });
});

describe('the licence number (sealed by the handler)', () => {
  const sealedBefore = 'pd1:old-sealed';
  const legacy: VehicleEvent = {
    type: 'VehicleRegistered',
    data: { ...registered.data, driveLicense: 'D-123' },
  };

  it('records the sealed before of an older plain licence, never the plain text', () => {
    const events = change(
      { ...truck, driveLicense: 'pd1:new-sealed' },
      { history: [legacy], licence: { basis: 'D-123', before: sealedBefore } },
    ).events;
    expect(events).toEqual([
      {
        type: 'VehicleDetailsChanged',
        data: {
          vehicleId: 1,
          before: { driveLicense: sealedBefore },
          after: { driveLicense: 'pd1:new-sealed' },
        },
      },
    ]);
  });

  it('refuses a change compared against a licence changed since, and a registration sealed for another id', () => {
    const stale = broken(
      change(
        { ...truck, driveLicense: 'pd1:x' },
        { history: [legacy], licence: { basis: 'D-999', before: null } },
      ),
    );
    expect(stale).toMatchObject({ code: 'conflict', message: vehicleMessages.fleetChanged });
    const taken = broken(
      register({ ...truck, driveLicense: 'pd1:x' }, { history: [registered], licenceFor: 1 }),
    );
    expect(taken).toMatchObject({ code: 'conflict', message: vehicleMessages.fleetChanged });
  });

  it('records a reveal only of a vehicle in the editor’s scope', () => {
    const reveal = { type: 'RevealDriveLicense' as const, vehicleId: 1, references };
    expect(given(fleetDecider, [legacy]).when({ ...reveal, editor: firm }).events).toEqual([
      { type: 'VehicleDriveLicenseRevealed', data: { vehicleId: 1 } },
    ]);
    expect(broken(given(fleetDecider, [legacy]).when({ ...reveal, editor: sightstream })).code).toBe(
      'not_found',
    );
  });
});

describe('a closed project', () => {
  it('takes no new vehicle and no vehicle moved onto it; one already on it keeps it', () => {
    const onClosed = { ...truck, projectId: 34 };
    const registering = register(onClosed);
    expect(broken(registering).problems).toEqual([
      { path: 'projectId', message: vehicleMessages.unknownProject(34) },
    ]);
    const moving = change(onClosed);
    expect(broken(moving).problems).toEqual([
      { path: 'projectId', message: vehicleMessages.unknownProject(34) },
    ]);
    const alreadyThere: VehicleEvent = {
      type: 'VehicleRegistered',
      data: { ...registered.data, projectId: 34 },
    };
    const keeping = change({ ...onClosed, comment: 'Still here' }, { history: [alreadyThere] });
    expect(keeping.events).toHaveLength(1);
  });
});

describe('code-list values', () => {
  it('are stored as the list spells them, whatever the case typed; the same value in another case is no change', () => {
    const typed = { ...truck, make: ' toyota ', insuranceCompany: 'AVIVA', gasCardNumber: 'shell fleet' };
    const events = register(typed).events;
    expect(events[0].data).toMatchObject({
      make: 'Toyota',
      insuranceCompany: 'Aviva',
      gasCardNumber: 'Shell Fleet',
    });
    const again = change({ ...truck, make: 'FORD' }).events;
    expect(again).toEqual([]);
  });
});
