import { Injectable } from '@nestjs/common';
import type { PortalConfig } from '../../../platform/config/config';
import { InjectConfig } from '../../../platform/config/config.provider';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { Mailer } from '../../../platform/mail/mailer.port';
import { JobQueue, UnrecoverableJobError, type JobContext } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';
import { StaffQueries } from '../../staff';
import { senderSubject } from '../commands/send-support-message';
import { SUPPORT_MESSAGE_OUTBOX_TEXT, supportMessageEmail } from './support-message-email';
import {
  SUPPORT_MESSAGE_EMAIL_JOB,
  supportMessageOf,
  type SupportMessageEmailJob,
} from './support-message.reactor';

export interface SupportMessageEmailResult {
  /** False when the sender's data was erased before the mail went (nothing left to send). */
  readonly sent: boolean;
}

/**
 * Sends one person's message to the support address (SUPPORT_EMAIL), Reply-To the person. Reads
 * the sealed text from the log and opens it only here, so neither the job nor a log line holds it.
 */
@Injectable()
export class SupportMessageEmailProcessor extends RegisteredJobProcessor<
  SupportMessageEmailJob,
  SupportMessageEmailResult
> {
  readonly name = SUPPORT_MESSAGE_EMAIL_JOB;

  constructor(
    jobs: JobQueue,
    private readonly store: EventStore,
    private readonly mailer: Mailer,
    private readonly cipher: PersonalDataCipher,
    private readonly staff: StaffQueries,
    @InjectConfig() private readonly config: PortalConfig,
  ) {
    super(jobs);
  }

  async process(job: SupportMessageEmailJob, context: JobContext): Promise<SupportMessageEmailResult> {
    const event = (await this.store.readStream(job.streamId)).find((e) => e.id === job.eventId);
    if (!event) throw new UnrecoverableJobError(`No event ${job.eventId} in ${job.streamId}`);
    const data = supportMessageOf(event);
    const session = await this.cipher.session(senderSubject(data.staffId), false);
    const message = session.open(data.message);
    if (message === null) return { sent: false };

    const person = await this.staff.get(data.staffId);
    const sender = {
      name: person?.name ?? event.metadata.actor.name,
      address: person?.username ?? '(unknown address)',
    };
    const email = supportMessageEmail(sender, data.sentAt, message);
    await this.mailer.send({
      deliveryId: context.jobId,
      to: [this.config.supportEmail],
      subject: email.subject,
      text: email.text,
      ...(person ? { replyTo: person.username } : {}),
      // The outbox shows it to the admins of the sender's own organisation, without the words.
      ownerId: person?.ownerId ?? null,
      outboxText: SUPPORT_MESSAGE_OUTBOX_TEXT,
    });
    return { sent: true };
  }
}
