import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { Mailer } from '../../../platform/mail/mailer.port';
import { JobQueue, type JobContext, type JobProcessor } from '../../../platform/queue/job-queue.port';
import { ProjectDirectory } from '../../catalog';
import { StaffQueries } from '../../staff';
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
export class ReviewEmailProcessor implements JobProcessor<ReviewEmailJob, ReviewEmailResult>, OnModuleInit {
  readonly name = REVIEW_EMAIL_JOB;

  constructor(
    private readonly jobs: JobQueue,
    private readonly store: EventStore,
    private readonly mailer: Mailer,
    private readonly staff: StaffQueries,
    private readonly projects: ProjectDirectory,
  ) {}

  onModuleInit(): void {
    this.jobs.registerProcessor(this);
  }

  async process(job: ReviewEmailJob, context: JobContext): Promise<ReviewEmailResult> {
    const ledgers = await Promise.all(ledgersOf(job).map((streamId) => this.store.readStream(streamId)));
    const news = reviewNewsOf(ledgers, job.commandId);
    const missing = news?.request?.months.filter((month) => !news.months.includes(month)) ?? [];
    if (missing.length > 0 && context.attempt < WAIT_FOR_COMMAND_ATTEMPTS) {
      throw new Error(`Review command ${job.commandId} has not recorded ${missing.join(', ')} yet`);
    }
    const person = await this.staff.get(job.employeeId);
    if (!news || !person) return { sent: false };
    const ids = new Set([...news.approved.keys(), ...news.returned.keys()]);
    const projects = new Map<number, MailProject>();
    for (const id of ids) {
      const project = await this.projects.get(id);
      projects.set(id, {
        name: project?.name ?? `Project ${id}`,
        billingCycle: project?.billingCycle ?? null,
      });
    }
    const email = reviewEmail(
      person.name,
      news,
      (id) => projects.get(id) ?? { name: `Project ${id}`, billingCycle: null },
    );
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
