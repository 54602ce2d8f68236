import { Inject, Injectable } from '@nestjs/common';
import { workingDaysBetween, type BusinessDate } from '@portal/contracts';
import { Clock } from '../../../platform/clock/clock';
import type { PortalConfig } from '../../../platform/config/config';
import { PORTAL_CONFIG } from '../../../platform/config/config.provider';
import { JobQueue } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';
import {
  businessDateIn,
  missingTimeMail,
  missingTimeMailId,
  missingTimeReminders,
  waitingDigestMail,
  waitingDigestMailId,
  waitingDigests,
  waitingPeriods,
} from '../domain/reminders';
import { ReminderFacts } from './reminder-facts';
import { REMINDER_MAIL_JOB, type ReminderMailJob } from './reminder-mail.processor';

/** The repeatable job of each working day's morning; `reminder` says which one it runs. */
export const REMINDERS_RUN_JOB = 'reminders-run';

export type ReminderKind = 'missing-time' | 'waiting-periods';

export interface RemindersRunJob {
  readonly reminder: ReminderKind;
}

export interface RemindersRunResult {
  /** The firm's business date the run was for. */
  readonly day: BusinessDate;
  /** Mails enqueued (a second run of the day enqueues them again; the queue runs each once). */
  readonly mails: number;
}

/** The job schedulers: one per reminder, at the configured hour of Monday to Friday. */
export const REMINDER_SCHEDULERS: readonly ReminderKind[] = ['missing-time', 'waiting-periods'];
export const schedulerIdOf = (reminder: ReminderKind): string => `reminders-${reminder}`;

/**
 * Runs a reminder for "today" (the injected Clock's day in the firm's time zone): decides who gets
 * what (domain/reminders.ts) and enqueues each mail under an id made of its recipient and the day,
 * so a restart, a second run or a second worker never sends one twice. Schedules both reminders
 * at start (every process may: a scheduler id is replaced, not doubled).
 */
@Injectable()
export class RemindersRunProcessor extends RegisteredJobProcessor<RemindersRunJob, RemindersRunResult> {
  readonly name = REMINDERS_RUN_JOB;

  constructor(
    jobs: JobQueue,
    private readonly clock: Clock,
    private readonly facts: ReminderFacts,
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
  ) {
    super(jobs);
  }

  override onModuleInit(): void {
    super.onModuleInit();
    if (!this.config.reminders.enabled) return;
    const { hour, timeZone } = this.config.reminders;
    this.scheduleAtStart(
      REMINDER_SCHEDULERS.map((reminder) => ({
        schedulerId: schedulerIdOf(reminder),
        name: REMINDERS_RUN_JOB,
        data: { reminder } satisfies RemindersRunJob,
        pattern: `0 ${hour} * * 1-5`,
        timeZone,
      })),
      'the reminders',
      'Reminders',
    );
  }

  async process(job: RemindersRunJob): Promise<RemindersRunResult> {
    const now = this.clock.now();
    const day = businessDateIn(now, this.config.reminders.timeZone);
    // A holiday's morning is no working day's: nothing goes out (the schedule knows weekends only).
    if (workingDaysBetween(day, day).length === 0) return { day, mails: 0 };
    const mails =
      job.reminder === 'missing-time' ? await this.missingTime(day) : await this.waiting(day, now);
    for (const { jobId, mail } of mails)
      await this.jobs.enqueue({ name: REMINDER_MAIL_JOB, jobId, data: mail });
    return { day, mails: mails.length };
  }

  private async missingTime(day: BusinessDate): Promise<{ jobId: string; mail: ReminderMailJob }[]> {
    const { portalUrl } = this.config.reminders;
    return missingTimeReminders(await this.facts.missingTime(day)).map((reminder) => ({
      jobId: missingTimeMailId(reminder.staffId, day),
      mail: { to: [reminder.email], ownerId: reminder.ownerId, ...missingTimeMail(reminder, portalUrl) },
    }));
  }

  private async waiting(day: BusinessDate, now: Date): Promise<{ jobId: string; mail: ReminderMailJob }[]> {
    const { portalUrl, waitingDays } = this.config.reminders;
    const verifiedBy = new Date(now.getTime() - waitingDays * 24 * 60 * 60 * 1000);
    const waiting = waitingPeriods(await this.facts.verifiedPeriods(verifiedBy), now, waitingDays);
    if (waiting.length === 0) return [];
    const admins = await this.facts.admins();
    return waitingDigests(admins, waiting).map((digest) => {
      const admin = admins.find((a) => a.staffId === digest.admin.staffId)!;
      return {
        jobId: waitingDigestMailId(admin.staffId, day),
        // The outbox shows it to the admins of the owner whose people it names.
        mail: {
          to: [admin.email],
          ownerId: admin.ownerScope ?? admin.ownerId,
          ...waitingDigestMail(digest, portalUrl, waitingDays),
        },
      };
    });
  }
}
