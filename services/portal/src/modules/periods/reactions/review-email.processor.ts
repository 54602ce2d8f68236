import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { Mailer } from '../../../platform/mail/mailer.port';
import { JobQueue, type JobProcessor } from '../../../platform/queue/job-queue.port';
import { ProjectDirectory } from '../../catalog';
import { StaffQueries } from '../../staff';
import { REVIEW_EMAIL_JOB, reviewEmail, reviewNewsOf, type ReviewEmailJob } from './review-email';

export interface ReviewEmailResult {
  readonly sent: boolean;
}

/**
 * Sends the person one e-mail about what a review command approved or returned in one ledger
 * (read back from the log, so the job carries only where to look).
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

  async process(job: ReviewEmailJob): Promise<ReviewEmailResult> {
    const news = reviewNewsOf(await this.store.readStream(job.streamId), job.commandId);
    const person = await this.staff.get(job.employeeId);
    if (!news || !person) return { sent: false };
    const ids = new Set([...news.approved.keys(), ...news.returned.map((r) => r.projectId)]);
    const names = new Map<number, string>();
    for (const id of ids) names.set(id, (await this.projects.get(id))?.name ?? `Project ${id}`);
    const email = reviewEmail(person.name, news, (id) => names.get(id) ?? `Project ${id}`);
    await this.mailer.send({
      to: [person.username],
      subject: email.subject,
      text: email.text,
      ownerId: person.ownerId,
    });
    return { sent: true };
  }
}
