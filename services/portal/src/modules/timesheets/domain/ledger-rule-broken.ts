/**
 * A ledger rule was broken. The domain is pure (it imports nothing from platform/), so the
 * command handlers translate this into a DomainError at the edge; the code names the HTTP answer:
 * validation 400, not_found 404, conflict 409, locked 423.
 */
export type LedgerRuleCode = 'validation' | 'not_found' | 'conflict' | 'locked';

export interface LedgerProblem {
  readonly path: string;
  readonly message: string;
}

export class LedgerRuleBroken extends Error {
  constructor(
    readonly code: LedgerRuleCode,
    message: string,
    readonly problems: readonly LedgerProblem[] = [],
  ) {
    super(message);
    this.name = 'LedgerRuleBroken';
  }
}
