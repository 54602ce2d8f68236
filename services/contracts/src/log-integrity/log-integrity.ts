/** What is wrong at the first broken link of the event log's hash chains (docs/events.md "Hash chain"). */
export type ChainProblem = 'content-changed' | 'link-broken' | 'missing-revision';

export interface BrokenLink {
  readonly streamId: string;
  /** Where the chain breaks (for 'missing-revision': the first missing revision), as text. */
  readonly revision: string;
  /** The event at that revision; null when it is missing. */
  readonly eventId: string | null;
  readonly problem: ChainProblem;
  readonly description: string;
}

/** GET /api/audit/verify: the answer of a whole-log check. */
export interface LogVerification {
  readonly ok: boolean;
  readonly checkedEvents: number;
  readonly firstBroken: BrokenLink | null;
}
