import type { PeriodStateName } from '@portal/contracts';

/** What a period's state is called on the board and in the month at a glance. */
export const STATE_TEXT: Record<PeriodStateName, string> = {
  nothing: 'Nothing entered',
  entered: 'Entered',
  verified: 'Verified',
  approved: 'Approved',
  returned: 'Returned',
};
