import type { RowState } from '@portal/contracts';
import type { ReactNode } from 'react';
import type { DataColumn } from './data-table';

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

/** A ledger row as its state column reads it. */
interface StatedRow {
  readonly state: RowState;
  readonly returnReason: string | null;
}

/**
 * The column of where each row stands, searched and sorted as its text; a returned row with the
 * admin's reason. Its cell is the badge above unless the screen draws its own.
 */
export function rowStateColumn<T extends StatedRow>(
  id: string,
  header: string,
  cell: (row: T) => ReactNode = (row) => <RowStateBadge state={row.state} returnReason={row.returnReason} />,
): DataColumn<T> {
  return { id, header, sort: 'text', text: (row) => rowStateText(row.state, row.returnReason), cell };
}
