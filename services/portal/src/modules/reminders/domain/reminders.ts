import {
  addDays,
  monthNameOf,
  workingDaysBetween,
  type BusinessDate,
  type BusinessMonth,
} from '@portal/contracts';

/**
 * Who gets which reminder on a given day: pure rules, no I/O. The daily jobs gather the facts
 * (people, their time, leave and choices; the verified periods) and send what these decide.
 */

/** A person who records time, as the missing-time rule sees them. */
export interface TimeRecorder {
  readonly staffId: number;
  readonly name: string;
  /** Their sign-in address: where the mail goes. */
  readonly email: string;
  readonly ownerId: number;
  /** Their 'Email me when time is missing' choice. */
  readonly missingTimeEmail: boolean;
}

export interface MissingTimeFacts {
  /** The business date of the morning the job runs for (in the firm's time zone). */
  readonly today: BusinessDate;
  readonly people: readonly TimeRecorder[];
  /** The days each person has any time on (any project). */
  readonly daysWithTime: ReadonlyMap<number, ReadonlySet<BusinessDate>>;
  /** The days of each person's leave. */
  readonly leaveDays: ReadonlyMap<number, ReadonlySet<BusinessDate>>;
}

export interface MissingTimeReminder {
  readonly staffId: number;
  readonly name: string;
  readonly email: string;
  readonly ownerId: number;
  /** The working days of last week without time, in date order. */
  readonly days: readonly BusinessDate[];
}

/** The last week: the seven days before `today`, Monday to Friday, public holidays excepted. */
export function lastWeekWorkingDays(today: BusinessDate): BusinessDate[] {
  return workingDaysBetween(addDays(today, -7), addDays(today, -1));
}

/** One reminder per person who chose it and has working days of last week without time or leave. */
export function missingTimeReminders(facts: MissingTimeFacts): MissingTimeReminder[] {
  const week = lastWeekWorkingDays(facts.today);
  const none: ReadonlySet<BusinessDate> = new Set();
  return facts.people
    .filter((person) => person.missingTimeEmail)
    .map((person) => {
      const recorded = facts.daysWithTime.get(person.staffId) ?? none;
      const leave = facts.leaveDays.get(person.staffId) ?? none;
      const days = week.filter((day) => !recorded.has(day) && !leave.has(day));
      return {
        staffId: person.staffId,
        name: person.name,
        email: person.email,
        ownerId: person.ownerId,
        days,
      };
    })
    .filter((reminder) => reminder.days.length > 0);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'Mon 16 Nov 2026'. */
export function dayLabel(date: BusinessDate): string {
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  return `${weekday} ${Number(date.slice(8, 10))} ${monthNameOf(date.slice(0, 7), 'short')} ${date.slice(0, 4)}`;
}

export interface Mail {
  readonly subject: string;
  readonly text: string;
}

/**
 * The subject says which days the mail lists: the seven days before the run, so on a Tuesday
 * they reach into the current week (Monday), and 'last week' would not be true.
 * 'Your timesheet: time missing on Mon 16 Nov 2026', or '… on 3 days, Mon 16 Nov 2026 to Fri 20 Nov 2026'.
 */
export function missingTimeSubject(days: readonly BusinessDate[]): string {
  const [first, last] = [days[0], days[days.length - 1]];
  if (days.length === 1) return `${MISSING_TIME_SUBJECT_START} on ${dayLabel(first)}`;
  return `${MISSING_TIME_SUBJECT_START} on ${days.length} days, ${dayLabel(first)} to ${dayLabel(last)}`;
}

/** How every missing-time subject starts. */
export const MISSING_TIME_SUBJECT_START = 'Your timesheet: time missing';

export function missingTimeMail(reminder: MissingTimeReminder, portalUrl: string): Mail {
  return {
    subject: missingTimeSubject(reminder.days),
    text: [
      `Hello ${reminder.name},`,
      '',
      `You have no time recorded for: ${reminder.days.map(dayLabel).join(', ')}.`,
      '',
      `Record it on your timesheet: ${portalUrl}/timesheets/create`,
      '',
      'You can turn these reminders off on your profile.',
      `${portalUrl}/profile`,
    ].join('\n'),
  };
}

/** The id of a person's missing-time reminder of one day: a second run of the day finds it sent. */
export const missingTimeMailId = (staffId: number, today: BusinessDate): string =>
  `reminder-missing-time-${staffId}-${today}`;

// ---------------------------------------------------------------------------------------------
// Waiting periods

/** A verified project-month of one person, with what of it still waits for approval. */
export interface VerifiedPeriod {
  readonly employeeId: number;
  readonly employeeName: string;
  readonly ownerId: number;
  readonly projectId: number;
  readonly projectName: string;
  readonly month: BusinessMonth;
  /** When it was verified (the earliest lock of the month, if a billing period split it). */
  readonly verifiedAt: Date;
  /** Rows of it still verified and not approved (time and expenses). */
  readonly awaitingApproval: number;
}

export interface WaitingPeriod extends Omit<VerifiedPeriod, 'verifiedAt' | 'awaitingApproval'> {
  /** Whole days since it was verified. */
  readonly daysWaiting: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The periods verified more than `waitingDays` whole days before `now` that still have rows
 * awaiting approval, the longest waiting first.
 */
export function waitingPeriods(
  periods: readonly VerifiedPeriod[],
  now: Date,
  waitingDays: number,
): WaitingPeriod[] {
  return periods
    .filter((period) => period.awaitingApproval > 0)
    .map(({ verifiedAt, awaitingApproval: _rows, ...period }) => ({
      ...period,
      daysWaiting: Math.floor((now.getTime() - verifiedAt.getTime()) / DAY_MS),
    }))
    .filter((period) => period.daysWaiting > waitingDays)
    .sort(
      (a, b) =>
        b.daysWaiting - a.daysWaiting ||
        a.employeeName.localeCompare(b.employeeName) ||
        a.projectName.localeCompare(b.projectName) ||
        a.month.localeCompare(b.month),
    );
}

export interface Admin {
  readonly staffId: number;
  readonly name: string;
  readonly email: string;
  /** A sightstream admin sees owner 2 only (null: every owner). */
  readonly ownerScope: number | null;
}

export interface WaitingDigest {
  readonly admin: Admin;
  readonly periods: readonly WaitingPeriod[];
}

/** Each admin's digest: the waiting periods within their scope; none for an admin with nothing waiting. */
export function waitingDigests(admins: readonly Admin[], waiting: readonly WaitingPeriod[]): WaitingDigest[] {
  return admins
    .map((admin) => ({
      admin,
      periods: waiting.filter((p) => admin.ownerScope === null || p.ownerId === admin.ownerScope),
    }))
    .filter((digest) => digest.periods.length > 0);
}

/** The admin review, filtered to the period's person, project and month. */
export function reviewLink(portalUrl: string, period: WaitingPeriod): string {
  const search = new URLSearchParams({
    employeeId: String(period.employeeId),
    projectId: String(period.projectId),
    month: period.month,
  });
  return `${portalUrl}/admin/timesheets/review?${search.toString()}`;
}

export function waitingDigestMail(digest: WaitingDigest, portalUrl: string, waitingDays: number): Mail {
  const count = digest.periods.length;
  return {
    subject: `${count} verified ${count === 1 ? 'period waits' : 'periods wait'} for approval`,
    text: [
      `Hello ${digest.admin.name},`,
      '',
      `Verified more than ${waitingDays} days ago and not approved yet:`,
      '',
      ...digest.periods.map(
        (p) =>
          `- ${p.employeeName}, ${p.projectName}, ${monthNameOf(p.month)} ${p.month.slice(0, 4)}: ` +
          `${p.daysWaiting} days waiting. Review: ${reviewLink(portalUrl, p)}`,
      ),
    ].join('\n'),
  };
}

export const waitingDigestMailId = (adminId: number, today: BusinessDate): string =>
  `reminder-waiting-periods-${adminId}-${today}`;
