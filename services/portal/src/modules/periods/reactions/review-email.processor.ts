import { Injectable } from '@nestjs/common';
import type { JobContext } from '../../../platform/queue/job-queue.port';
import { projectsById } from '../../catalog';
import { LedgerMailProcessor } from './ledger-mail-processor';
import { ledgersOf, REVIEW_EMAIL_JOB, type ReviewEmailJob } from './review-email';
import { reviewEmail, reviewNewsOf, type MailProject } from './review-news';

export interface ReviewEmailResult {
  readonly sent: boolean;
}

/**
 * Tries that wait for the rest of a command: its months are appended one after the other, so the
 * job may run between two of them. After these, what the log holds is sent (a month the command
 * planned but, in a lost race, found nothing left to record in never comes).
 */
export const WAIT_FOR_COMMAND_ATTEMPTS = 3;

/**
 * Sends the person one e-mail about what a review command approved or returned, over every month
 * ledger it wrote (read back from the log, so the job carries only where to look).
 */
@Injectable()
export class ReviewEmailProcessor extends LedgerMailProcessor<ReviewEmailJob, ReviewEmailResult> {
  readonly name = REVIEW_EMAIL_JOB;

  async process(job: ReviewEmailJob, context: JobContext): Promise<ReviewEmailResult> {
    const ledgers = await Promise.all(ledgersOf(job).map((streamId) => this.store.readStream(streamId)));
    const news = reviewNewsOf(ledgers, job.commandId);
    const missing = news?.request?.months.filter((month) => !news.months.includes(month)) ?? [];
    if (missing.length > 0 && context.attempt < WAIT_FOR_COMMAND_ATTEMPTS) {
      throw new Error(`Review command ${job.commandId} has not recorded ${missing.join(', ')} yet`);
    }
    const person = await this.staff.get(job.employeeId);
    if (!news || !person) return { sent: false };
    const projects = await projectsById(this.projects, [...news.approved.keys(), ...news.returned.keys()]);
    const email = reviewEmail(person.name, news, (id): MailProject => {
      const project = projects.get(id);
      return { name: project?.name ?? `Project ${id}`, billingCycle: project?.billingCycle ?? null };
    });
    await this.mailer.send({
      deliveryId: context.jobId,
      to: [person.username],
      subject: email.subject,
      text: email.text,
      ownerId: person.ownerId,
    });
    return { sent: true };
  }
}
