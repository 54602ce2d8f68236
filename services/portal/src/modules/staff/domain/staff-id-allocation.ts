import type { StaffIdAllocated } from '@portal/contracts';

/**
 * Stream `staff-ids`: the ids of people added by an admin or an operator. An id is allocated here
 * first (the stream's expected revision guards the race: two additions at one moment get two
 * ids), so the address reserved and the person registered under it are this addition's alone.
 * The demo seed and older registrations chose their own ids; `atLeast` (the highest id known)
 * keeps new ids above theirs.
 */
export const STAFF_IDS_STREAM = 'staff-ids';

export type StaffIdEvent = { readonly type: 'StaffIdAllocated'; readonly data: StaffIdAllocated };

export type AllocateStaffId = {
  readonly type: 'AllocateStaffId';
  /**
   * The lowest id the new person may have (the highest id in use + 1, or past an id found taken),
   * and how many people get one (default 1; directory sync allocates a page's new people at once).
   */
  readonly data: { readonly atLeast: number; readonly count?: number };
};

export type StaffIdState = { readonly highest: number };

export const staffIdDecider = {
  initialState: (): StaffIdState => ({ highest: 0 }),

  evolve(state: StaffIdState, event: StaffIdEvent): StaffIdState {
    switch (event.type) {
      case 'StaffIdAllocated':
        return { highest: Math.max(state.highest, event.data.staffId) };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command: AllocateStaffId, state: StaffIdState): StaffIdEvent[] {
    const first = Math.max(state.highest + 1, Math.floor(command.data.atLeast), 1);
    const count = Math.max(1, Math.floor(command.data.count ?? 1));
    return Array.from({ length: count }, (_, n) => ({
      type: 'StaffIdAllocated',
      data: { staffId: first + n },
    }));
  },
};
