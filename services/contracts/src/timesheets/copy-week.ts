import type { z } from 'zod';
import { isBusinessDate, mondayOfWeek, type BusinessDate, type DateWindow } from '../kernel/dates';
import { anyValue, isBlank, refuse, requestObject } from '../kernel/fields';

/**
 * "Copy last week" (GET /api/timesheets/copy-last-week): last week's entries of the signed-in
 * person laid onto the same weekdays of this week, for review before they are submitted through
 * POST /api/timesheets. Holidays and leave days of this week, and days that already hold an entry
 * for the same project and sub-project, are skipped and said so.
 */

export const copyWeekMessages = {
  weekNotMonday: 'Week must be a Monday (weeks start on Monday)',
  weekNotDate: 'Week must be a date (YYYY-MM-DD)',
  weekOutsideWindow: (first: BusinessDate, last: BusinessDate) =>
    `Week must start between ${first} and ${last}`,
  nothingLastWeek: 'No time was entered last week, so there is nothing to copy.',
  nothingLeft: 'Every entry of last week falls on a day skipped below, so there is nothing to copy.',
  holiday: (name: string) => `Not copied: a holiday (${name}).`,
  leave: (leaveType: string) => `Not copied: you are on leave (${leaveType}).`,
  alreadyEntered: (project: string) => `Not copied: ${project} is already entered on this day.`,
  removed: 'Removed from the copy.',
  saved: (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'} saved from last week.`,
  someRefused: 'Some copied entries were not saved: each says why. Correct or remove them and submit again.',
} as const;

/** The Monday of the week to fill; absent: this week, by the server's clock. */
function weekField() {
  return anyValue().transform((value, ctx): BusinessDate | null => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string' || !isBusinessDate(value.trim()))
      return refuse(ctx, copyWeekMessages.weekNotDate);
    const week = value.trim();
    return mondayOfWeek(week) === week ? week : refuse(ctx, copyWeekMessages.weekNotMonday);
  });
}

/** GET /api/timesheets/copy-last-week?week= */
export const copyWeekQuerySchema = requestObject({ week: weekField() });
export type CopyWeekQuery = z.output<typeof copyWeekQuerySchema>;

/** One entry of last week, moved to the same weekday of this week (hours null: only overtime). */
export interface CopiedEntry {
  readonly date: BusinessDate;
  /** The day of last week it was copied from. */
  readonly fromDate: BusinessDate;
  readonly projectId: number;
  readonly projectName: string;
  readonly subProjectId: number | null;
  readonly subProjectName: string | null;
  readonly hours: string | null;
  readonly overtimeHours: string | null;
  readonly comment: string;
}

export type CopySkipReason = 'holiday' | 'leave' | 'already-entered';

/** A day (holiday, leave) or an entry (already entered) of this week that was not copied, and why. */
export interface SkippedCopy {
  readonly date: BusinessDate;
  readonly reason: CopySkipReason;
  /** The project of the entry not copied ('already-entered'); null for a whole day. */
  readonly projectName: string | null;
  readonly message: string;
}

export interface CopyWeekProposal {
  /** The week filled (Monday to Sunday). */
  readonly week: DateWindow;
  /** The week copied from. */
  readonly lastWeek: DateWindow;
  /** How many entries last week held (0: the empty state). */
  readonly lastWeekCount: number;
  readonly entries: readonly CopiedEntry[];
  readonly skipped: readonly SkippedCopy[];
}

/** How many recent combinations the entry form offers, and how far back they are looked for. */
export const RECENT_COMBINATIONS_MAX = 5;
export const RECENT_COMBINATIONS_DAYS = 60;

/**
 * GET /api/timesheets/recent: a project, sub-project and activity the signed-in person entered
 * lately, offered first in the entry form (most recent first, each combination once).
 */
export interface RecentCombination {
  readonly projectId: number;
  readonly projectName: string;
  readonly subProjectId: number | null;
  readonly subProjectName: string | null;
  /** The activity comment the entries carried. */
  readonly activity: string;
  /** The latest day it was entered on. */
  readonly lastDate: BusinessDate;
}
