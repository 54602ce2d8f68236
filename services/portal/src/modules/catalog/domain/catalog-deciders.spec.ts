// Over 350 lines on purpose: the owner, client and project deciders' rules side by side, one given/when/then each.
import { clientDecider, type ClientCommand, type ClientEvent } from './client';
import { ownerDecider, type OwnerCommand } from './owner';
import { projectDecider, type ProjectCommand, type ProjectEvent, type ProjectTerms } from './project';
import { broken, given } from '../../../kernel/testing/given-when-then';

describe('owner', () => {
  const register = (ownerId: number, name: string): OwnerCommand => ({
    type: 'RegisterOwner',
    data: { ownerId, name },
  });

  it('registers an owner with a trimmed name', () => {
    expect(given(ownerDecider, []).when(register(2, ' Sightstream ')).events).toEqual([
      { type: 'OwnerRegistered', data: { ownerId: 2, name: 'Sightstream' } },
    ]);
  });

  it('needs a name and a whole-number id', () => {
    const error = broken(given(ownerDecider, []).when(register(1.5, ' ')));
    expect(error.code).toBe('validation');
    expect(error.problems).toEqual([
      { path: 'ownerId', message: 'Owner must be a whole number' },
      { path: 'name', message: 'Owner Name must have a value' },
    ]);
  });

  it('refuses a second registration', () => {
    const error = broken(
      given(ownerDecider, [{ type: 'OwnerRegistered', data: { ownerId: 1, name: 'Smartwork' } }]).when(
        register(1, 'Again'),
      ),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toBe('Owner 1 already exists.');
  });
});

describe('client', () => {
  const register = (
    data: Partial<Extract<ClientCommand, { type: 'RegisterClient' }>['data']>,
  ): ClientCommand => ({
    type: 'RegisterClient',
    data: { clientId: 4, name: 'Northwind', ...data },
  });

  it('registers a client with address and contacts, empty address fields as null', () => {
    const events = given(clientDecider, []).when(
      register({ city: ' Calgary ', contacts: [{ name: 'Pat', email: 'Pat@Northwind.Example' }] }),
    ).events;
    expect(events).toEqual<ClientEvent[]>([
      {
        type: 'ClientRegistered',
        data: {
          clientId: 4,
          name: 'Northwind',
          addressLine1: null,
          addressLine2: null,
          city: 'Calgary',
          stateProvince: null,
          countryRegion: null,
          zipPostalCode: null,
          phone: null,
          contacts: [{ name: 'Pat', email: 'pat@northwind.example' }],
        },
      },
    ]);
  });

  it('needs a client name and valid contacts', () => {
    const error = broken(
      given(clientDecider, []).when(register({ name: '', contacts: [{ name: '', email: 'nope' }] })),
    );
    expect(error.problems).toEqual([
      { path: 'name', message: 'Client Name must have a value' },
      { path: 'contacts.0.name', message: 'Contact Name must have a value' },
      { path: 'contacts.0.email', message: 'Contact Email must be a valid email address' },
    ]);
  });

  it('refuses a second registration', () => {
    const first = given(clientDecider, []).when(register({})).events;
    expect(broken(given(clientDecider, first).when(register({}))).code).toBe('conflict');
  });

  it('remembers which scope registered it (a sightstream admin: owner 2)', () => {
    const [event] = given(clientDecider, []).when(register({ scopeOwnerId: 2 })).events;
    expect(event!.data).toMatchObject({ clientId: 4, scopeOwnerId: 2 });
  });

  const change = (
    data: Partial<Extract<ClientCommand, { type: 'ChangeClientDetails' }>['data']>,
  ): ClientCommand => ({
    type: 'ChangeClientDetails',
    data: {
      clientId: 4,
      name: 'Northwind',
      contacts: [{ name: 'Pat', email: 'pat@northwind.example' }],
      ...data,
    },
  });
  const registered = () =>
    given(clientDecider, []).when(register({ contacts: [{ name: 'Pat', email: 'pat@northwind.example' }] }))
      .events;

  it('records a change as before → after of exactly the changed fields, contacts as a list', () => {
    const events = given(clientDecider, registered()).when(
      change({
        city: 'Edmonton',
        contacts: [
          { name: 'Pat', email: 'pat@northwind.example' },
          { name: 'Lee', email: 'LEE@northwind.example' },
        ],
      }),
    ).events;
    expect(events).toEqual<ClientEvent[]>([
      {
        type: 'ClientDetailsChanged',
        data: {
          clientId: 4,
          before: { city: null, contacts: [{ name: 'Pat', email: 'pat@northwind.example' }] },
          after: {
            city: 'Edmonton',
            contacts: [
              { name: 'Pat', email: 'pat@northwind.example' },
              { name: 'Lee', email: 'lee@northwind.example' },
            ],
          },
        },
      },
    ]);
  });

  it('a change that changes nothing records nothing; a removed contact is recorded', () => {
    expect(given(clientDecider, registered()).when(change({ name: ' Northwind ' })).events).toEqual([]);
    const [removed] = given(clientDecider, registered()).when(change({ contacts: [] })).events;
    expect(removed!.data).toEqual({
      clientId: 4,
      before: { contacts: [{ name: 'Pat', email: 'pat@northwind.example' }] },
      after: { contacts: [] },
    });
  });

  it('changing an unknown client is not found; a change sees earlier changes', () => {
    expect(broken(given(clientDecider, []).when(change({}))).code).toBe('not_found');
    const first = given(clientDecider, registered()).when(change({ phone: '555' })).events;
    expect(given(clientDecider, [...registered(), ...first]).when(change({ phone: '555' })).events).toEqual(
      [],
    );
  });
});

describe('project', () => {
  const terms: ProjectTerms = {
    clientId: 1,
    ownerId: 1,
    name: 'Harbour Bridge',
    billingCycle: 'Fixed Offset (26 to 25)',
    invoiceCurrency: 'cad',
    isActive: true,
  };
  const known = { clientExists: true, ownerExists: true };
  const open = (data: Partial<ProjectTerms> = {}, references = known): ProjectCommand => ({
    type: 'OpenProject',
    data: { projectId: 7, ...terms, ...data },
    references,
  });
  const opened: ProjectEvent = {
    type: 'ProjectOpened',
    data: {
      projectId: 7,
      clientId: 1,
      ownerId: 1,
      name: 'Harbour Bridge',
      billingCycle: 'Fixed Offset (26 to 25)',
      invoiceCurrency: 'CAD',
      isActive: true,
    },
  };
  const update = (data: Partial<ProjectTerms>, references = known): ProjectCommand => ({
    type: 'UpdateProject',
    data: { projectId: 7, ...data },
    references,
  });

  it('opens a project, currency upper-cased', () => {
    // A new project not said to be a sub-project records that it is not (older events default otherwise).
    expect(given(projectDecider, []).when(open()).events).toEqual([
      { ...opened, data: { ...opened.data, isSubProject: false } },
    ]);
  });

  it('opens an inactive project when asked', () => {
    expect(given(projectDecider, []).when(open({ isActive: false })).events).toEqual([
      { ...opened, data: { ...opened.data, isActive: false, isSubProject: false } },
    ]);
  });

  it('needs client, owner, name, invoice currency, billing cycle and active', () => {
    const error = broken(
      given(projectDecider, []).when({
        type: 'OpenProject',
        data: { projectId: 7, name: ' ' } as never,
        references: known,
      }),
    );
    expect(error.code).toBe('validation');
    expect(error.problems.map((p) => p.message)).toEqual([
      'Client must have a value',
      'Owner must have a value',
      'Project Name must have a value',
      'Invoice Currency must have a value',
      'Billing Cycle must have a value',
      'Active must have a value',
    ]);
  });

  it('accepts only the known currencies and billing cycles', () => {
    const error = broken(
      given(projectDecider, []).when(open({ invoiceCurrency: 'JPY', billingCycle: 'Fortnightly' })),
    );
    expect(error.problems).toEqual([
      { path: 'invoiceCurrency', message: 'Invoice Currency must be one of USD, CAD, EUR, INR, GBP, AUD' },
      {
        path: 'billingCycle',
        message:
          'Billing Cycle must be one of Standard Month (First to last), Fixed Offset (26 to 25), Weekly (Saturday to Friday), Floating Offset (Last Friday of month)',
      },
    ]);
  });

  it('refuses a client or owner that does not exist', () => {
    const error = broken(
      given(projectDecider, []).when(open({}, { clientExists: false, ownerExists: false })),
    );
    expect(error.problems).toEqual([
      { path: 'clientId', message: 'Client 1 does not exist.' },
      { path: 'ownerId', message: 'Owner 1 does not exist.' },
    ]);
  });

  it('refuses to open the same project twice', () => {
    expect(broken(given(projectDecider, [opened]).when(open())).code).toBe('conflict');
  });

  it('records only the fields an update changes', () => {
    expect(
      given(projectDecider, [opened]).when(
        update({ name: 'Harbour Bridge', invoiceCurrency: 'usd', ownerId: 2 }),
      ).events,
    ).toEqual([
      {
        type: 'ProjectUpdated',
        data: {
          projectId: 7,
          before: { invoiceCurrency: 'CAD', ownerId: 1 },
          after: { invoiceCurrency: 'USD', ownerId: 2 },
        },
      },
    ]);
  });

  it('records details and sub-project membership before → after; the first version of ProjectUpdated still replays', () => {
    const legacy: ProjectEvent = { type: 'ProjectUpdated', data: { projectId: 7, name: 'Tunnel' } };
    const events = given(projectDecider, [opened, legacy]).when({
      type: 'UpdateProject',
      data: { projectId: 7, name: 'Tunnel', poValue: '1200.5', isSubProject: false },
      references: known,
    }).events;
    // An event opened before membership was data is a sub-project (it is not 45).
    expect(events).toEqual([
      {
        type: 'ProjectUpdated',
        data: {
          projectId: 7,
          before: { poValue: null, isSubProject: true },
          after: { poValue: '1200.5', isSubProject: false },
        },
      },
    ]);
  });

  it('the umbrella project cannot be its own sub-project', () => {
    const error = broken(
      given(projectDecider, []).when({
        type: 'OpenProject',
        data: { projectId: 45, ...terms, isSubProject: true },
        references: known,
      }),
    );
    expect(error.problems).toEqual([
      { path: 'isSubProject', message: 'The umbrella project cannot be its own sub-project' },
    ]);
  });

  it('a scoped admin: another owner is forbidden to open or move to, another owner’s project is unknown', () => {
    expect(broken(given(projectDecider, []).when({ ...open(), scope: 2 } as ProjectCommand)).code).toBe(
      'forbidden',
    );
    const update1: ProjectCommand = {
      type: 'UpdateProject',
      data: { projectId: 7, name: 'x' },
      references: known,
      scope: 2,
    };
    expect(broken(given(projectDecider, [opened]).when(update1)).code).toBe('not_found');
    const del: ProjectCommand = {
      type: 'DeleteProject',
      data: { projectId: 7 },
      hasHistory: false,
      scope: 2,
    };
    expect(broken(given(projectDecider, [opened]).when(del)).code).toBe('not_found');
    const ownerTwo: ProjectEvent = { ...opened, data: { ...opened.data, ownerId: 2 } } as ProjectEvent;
    const move: ProjectCommand = {
      type: 'UpdateProject',
      data: { projectId: 7, ownerId: 1 },
      references: known,
      scope: 2,
    };
    expect(broken(given(projectDecider, [ownerTwo]).when(move)).code).toBe('forbidden');
  });

  it('delete removes a project without history, closes one with history, and a removed project is gone', () => {
    const del = (hasHistory: boolean): ProjectCommand => ({
      type: 'DeleteProject',
      data: { projectId: 7 },
      hasHistory,
    });
    const removed = given(projectDecider, [opened]).when(del(false)).events;
    expect(removed).toEqual([{ type: 'ProjectRemoved', data: { projectId: 7, name: 'Harbour Bridge' } }]);
    expect(given(projectDecider, [opened]).when(del(true)).events).toEqual([
      { type: 'ProjectClosed', data: { projectId: 7 } },
    ]);
    const closed: ProjectEvent = { type: 'ProjectClosed', data: { projectId: 7 } };
    expect(given(projectDecider, [opened, closed]).when(del(true)).events).toEqual([]);
    expect(broken(given(projectDecider, [opened, ...removed]).when(del(false))).code).toBe('not_found');
    expect(broken(given(projectDecider, [opened, ...removed]).when(open())).code).toBe('conflict');
  });

  it('an update that changes nothing records nothing', () => {
    expect(
      given(projectDecider, [opened]).when(update({ name: 'Harbour Bridge', isActive: true })).events,
    ).toEqual([]);
  });

  it('an update that clears the active box closes the project, and reopens it when ticked again', () => {
    expect(given(projectDecider, [opened]).when(update({ isActive: false })).events).toEqual([
      { type: 'ProjectClosed', data: { projectId: 7 } },
    ]);
    const closed: ProjectEvent = { type: 'ProjectClosed', data: { projectId: 7 } };
    expect(given(projectDecider, [opened, closed]).when(update({ isActive: true })).events).toEqual([
      { type: 'ProjectReopened', data: { projectId: 7 } },
    ]);
  });

  it('validates the fields an update gives', () => {
    const error = broken(given(projectDecider, [opened]).when(update({ name: '', invoiceCurrency: 'XYZ' })));
    expect(error.problems.map((p) => p.path)).toEqual(['name', 'invoiceCurrency']);
  });

  it('an update of a changed client checks that client exists', () => {
    const error = broken(
      given(projectDecider, [opened]).when(
        update({ clientId: 9 }, { clientExists: false, ownerExists: true }),
      ),
    );
    expect(error.problems).toEqual([{ path: 'clientId', message: 'Client 9 does not exist.' }]);
  });

  it('an update sees earlier updates', () => {
    const renamed: ProjectEvent = { type: 'ProjectUpdated', data: { projectId: 7, name: 'Tunnel' } };
    expect(given(projectDecider, [opened, renamed]).when(update({ name: 'Tunnel' })).events).toEqual([]);
  });

  it('closes an active project, and closing again records nothing', () => {
    const close: ProjectCommand = { type: 'CloseProject', data: { projectId: 7 } };
    const closed = given(projectDecider, [opened]).when(close).events;
    expect(closed).toEqual([{ type: 'ProjectClosed', data: { projectId: 7 } }]);
    expect(given(projectDecider, [opened, ...closed]).when(close).events).toEqual([]);
  });

  it('reopens a closed project, and reopening an active one records nothing', () => {
    const reopen: ProjectCommand = { type: 'ReopenProject', data: { projectId: 7 } };
    const closed: ProjectEvent = { type: 'ProjectClosed', data: { projectId: 7 } };
    expect(given(projectDecider, [opened, closed]).when(reopen).events).toEqual([
      { type: 'ProjectReopened', data: { projectId: 7 } },
    ]);
    expect(given(projectDecider, [opened]).when(reopen).events).toEqual([]);
  });

  it.each<ProjectCommand>([
    { type: 'UpdateProject', data: { projectId: 7, name: 'x' }, references: known },
    { type: 'CloseProject', data: { projectId: 7 } },
    { type: 'ReopenProject', data: { projectId: 7 } },
  ])('$type of a project never opened is not found', (command) => {
    const error = broken(given(projectDecider, []).when(command));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('Project 7 does not exist.');
  });
});
