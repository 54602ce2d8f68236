// Fixed dates: a person's date of birth as form input.
import { staffErasureMessages, type StaffMemberRegistered } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { registeredPerson } from './registered-fixture';
import type { UpdateStaffMember } from './staff-changes';
import { staffDecider, type StaffCommand, type StaffEvent } from './staff-member';

const ADMIN: { staffId: number; ownerScope: number | null } = { staffId: 1, ownerScope: null };
const SIGHTSTREAM_ADMIN = { staffId: 9, ownerScope: 2 };

function registration(
  staffId: number,
  ownerId: number,
  extra: Partial<StaffMemberRegistered> = {},
): StaffEvent {
  return {
    type: 'StaffMemberRegistered',
    data: registeredPerson(staffId, ownerId, { city: 'Edmonton', dob: '1990-05-14', ...extra }),
  };
}

const carlos = registration(3, 1);

const update = (
  data: Partial<UpdateStaffMember['data']>,
  staffId = 3,
  actor: UpdateStaffMember['data']['actor'] = ADMIN,
): StaffCommand => ({
  type: 'UpdateStaffMember',
  data: {
    staffId,
    actor,
    names: {},
    plain: {},
    sensitive: null,
    sensitiveBasis: {},
    checklist: {},
    access: {},
    ...data,
  },
});

describe('an admin changes a person (Staff Review)', () => {
  it('refuses to set a personal field of an erased person again (409); other fields still change', () => {
    const erased: StaffEvent = { type: 'StaffPersonalDataErased', data: { staffId: 3, reason: 'Left' } };
    const sealed = { sensitive: { before: { city: null }, after: { city: 'pd1:x' } }, sensitiveBasis: {} };
    const refused = broken(given(staffDecider, [carlos, erased]).when(update(sealed)));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toBe(staffErasureMessages.erasedNoEdit);
    const titled = given(staffDecider, [carlos, erased]).when(update({ plain: { jobTitle: 'Surveyor' } }));
    expect(titled.events).toHaveLength(1);
  });

  it('records only the changed profile fields, before → after, with the display name composed again', () => {
    const events = given(staffDecider, [carlos]).when(
      update({ names: { middleName: 'J' }, plain: { city: 'Edmonton', jobTitle: 'Surveyor', hotel: null } }),
    ).events;
    expect(events).toEqual([
      {
        type: 'StaffProfileChanged',
        schemaVersion: 2,
        data: {
          staffId: 3,
          before: { middleName: null, name: 'Carlos Contractor', jobTitle: null },
          after: { middleName: 'J', name: 'Carlos J Contractor', jobTitle: 'Surveyor' },
        },
      },
    ]);
  });

  it('carries the sensitive changes the handler sealed in the same event', () => {
    const sensitive = { before: { socialNumber: null }, after: { socialNumber: 'pd1:sealed' } };
    const [event] = given(staffDecider, [carlos]).when(update({ sensitive })).events;
    expect(event).toEqual({
      type: 'StaffProfileChanged',
      schemaVersion: 2,
      data: { staffId: 3, ...sensitive },
    });
  });

  it('refuses sensitive changes compared against values changed since (409)', () => {
    const sensitive = { before: { dob: 'pd1:old' }, after: { dob: 'pd1:new' } };
    const stale = update({ sensitive, sensitiveBasis: { dob: 'pd1:older' } });
    expect(broken(given(staffDecider, [carlos]).when(stale)).code).toBe('conflict');
  });

  it('ticks checklist items and changes flags with before → after; the state sees them', () => {
    const history = [carlos];
    const decided = given(staffDecider, history).when(
      update({
        checklist: { emailCreated: true, bookGiven: false },
        access: { needReceipt: true, isAdmin: false },
      }),
    ).events;
    expect(decided).toEqual([
      {
        type: 'OnboardingChecklistChanged',
        data: { staffId: 3, before: { emailCreated: false }, after: { emailCreated: true } },
      },
      { type: 'StaffAccessChanged', data: { staffId: 3, needReceipt: true, before: { needReceipt: false } } },
    ]);
    const again = given(staffDecider, [...history, ...decided]).when(
      update({ checklist: { emailCreated: true }, access: { needReceipt: true } }),
    );
    expect(again.events).toEqual([]);
  });

  it('still replays access changes recorded without before', () => {
    const old: StaffEvent = { type: 'StaffAccessChanged', data: { staffId: 3, isActive: false } };
    const { state } = given(staffDecider, [carlos, old]);
    expect(state.registered && state.access.isActive).toBe(false);
    expect(given(staffDecider, [carlos, old]).when(update({ access: { isActive: true } })).events).toEqual([
      { type: 'StaffAccessChanged', data: { staffId: 3, isActive: true, before: { isActive: false } } },
    ]);
  });

  it('refuses a blank first or last name, naming the field', () => {
    const error = broken(
      given(staffDecider, [carlos]).when(update({ names: { firstName: ' ', lastName: '' } })),
    );
    expect(error.problems).toEqual([
      { path: 'firstName', message: 'First Name must have a value' },
      { path: 'lastName', message: 'Last Name must have a value' },
    ]);
  });

  it('needs at least one field', () => {
    const error = broken(given(staffDecider, [carlos]).when(update({})));
    expect(error.problems).toEqual([{ path: 'staff', message: 'Please select at least one change.' }]);
  });

  it('no admin deactivates themselves or removes their own admin flag', () => {
    const alice = registration(1, 1, { isAdmin: true });
    for (const access of [{ isActive: false }, { isAdmin: false }]) {
      expect(broken(given(staffDecider, [alice]).when(update({ access }, 1))).code).toBe('forbidden');
    }
    expect(
      given(staffDecider, [alice]).when(update({ access: { needReceipt: true } }, 1)).events,
    ).toHaveLength(1);
  });

  it('a sightstream admin finds owner-2 people only: others are not found, as unknown ids are', () => {
    const sam = registration(5, 2);
    expect(
      broken(given(staffDecider, [carlos]).when(update({ plain: { city: 'X' } }, 3, SIGHTSTREAM_ADMIN))).code,
    ).toBe('not_found');
    expect(broken(given(staffDecider, []).when(update({ plain: { city: 'X' } }, 3))).code).toBe('not_found');
    expect(
      given(staffDecider, [sam]).when(update({ plain: { city: 'London' } }, 5, SIGHTSTREAM_ADMIN)).events,
    ).toHaveLength(1);
  });
});

describe('revealing a sensitive field', () => {
  it('is recorded, and only within the admin’s scope', () => {
    const reveal = (actor = ADMIN): StaffCommand => ({
      type: 'RevealSensitiveField',
      data: { staffId: 3, actor, field: 'dob' },
    });
    expect(given(staffDecider, [carlos]).when(reveal()).events).toEqual([
      { type: 'SensitiveFieldRevealed', data: { staffId: 3, field: 'dob' } },
    ]);
    expect(broken(given(staffDecider, [carlos]).when(reveal(SIGHTSTREAM_ADMIN))).code).toBe('not_found');
  });
});
