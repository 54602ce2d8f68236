import { describe, expect, it } from '@jest/globals';
import { staffIdDecider, type StaffIdEvent } from './staff-id-allocation';

const allocated = (staffId: number): StaffIdEvent => ({ type: 'StaffIdAllocated', data: { staffId } });
const stateAfter = (...events: StaffIdEvent[]) =>
  events.reduce(staffIdDecider.evolve, staffIdDecider.initialState());

describe('staff id allocation', () => {
  it('hands out the lowest id above both the highest in use and the highest allocated', () => {
    expect(staffIdDecider.decide({ type: 'AllocateStaffId', data: { atLeast: 42 } }, stateAfter())).toEqual([
      allocated(42),
    ]);
    expect(
      staffIdDecider.decide({ type: 'AllocateStaffId', data: { atLeast: 42 } }, stateAfter(allocated(42))),
    ).toEqual([allocated(43)]);
    expect(
      staffIdDecider.decide({ type: 'AllocateStaffId', data: { atLeast: 50 } }, stateAfter(allocated(43))),
    ).toEqual([allocated(50)]);
  });

  it('starts at 1 on an empty portal', () => {
    expect(staffIdDecider.decide({ type: 'AllocateStaffId', data: { atLeast: 0 } }, stateAfter())).toEqual([
      allocated(1),
    ]);
  });
});
