import { bootstrapClaimDecider as decider, type BootstrapClaimEvent } from './bootstrap-admin';

const claim = (username: string) => ({
  type: 'ClaimBootstrapAdmin' as const,
  data: { ownerId: 1, username },
});
const after = (...events: BootstrapClaimEvent[]) => events.reduce(decider.evolve, decider.initialState());

describe("an owner's bootstrap admission is claimed once", () => {
  it('goes to the first address that claims it', () => {
    expect(decider.decide(claim('ana@firm.example'), decider.initialState())).toEqual([
      { type: 'BootstrapAdminClaimed', data: { ownerId: 1, username: 'ana@firm.example' } },
    ]);
  });

  it('appends nothing once claimed, for the same address or another; the state names the holder', () => {
    const held = after({ type: 'BootstrapAdminClaimed', data: { ownerId: 1, username: 'ana@firm.example' } });
    expect(decider.decide(claim('ana@firm.example'), held)).toEqual([]);
    expect(decider.decide(claim('bob@firm.example'), held)).toEqual([]);
    expect(held).toEqual({ claimedBy: 'ana@firm.example' });
  });
});
