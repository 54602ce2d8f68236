import {
  addDays,
  compareDecimals,
  copyWeekMessages as msg,
  daysFrom,
  holidayCalendar,
  type BusinessDate,
  type CopiedEntry,
  type CopyWeekProposal,
  type DateWindow,
  type LeaveDay,
  type SkippedCopy,
} from '@portal/contracts';

/**
 * "Copy last week", decided as a pure function: which of last week's entries go onto which day of
 * this week, and which days or entries are skipped and why (record 0262).
 */

/** An entry as the copy reads it (last week's, or one already entered this week). */
export interface WeekEntry {
  readonly date: BusinessDate;
  readonly projectId: number;
  readonly projectName: string;
  readonly subProjectId: number | null;
  readonly subProjectName: string | null;
  /** Decimal text as stored: '0' when the day has only overtime. */
  readonly hours: string;
  readonly overtimeHours: string | null;
  readonly comment: string;
}

/** A day of this week nobody works on: a holiday of the firm, or the person's leave. */
export interface DayOff {
  readonly date: BusinessDate;
  readonly reason: 'holiday' | 'leave';
  /** The holiday's name(s) with the country, or the leave type. */
  readonly name: string;
}

export interface CopyWeekInput {
  /** The Monday of the week to fill. */
  readonly week: BusinessDate;
  readonly lastWeek: readonly WeekEntry[];
  readonly thisWeek: readonly WeekEntry[];
  readonly daysOff: readonly DayOff[];
}

/** Monday to Sunday of the week starting `monday`. */
export function weekOf(monday: BusinessDate): DateWindow {
  return { first: monday, last: addDays(monday, 6) };
}

/**
 * The firm's holidays (both countries' lists, record 0028: a person's country is not known) that
 * fall in the window, one per day: 'Christmas Day (United States, Canada)'.
 */
export function holidaysWithin(window: DateWindow): DayOff[] {
  const years = new Set([window.first.slice(0, 4), window.last.slice(0, 4)]);
  const byDate = new Map<BusinessDate, Map<string, string[]>>();
  for (const year of years) {
    for (const { country, holidays } of holidayCalendar(Number(year)).countries) {
      for (const holiday of holidays) {
        if (holiday.date < window.first || holiday.date > window.last) continue;
        const names = byDate.get(holiday.date) ?? new Map<string, string[]>();
        names.set(holiday.name, [...(names.get(holiday.name) ?? []), country]);
        byDate.set(holiday.date, names);
      }
    }
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, names]) => ({
      date,
      reason: 'holiday' as const,
      name: [...names.entries()].map(([name, countries]) => `${name}, ${countries.join(' and ')}`).join('; '),
    }));
}

/** The person's leave days as days off (one per day, the first leave type named). */
export function leaveDaysOff(days: readonly LeaveDay[]): DayOff[] {
  const seen = new Set<BusinessDate>();
  return days.flatMap((day) => {
    if (seen.has(day.date)) return [];
    seen.add(day.date);
    return [{ date: day.date, reason: 'leave' as const, name: day.leaveType }];
  });
}

const sameProject = (a: WeekEntry, b: WeekEntry) =>
  a.projectId === b.projectId && a.subProjectId === b.subProjectId;

function projectLabel(entry: WeekEntry): string {
  return entry.subProjectName ? `${entry.projectName} (${entry.subProjectName})` : entry.projectName;
}

/**
 * Each entry of last week goes to the same weekday of `week`, unless that day is a holiday or a
 * leave day (the day is skipped once, whatever it held; a holiday wins over leave) or this week
 * already holds an entry for the same project and sub-project on it (that entry is skipped).
 * Entries come out by day, then in last week's order; skips by day.
 */
export function planCopyOfWeek(input: CopyWeekInput): CopyWeekProposal {
  const week = weekOf(input.week);
  const lastWeek = weekOf(addDays(input.week, -7));
  const dayOff = new Map<BusinessDate, DayOff>();
  for (const off of input.daysOff) {
    const known = dayOff.get(off.date);
    if (!known || (known.reason === 'leave' && off.reason === 'holiday')) dayOff.set(off.date, off);
  }

  const source = input.lastWeek
    .filter((entry) => entry.date >= lastWeek.first && entry.date <= lastWeek.last)
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => a.entry.date.localeCompare(b.entry.date) || a.order - b.order);

  const entries: CopiedEntry[] = [];
  const skipped: SkippedCopy[] = [];
  const daysSaid = new Set<BusinessDate>();
  for (const { entry } of source) {
    const date = addDays(week.first, daysFrom(lastWeek.first, entry.date));
    const off = dayOff.get(date);
    if (off) {
      if (!daysSaid.has(date)) {
        daysSaid.add(date);
        const message = off.reason === 'holiday' ? msg.holiday(off.name) : msg.leave(off.name);
        skipped.push({ date, reason: off.reason, projectName: null, message });
      }
      continue;
    }
    if (input.thisWeek.some((there) => there.date === date && sameProject(there, entry))) {
      const projectName = projectLabel(entry);
      skipped.push({
        date,
        reason: 'already-entered',
        projectName,
        message: msg.alreadyEntered(projectName),
      });
      continue;
    }
    const onlyOvertime = entry.overtimeHours !== null && compareDecimals(entry.hours, '0') === 0;
    entries.push({
      date,
      fromDate: entry.date,
      projectId: entry.projectId,
      projectName: entry.projectName,
      subProjectId: entry.subProjectId,
      subProjectName: entry.subProjectName,
      hours: onlyOvertime ? null : entry.hours,
      overtimeHours: entry.overtimeHours,
      comment: entry.comment,
    });
  }
  skipped.sort((a, b) => a.date.localeCompare(b.date));
  return { week, lastWeek, lastWeekCount: source.length, entries, skipped };
}
