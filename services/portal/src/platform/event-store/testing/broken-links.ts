import type { BrokenLink } from '@portal/contracts';

/**
 * The broken link a chain check must name when the event `eventId` at `revision` of `streamId`
 * was edited after it was written: its content no longer matches its hash. Spelled out here (not
 * taken from the verifier) so the specs pin the text an auditor reads.
 */
export function contentChanged(streamId: string, revision: string, eventId: string): BrokenLink {
  return {
    streamId,
    revision,
    eventId,
    problem: 'content-changed',
    description: `Stream ${streamId}, revision ${revision} (event ${eventId}): its content no longer matches its hash.`,
  };
}
