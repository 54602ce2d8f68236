import { staffErasureMessages } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { registeredPerson } from './registered-fixture';
import { staffDecider, type StaffCommand, type StaffEvent } from './staff-member';

const ADMIN: { staffId: number; ownerScope: number | null } = { staffId: 1, ownerScope: null };
const registered: StaffEvent = { type: 'StaffMemberRegistered', data: registeredPerson(3, 1) };
const erased: StaffEvent = { type: 'StaffPersonalDataErased', data: { staffId: 3, reason: 'Left the firm' } };

const erase = (reason: string, actor = ADMIN, staffId = 3): StaffCommand => ({
  type: 'EraseStaffPersonalData',
  data: { staffId, actor, reason },
});

describe("erasing a person's personal data", () => {
  it('records the erasure with its reason (trimmed)', () => {
    expect(given(staffDecider, [registered]).when(erase('  Left the firm ')).events).toEqual([erased]);
  });

  it('records nothing the second time', () => {
    expect(given(staffDecider, [registered, erased]).when(erase('Again')).events).toEqual([]);
  });

  it('requires a reason (400 naming reason)', () => {
    const error = broken(given(staffDecider, [registered]).when(erase('   ')));
    expect(error.code).toBe('validation');
    expect(error.problems).toEqual([{ path: 'reason', message: staffErasureMessages.reasonRequired }]);
  });

  it('refuses an admin erasing themselves (403) and anyone outside a scoped admin’s owner (404)', () => {
    const self = broken(given(staffDecider, [registered]).when(erase('x', { staffId: 3, ownerScope: null })));
    expect(self.code).toBe('forbidden');
    expect(self.message).toBe(staffErasureMessages.notYourself);
    const outside = broken(given(staffDecider, [registered]).when(erase('x', { staffId: 9, ownerScope: 2 })));
    expect(outside.code).toBe('not_found');
  });
});
