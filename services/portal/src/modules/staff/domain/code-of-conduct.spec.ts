// Fixed dates: the decider at its own instant (NOW).
import { broken, given } from '../../../kernel/testing/given-when-then';
import { registeredPerson } from './registered-fixture';
import { staffDecider, type StaffCommand, type StaffEvent } from './staff-member';

const NOW = new Date('2026-11-26T14:05:09.000Z');
const carlos: StaffEvent = { type: 'StaffMemberRegistered', data: registeredPerson(3, 1) };
const acknowledge = (now = NOW, staffId = 3): StaffCommand => ({
  type: 'AcknowledgeCodeOfConduct',
  data: { staffId, now },
});

describe('a person acknowledges the code of conduct', () => {
  it('records who (their name then) and the time it was passed, nothing else', () => {
    expect(given(staffDecider, [carlos]).when(acknowledge()).events).toEqual([
      {
        type: 'CodeOfConductAcknowledged',
        data: { staffId: 3, name: 'Carlos Contractor', acknowledgedAt: '2026-11-26T14:05:09.000Z' },
      },
    ]);
  });

  it('keeps the first acknowledgement: a second one records nothing', () => {
    const first = given(staffDecider, [carlos]).when(acknowledge()).events;
    const later = given(staffDecider, [carlos, ...first]);
    expect(later.state).toMatchObject({ codeOfConductAcknowledgedAt: '2026-11-26T14:05:09.000Z' });
    expect(later.when(acknowledge(new Date('2026-12-01T09:00:00.000Z'))).events).toEqual([]);
  });

  it('is refused for someone deactivated (403) and for someone unknown (404)', () => {
    const deactivated: StaffEvent = { type: 'StaffAccessChanged', data: { staffId: 3, isActive: false } };
    expect(broken(given(staffDecider, [carlos, deactivated]).when(acknowledge())).code).toBe('forbidden');
    expect(broken(given(staffDecider, []).when(acknowledge())).code).toBe('not_found');
  });
});
