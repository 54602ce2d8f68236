import type { RowState } from './review';

/** What a read model holds of a row's review: approval, the return reason, verification. */
export interface RowReview {
  readonly isApproved: boolean;
  readonly returnReason: string | null;
  readonly verifiedAt: string | null;
}

/**
 * Where a row stands, in this order: approved if approved; else returned if a return reason is
 * set; else verified if verified; else entered.
 */
export function rowStateOf(row: RowReview): RowState {
  if (row.isApproved) return 'approved';
  if (row.returnReason !== null) return 'returned';
  if (row.verifiedAt !== null) return 'verified';
  return 'entered';
}
