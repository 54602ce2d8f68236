import type { RowState, StateCounts } from '@portal/contracts';
import { ROW_STATE_TEXT } from '../../../ui/row-state-badge';

/** Where a row stands; a returned row says why beneath its badge. */
export function StateBadge({ state, reason }: { state: RowState; reason?: string | null }) {
  return (
    <div className="review-state">
      <span className={`state-badge state-badge--${state}`}>{ROW_STATE_TEXT[state]}</span>
      {state === 'returned' && reason ? <p className="review-state__reason">{reason}</p> : null}
    </div>
  );
}

/** '3 entered, 12 verified' — the states a person's or the whole review's rows stand in. */
export function countsText(counts: StateCounts): string {
  const parts = (['entered', 'verified', 'approved', 'returned'] as const)
    .filter((state) => counts[state] > 0)
    .map((state) => `${counts[state]} ${ROW_STATE_TEXT[state].toLowerCase()}`);
  return parts.length > 0 ? parts.join(', ') : 'no rows';
}
