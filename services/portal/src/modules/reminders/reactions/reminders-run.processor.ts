import { Inject, Injectable } from '@nestjs/common';
import { wallClockIn, workingDaysBetween, type BusinessDate } from '@portal/contracts';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
import { Clock } from '../../../platform/clock/clock';
import type { PortalConfig } from '../../../platform/config/config';
import { PORTAL_CONFIG } from '../../../platform/config/config.provider';
import { JobQueue } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';
import { ProjectDirectory } from '../../catalog';
import {
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
  /** Run for this owner now, whatever its hour; absent: every owner whose morning hour it is. */
  readonly ownerId?: number;
}

export interface OwnerReminderRun {
  readonly ownerId: number;
  /** The owner's business date the run was for, in its time zone. */
  readonly day: BusinessDate;
  /** Mails enqueued (a second run of the day enqueues them again; the queue runs each once). */
  readonly mails: number;
}

export interface RemindersRunResult {
  /** One per owner whose morning it was (none between mornings). */
  readonly runs: readonly OwnerReminderRun[];
}

/** How often the schedulers wake to look for owners whose morning it is (zones of :30 and :45 offsets too). */
export const REMINDERS_PATTERN = '*/15 * * * *';

/** The job schedulers: one per reminder, every quarter hour; each run serves the owners at their hour. */
export const REMINDER_SCHEDULERS: readonly ReminderKind[] = ['missing-time', 'waiting-periods'];
export const schedulerIdOf = (reminder: ReminderKind): string => `reminders-${reminder}`;

/**
 * Runs a reminder for each owner whose morning hour (REMINDERS_HOUR, in the owner's time zone) has
 * just begun, for that owner's "today": decides who of its people gets what (domain/reminders.ts)
 * and enqueues each mail under an id made of its recipient and the day, so a restart, a second run
 * or a second worker never sends one twice. Schedules both reminders at start (every process may:
 * a scheduler id is replaced, not doubled).
 */
@Injectable()
export class RemindersRunProcessor extends RegisteredJobProcessor<RemindersRunJob, RemindersRunResult> {
  readonly name = REMINDERS_RUN_JOB;

  constructor(
    jobs: JobQueue,
    private readonly clock: Clock,
    private readonly facts: ReminderFacts,
    private readonly calendar: BusinessCalendar,
    private readonly owners: ProjectDirectory,
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
  ) {
    super(jobs);
  }

  override onModuleInit(): void {
    super.onModuleInit();
    if (!this.config.reminders.enabled) return;
    this.scheduleAtStart(
      REMINDER_SCHEDULERS.map((reminder) => ({
        schedulerId: schedulerIdOf(reminder),
        name: REMINDERS_RUN_JOB,
        data: { reminder } satisfies RemindersRunJob,
        pattern: REMINDERS_PATTERN,
        timeZone: 'UTC',
      })),
      'the reminders',
      'Reminders',
    );
  }

  async process(job: RemindersRunJob): Promise<RemindersRunResult> {
    const now = this.clock.now();
    const runs: OwnerReminderRun[] = [];
    for (const { ownerId, day } of await this.ownersDue(now, job.ownerId)) {
      // A weekend's or a holiday's morning is no working day's: nothing goes out.
      if (workingDaysBetween(day, day).length === 0) continue;
      const mails =
        job.reminder === 'missing-time'
          ? await this.missingTime(ownerId, day)
          : await this.waiting(ownerId, day, now);
      for (const { jobId, mail } of mails)
        await this.jobs.enqueue({ name: REMINDER_MAIL_JOB, jobId, data: mail });
      runs.push({ ownerId, day, mails: mails.length });
    }
    return { runs };
  }

  /** The owners whose reminder hour began in the last quarter hour, each with its local date. */
  private async ownersDue(
    now: Date,
    only: number | undefined,
  ): Promise<{ ownerId: number; day: BusinessDate }[]> {
    const ids = only !== undefined ? [only] : (await this.owners.listOwners(null)).map((o) => o.ownerId);
    const due: { ownerId: number; day: BusinessDate }[] = [];
    for (const ownerId of ids) {
      const local = wallClockIn(now, await this.calendar.zoneOf(ownerId));
      const atHour = local.hour === this.config.reminders.hour && local.minute < 15;
      if (only !== undefined || atHour) due.push({ ownerId, day: local.date });
    }
    return due;
  }

  private async missingTime(
    ownerId: number,
    day: BusinessDate,
  ): Promise<{ jobId: string; mail: ReminderMailJob }[]> {
    const { portalUrl } = this.config.reminders;
    const reminders = missingTimeReminders(await this.facts.missingTime(day));
    return reminders
      .filter((reminder) => reminder.ownerId === ownerId)
      .map((reminder) => ({
        jobId: missingTimeMailId(reminder.staffId, day),
        mail: { to: [reminder.email], ownerId: reminder.ownerId, ...missingTimeMail(reminder, portalUrl) },
      }));
  }

  private async waiting(
    ownerId: number,
    day: BusinessDate,
    now: Date,
  ): Promise<{ jobId: string; mail: ReminderMailJob }[]> {
    const { portalUrl, waitingDays } = this.config.reminders;
    const verifiedBy = new Date(now.getTime() - waitingDays * 24 * 60 * 60 * 1000);
    const waiting = waitingPeriods(await this.facts.verifiedPeriods(verifiedBy), now, waitingDays);
    if (waiting.length === 0) return [];
    // Each admin's digest goes out on the morning of the admin's own owner.
    const admins = (await this.facts.admins()).filter((admin) => admin.ownerId === ownerId);
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
