import { z } from 'zod';
import type { BillingCycle } from '../kernel/constants';
import { SECOND_ORGANISATION_OWNER_ID, UMBRELLA_PROJECT_ID } from '../kernel/constants';
import { monthWindow, type BusinessDate, type DateWindow } from '../kernel/dates';
import { anyValue, dateField, isBlank, refuse, requestObject } from '../kernel/fields';
import { optionalIdField } from '../kernel/ids';
import { overtimeAllowed } from '../timesheets/rules';
import type { StateCounts } from './board-counts';
import type { ReviewPersonTotals, ReviewResponse } from './review';
import { reviewRangeRules, reviewRequestMessages } from './review-requests';

/**
 * The admin's Contractor Timesheet Review (admin spec §2; issue 8): what GET /api/admin/review
 * asks and answers, and what GET /api/admin/review/filters offers. The review is paged by people
 * (a firm has 1,200): a page holds the time and expense rows of up to REVIEW_PEOPLE_PER_PAGE
 * people, each with their totals; the overall totals cover everyone the filter matches.
 */

/** People on one page of the review. */
export const REVIEW_PEOPLE_PER_PAGE = 25;
/** The highest page number the review may ask for. */
export const REVIEW_PAGE_MAX = 10_000;
/** The owners the owner filter offers (1 = the first company, 2 = the second, 'sightstream'). */
export const REVIEW_OWNER_IDS = [1, SECOND_ORGANISATION_OWNER_ID] as const;
/** How the people of the review may be ordered. */
export const REVIEW_PEOPLE_SORTS = ['name', 'hours', 'expenses', 'total'] as const;
export type ReviewPeopleSort = (typeof REVIEW_PEOPLE_SORTS)[number];

/** The review's date pickers: the start of the month six back to the end of the month two ahead (§5, §9). */
export const REVIEW_RANGE_MONTHS_BACK = 6;
export const REVIEW_RANGE_MONTHS_AHEAD = 2;

export function reviewDateWindow(today: BusinessDate): DateWindow {
  return monthWindow(today, REVIEW_RANGE_MONTHS_BACK, REVIEW_RANGE_MONTHS_AHEAD);
}

export const reviewQueryMessages = {
  ownerInvalid: 'Owner must be 1 or 2',
  pageInvalid: `Page must be a whole number from 1 to ${REVIEW_PAGE_MAX}`,
  sortInvalid: `Sort must be one of ${REVIEW_PEOPLE_SORTS.join(', ')}`,
  directionInvalid: 'Direction must be asc or desc',
  subProjectOnlyUmbrella: `Sub Project applies only to project ${UMBRELLA_PROJECT_ID}`,
  ownerOutOfScope: 'You may review only the people and projects of your own organisation.',
  employeeOutOfScope: (id: number) => `Employee ${id} is not one you may review.`,
  projectOutOfScope: (id: number) => `Project ${id} is not one you may review.`,
} as const;
const m = reviewQueryMessages;

const ownerFilterField = anyValue().transform((value, ctx): number | null => {
  if (isBlank(value)) return null;
  const owner = typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return (REVIEW_OWNER_IDS as readonly number[]).includes(owner) ? owner : refuse(ctx, m.ownerInvalid);
});

const pageField = anyValue().transform((value, ctx): number => {
  if (isBlank(value)) return 1;
  const text = typeof value === 'string' ? value.trim() : '';
  const page = /^\d+$/.test(text) ? Number(text) : 0;
  return page >= 1 && page <= REVIEW_PAGE_MAX ? page : refuse(ctx, m.pageInvalid);
});

const sortField = anyValue().transform((value, ctx): ReviewPeopleSort => {
  if (isBlank(value)) return 'name';
  const sort = REVIEW_PEOPLE_SORTS.find((s) => s === value);
  return sort ?? refuse(ctx, m.sortInvalid);
});

const directionField = anyValue().transform((value, ctx): 'asc' | 'desc' => {
  if (isBlank(value)) return 'asc';
  return value === 'asc' || value === 'desc' ? value : refuse(ctx, m.directionInvalid);
});

/**
 * GET /api/admin/review: a date range (end not before start, at most 366 days) and optional
 * owner, employee, project and sub-project (only with project 45), a page of people and their order.
 */
export const reviewQuerySchema = requestObject({
  start: dateField(reviewRequestMessages.startLabel),
  end: dateField(reviewRequestMessages.endLabel),
  ownerId: ownerFilterField,
  employeeId: optionalIdField('Employee'),
  projectId: optionalIdField('Project'),
  subProjectId: optionalIdField('Sub Project'),
  page: pageField,
  sort: sortField,
  direction: directionField,
}).superRefine((query, ctx) => {
  reviewRangeRules(query, ctx);
  if (query.subProjectId !== null && query.projectId !== UMBRELLA_PROJECT_ID)
    ctx.addIssue({ code: 'custom', path: ['subProjectId'], message: m.subProjectOnlyUmbrella });
});
export type ReviewQuery = z.output<typeof reviewQuerySchema>;

/** One person on a page of the review: their totals over the whole filter, how their rows stand. */
export interface ReviewPagePerson extends ReviewPersonTotals {
  readonly ownerId: number;
  readonly counts: StateCounts;
  /** The projects of their rows in the filter (what Approve all and Return act on), by name. */
  readonly projects: readonly { readonly projectId: number; readonly name: string }[];
}

export interface ReviewTotals extends Omit<ReviewPersonTotals, 'employeeId' | 'employeeName'> {
  readonly counts: StateCounts;
}

/** GET /api/admin/review: one page of people; `totals` over everyone the filter matches. */
export interface ReviewPage extends ReviewResponse {
  readonly people: readonly ReviewPagePerson[];
  readonly totals: ReviewTotals;
  /** 1-based; a page past the last answers no people. */
  readonly page: number;
  readonly pageCount: number;
  readonly pageSize: number;
  /** People with rows in the filter, on every page. */
  readonly peopleCount: number;
}

export interface ReviewFilterOwner {
  readonly ownerId: number;
  readonly name: string;
}

export interface ReviewFilterPerson {
  readonly staffId: number;
  readonly name: string;
  readonly ownerId: number;
  readonly isActive: boolean;
}

export interface ReviewFilterProject {
  readonly projectId: number;
  readonly name: string;
  readonly ownerId: number;
  readonly billingCycle: BillingCycle;
  readonly isActive: boolean;
  readonly hasOvertime: boolean;
}

/** GET /api/admin/review/filters: what the caller may filter by (a sightstream admin: owner 2 only). */
export interface ReviewFilters {
  readonly owners: readonly ReviewFilterOwner[];
  readonly employees: readonly ReviewFilterPerson[];
  readonly projects: readonly ReviewFilterProject[];
  /** The sub-projects of umbrella project 45 (empty when 45 is outside the caller's scope). */
  readonly subProjects: readonly ReviewFilterProject[];
}

type OwnerFacts = { readonly projectId: number; readonly ownerId: number };

/**
 * The Overtime column shows when the owner filter is 2, or any row of the review is of owner 2 or
 * of projects 61 / 64 (also as the sub-project of 45): the rule of `overtimeAllowed`.
 */
export function reviewShowsOvertime(
  ownerFilter: number | null,
  rows: Iterable<{ readonly project: OwnerFacts; readonly subProject: OwnerFacts | null }>,
): boolean {
  if (ownerFilter === SECOND_ORGANISATION_OWNER_ID) return true;
  for (const row of rows) if (overtimeAllowed(row.project, row.subProject)) return true;
  return false;
}
