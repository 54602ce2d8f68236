import type { PeriodStateName } from './review';

/* How a board cell's rows stand (time entries and expenses together), and the one state rule. */

/** How many of a cell's rows stand in each state (time entries and expenses together). */
export interface StateCounts {
  readonly entered: number;
  readonly verified: number;
  readonly approved: number;
  readonly returned: number;
}

export const NO_ROWS: StateCounts = { entered: 0, verified: 0, approved: 0, returned: 0 };

/**
 * Where a project's period stands: nothing entered; else returned while any row is returned (the
 * person has work to do); else its least advanced state (entered before verified before approved).
 */
export function periodStateOf(counts: StateCounts): PeriodStateName {
  if (counts.returned > 0) return 'returned';
  if (counts.entered > 0) return 'entered';
  if (counts.verified > 0) return 'verified';
  if (counts.approved > 0) return 'approved';
  return 'nothing';
}

export function addCounts(a: StateCounts, b: StateCounts): StateCounts {
  return {
    entered: a.entered + b.entered,
    verified: a.verified + b.verified,
    approved: a.approved + b.approved,
    returned: a.returned + b.returned,
  };
}
