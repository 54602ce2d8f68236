import { ownerScopeOf } from './owner-scope';

describe('owner scope', () => {
  it('a sightstream person is scoped to owner 2, anyone else to no owner', () => {
    expect(ownerScopeOf({ userType: 'sightstream' })).toBe(2);
    expect(ownerScopeOf({ userType: 'default' })).toBeNull();
  });
});
