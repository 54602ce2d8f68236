import { Injectable } from '@nestjs/common';
import { Mailer, type MailMessage } from '../../../platform/mail/mailer.port';
import { JobQueue, type JobContext } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';

/** One reminder mail, decided by a daily job and enqueued under its deterministic id. */
export const REMINDER_MAIL_JOB = 'reminder-mail';

export type ReminderMailJob = Pick<MailMessage, 'to' | 'subject' | 'text' | 'ownerId'>;

/**
 * Sends a reminder into the outbox (and over SMTP when configured). Its job id says whose
 * reminder of which day it is, so the job queue runs it once however often it is enqueued.
 */
@Injectable()
export class ReminderMailProcessor extends RegisteredJobProcessor<ReminderMailJob, { sent: true }> {
  readonly name = REMINDER_MAIL_JOB;

  constructor(
    jobs: JobQueue,
    private readonly mailer: Mailer,
  ) {
    super(jobs);
  }

  async process(job: ReminderMailJob, context: JobContext): Promise<{ sent: true }> {
    await this.mailer.send({
      deliveryId: context.jobId,
      to: job.to,
      subject: job.subject,
      text: job.text,
      ownerId: job.ownerId,
    });
    return { sent: true };
  }
}
