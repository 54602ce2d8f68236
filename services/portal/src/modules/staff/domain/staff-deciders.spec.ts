// Fixed dates: the staff deciders given their own instants.
import { broken, given } from '../../../kernel/testing/given-when-then';
import {
  staffDecider,
  userTypeOf,
  type RegisterStaffMember,
  type StaffCommand,
  type StaffEvent,
} from './staff-member';
import { registeredPerson } from './registered-fixture';
import { usernameDecider, usernameStreamId, type UsernameEvent } from './username-reservation';

const free = { ownerExists: true, usernameHeldBy: null };
/** A firm admin (no owner scope), not the person changed. */
const firmAdmin = { staffId: 1, ownerScope: null };

const register = (
  data: Partial<RegisterStaffMember['data']> = {},
  references: RegisterStaffMember['references'] = free,
): StaffCommand => ({
  type: 'RegisterStaffMember',
  data: {
    staffId: 3,
    username: ' Carlos.Contractor@Smartwork.Example ',
    firstName: 'Carlos',
    lastName: 'Contractor',
    ownerId: 1,
    ...data,
  },
  references,
});

const registered: StaffEvent = {
  type: 'StaffMemberRegistered',
  schemaVersion: 2,
  data: registeredPerson(3, 1, { username: 'carlos.contractor@smartwork.example', startDate: null }),
};

describe('staff member', () => {
  it('registers a person: lower-case sign-in address, composed name, default flags', () => {
    expect(given(staffDecider, []).when(register()).events).toEqual([registered]);
  });

  it('keeps the given display name, middle name, flags and profile', () => {
    const kept = {
      name: 'Carl C.',
      middleName: 'J',
      isAdmin: true,
      needReceipt: true,
      canEditRoster: true,
      isActive: false,
      dob: '1990-04-01',
    };
    const [event] = given(staffDecider, []).when(register({ ...kept, city: ' Calgary ' })).events;
    expect(event.data).toMatchObject({ ...kept, city: 'Calgary' });
  });

  it('composes the name from first, middle and last', () => {
    const [event] = given(staffDecider, []).when(register({ middleName: 'Jo' })).events;
    expect(event.data).toMatchObject({ name: 'Carlos Jo Contractor' });
  });

  it('needs a sign-in address that is an e-mail, first and last name and an owner', () => {
    const error = broken(
      given(staffDecider, []).when(
        register({ username: 'carlos', firstName: '', lastName: ' ', ownerId: 0 }),
      ),
    );
    expect(error.code).toBe('validation');
    expect(error.problems).toEqual([
      { path: 'username', message: 'Sign-in address must be an e-mail address' },
      { path: 'firstName', message: 'First Name must have a value' },
      { path: 'lastName', message: 'Last Name must have a value' },
      { path: 'ownerId', message: 'Owner must have a value' },
    ]);
  });

  it('needs a sign-in address at all, a well-formed date of birth and a real start date', () => {
    const error = broken(
      given(staffDecider, []).when(register({ username: ' ', dob: '01/04/1990', startDate: '2026-02-30' })),
    );
    expect(error.problems).toEqual([
      { path: 'username', message: 'Sign-in address must have a value' },
      { path: 'dob', message: 'Date of birth must be YYYY-MM-DD' },
      { path: 'startDate', message: 'Start Date must be a date (YYYY-MM-DD)' },
    ]);
  });

  it('records the start date given, trimmed', () => {
    const [event] = given(staffDecider, []).when(register({ startDate: ' 2026-12-01 ' })).events;
    expect(event.data).toMatchObject({ startDate: '2026-12-01' });
  });

  it('refuses an owner that does not exist', () => {
    const error = broken(
      given(staffDecider, []).when(register({ ownerId: 5 }, { ownerExists: false, usernameHeldBy: null })),
    );
    expect(error.problems).toEqual([{ path: 'ownerId', message: 'Owner 5 does not exist.' }]);
  });

  it('refuses a sign-in address someone else holds', () => {
    const error = broken(
      given(staffDecider, []).when(register({}, { ownerExists: true, usernameHeldBy: 9 })),
    );
    expect(error.problems).toEqual([
      {
        path: 'username',
        message: 'The sign-in address carlos.contractor@smartwork.example belongs to someone else.',
      },
    ]);
  });

  it('accepts an address already reserved for this same person (a retried registration)', () => {
    expect(
      given(staffDecider, []).when(register({}, { ownerExists: true, usernameHeldBy: 3 })).events,
    ).toEqual([registered]);
  });

  it('refuses to register the same person twice', () => {
    expect(broken(given(staffDecider, [registered]).when(register())).code).toBe('conflict');
  });

  it('records only the access flags that change', () => {
    expect(
      given(staffDecider, [registered]).when({
        type: 'ChangeStaffAccess',
        actor: firmAdmin,
        data: { staffId: 3, isAdmin: true, isActive: true, canEditRoster: true },
      }).events,
    ).toEqual([
      {
        type: 'StaffAccessChanged',
        data: {
          staffId: 3,
          isAdmin: true,
          canEditRoster: true,
          before: { isAdmin: false, canEditRoster: false },
        },
      },
    ]);
  });

  it('a change to the flags the person already has records nothing, and sees earlier changes', () => {
    const changed: StaffEvent = { type: 'StaffAccessChanged', data: { staffId: 3, needReceipt: true } };
    expect(
      given(staffDecider, [registered, changed]).when({
        type: 'ChangeStaffAccess',
        actor: firmAdmin,
        data: { staffId: 3, needReceipt: true },
      }).events,
    ).toEqual([]);
  });

  it('an access change needs at least one flag', () => {
    const error = broken(
      given(staffDecider, [registered]).when({
        type: 'ChangeStaffAccess',
        actor: firmAdmin,
        data: { staffId: 3 },
      }),
    );
    expect(error.problems).toEqual([{ path: 'access', message: 'Please select at least one change.' }]);
  });

  it('an access change keeps to the admin’s scope and never locks the admin out', () => {
    const outOfScope = given(staffDecider, [registered]).when({
      type: 'ChangeStaffAccess',
      actor: { staffId: 9, ownerScope: 2 },
      data: { staffId: 3, needReceipt: true },
    });
    expect(broken(outOfScope).code).toBe('not_found');
    for (const flags of [{ isActive: false }, { isAdmin: false }]) {
      const self = given(staffDecider, [registered]).when({
        type: 'ChangeStaffAccess',
        actor: { staffId: 3, ownerScope: null },
        data: { staffId: 3, ...flags },
      });
      expect(broken(self).code).toBe('forbidden');
    }
  });

  it('an access change of someone never registered is not found', () => {
    const error = broken(
      given(staffDecider, []).when({
        type: 'ChangeStaffAccess',
        actor: firmAdmin,
        data: { staffId: 3, isAdmin: true },
      }),
    );
    expect(error.code).toBe('not_found');
  });

  it('people of owner 2 are sightstream users, others default', () => {
    expect(userTypeOf(2)).toBe('sightstream');
    expect(userTypeOf(1)).toBe('default');
  });
});

describe('sign-in address reservation', () => {
  const reserve = (staffId: number) => ({
    type: 'ReserveUsername' as const,
    data: { username: 'Sam@Sightstream.Example', staffId },
  });
  const reserved: UsernameEvent = {
    type: 'StaffUsernameReserved',
    data: { username: 'sam@sightstream.example', staffId: 5 },
  };

  it('reserves a free address, lower-cased, in a stream named by it', () => {
    expect(given(usernameDecider, []).when(reserve(5)).events).toEqual([reserved]);
    expect(usernameStreamId(' SAM@sightstream.example')).toBe('staff-username-sam@sightstream.example');
  });

  it('reserving again for the same person records nothing', () => {
    expect(given(usernameDecider, [reserved]).when(reserve(5)).events).toEqual([]);
  });

  it('refuses an address held by someone else', () => {
    const error = broken(given(usernameDecider, [reserved]).when(reserve(6)));
    expect(error.problems).toEqual([
      { path: 'username', message: 'The sign-in address sam@sightstream.example belongs to someone else.' },
    ]);
  });
});
