/**
 * An append reused event ids that are already stored, but not as exactly this append did before
 * (some ids new and some stored, stored in another stream, or in a different order). A true retry
 * of the same append is answered with its original result instead; this error means the ids were
 * reused for different content, which a retry cannot fix.
 */
export class EventIdConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventIds: readonly string[],
  ) {
    super(
      `Append to ${streamId} reuses event ids that are already stored differently: ${eventIds.join(', ')}`,
    );
    this.name = 'EventIdConflictError';
  }
}
