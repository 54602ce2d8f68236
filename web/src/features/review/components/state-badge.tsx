import type { RowState, StateCounts } from '@portal/contracts';

export const ROW_STATE_TEXT: Record<RowState, string> = {
  entered: 'Entered',
  verified: 'Verified',
  approved: 'Approved',
  returned: 'Returned',
};

/** Where a row stands; a returned row says why beneath its badge. */
export function StateBadge({ state, reason }: { state: RowState; reason?: string | null }) {
  return (
    <div className="review-state">
      <span className={`state-badge state-badge--${state}`}>{ROW_STATE_TEXT[state]}</span>
      {state === 'returned' && reason ? <p className="review-state__reason">{reason}</p> : null}
    </div>
  );
}

/** The state and its reason as text (what the table's search and sorting read). */
export function stateText(state: RowState, reason: string | null): string {
  return state === 'returned' && reason ? `${ROW_STATE_TEXT[state]}: ${reason}` : ROW_STATE_TEXT[state];
}

/** '3 entered, 12 verified' — the states a person's or the whole review's rows stand in. */
export function countsText(counts: StateCounts): string {
  const parts = (['entered', 'verified', 'approved', 'returned'] as const)
    .filter((state) => counts[state] > 0)
    .map((state) => `${counts[state]} ${ROW_STATE_TEXT[state].toLowerCase()}`);
  return parts.length > 0 ? parts.join(', ') : 'no rows';
}
