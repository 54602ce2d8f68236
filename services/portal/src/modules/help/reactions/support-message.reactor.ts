import type { SupportMessageSent } from '@portal/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Reactor } from '../../../platform/projection/projection';
import type { JobRequest } from '../../../platform/queue/job-queue.port';

export const SUPPORT_MESSAGE_EMAIL_JOB = 'help.support-message-email';

/** Where the job finds the message again: the job itself never holds the text. */
export interface SupportMessageEmailJob {
  readonly streamId: string;
  readonly eventId: string;
}

/** One e-mail to the support address per SupportMessageSent (job id = event id: never twice). */
export const supportMessageReactor: Reactor = {
  name: 'help-support-message',
  eventTypes: ['SupportMessageSent'],
  react(
    event: RecordedEvent,
  ): readonly JobRequest<typeof SUPPORT_MESSAGE_EMAIL_JOB, SupportMessageEmailJob>[] {
    if (event.type !== 'SupportMessageSent') return [];
    return [
      {
        name: SUPPORT_MESSAGE_EMAIL_JOB,
        jobId: event.id,
        data: { streamId: event.streamId, eventId: event.id },
      },
    ];
  },
};

/** The event's payload, as written (schema version 1). */
export function supportMessageOf(event: RecordedEvent): SupportMessageSent {
  return event.data as SupportMessageSent;
}
