import { describe, expect, it } from '@jest/globals';
import { addDays, businessDateOf, boardPeriodsOf, monthOf } from '@portal/contracts';
import { pinnedInstant } from '../../../../e2e/support/test-now';
import { initialSelectionOf } from './use-verify-selection';

/* The dashboard's task links name a period by its key: a month, or a weekly project's Saturday. */
const TODAY = businessDateOf(pinnedInstant());

describe("the verify page's link", () => {
  it('reads a monthly period’s key and a week’s Saturday, and nothing else', () => {
    const [, week] = boardPeriodsOf('Weekly (Saturday to Friday)', TODAY);
    expect(initialSelectionOf(new URLSearchParams(`projectId=12&month=${monthOf(TODAY)}`))).toEqual({
      projectId: 12,
      month: monthOf(TODAY),
    });
    expect(initialSelectionOf(new URLSearchParams(`projectId=61&month=${week.key}`))).toEqual({
      projectId: 61,
      month: week.key,
    });
    expect(week.key).toBe(addDays(week.end, -6));
    expect(initialSelectionOf(new URLSearchParams('projectId=0&month=soon'))).toEqual({
      projectId: null,
      month: null,
    });
  });
});
