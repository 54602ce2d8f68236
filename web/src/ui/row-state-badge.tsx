import type { RowState } from '@portal/contracts';

/** How each review state reads on screen. */
export const ROW_STATE_TEXT: Readonly<Record<RowState, string>> = {
  entered: 'Entered',
  verified: 'Verified',
  approved: 'Approved',
  returned: 'Returned',
};

/** Where a timesheet entry or expense stands; a returned row also shows the admin's reason. */
export function RowStateBadge({ state, returnReason }: { state: RowState; returnReason?: string | null }) {
  return (
    <span className="row-state">
      <span className={`state-badge state-badge--${state}`}>{ROW_STATE_TEXT[state]}</span>
      {state === 'returned' && returnReason ? (
        <span className="row-state__reason">Reason: {returnReason}</span>
      ) : null}
    </span>
  );
}

/** The row's state as plain text (search, phone cards). */
export function rowStateText(state: RowState, returnReason: string | null): string {
  return state === 'returned' && returnReason ? `Returned: ${returnReason}` : ROW_STATE_TEXT[state];
}
