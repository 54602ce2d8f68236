import { z } from 'zod';
import { anyValue, isBlank, refuse, requestMessages, requestObject } from '../kernel/fields';
import { bodyIdField, MAX_ID, optionalIdField } from '../kernel/ids';

/** The roster screen's calls (`/api/roster`), answers and messages. */

export const rosterMessages = {
  /**
   * The spec's 'Roaster has been saved!' with the typo mended
   * (docs/decisions/0146-roster-screen-wording-and-access.md).
   */
  saved: 'Roster has been saved!',
  saveFailed: 'Failed to save Roster record, please try later.',
  nothingToSave: 'Please select at least one change.',
  tooManyChanges: (most: number) => `A save may hold at most ${most.toLocaleString('en-US')} changes`,
  idList: (field: string) => `${field} must be a comma-separated list of ids`,
} as const;

/**
 * The most cells one save may change (the whole firm's matrix is 1,800,000 cells). A change is 54
 * to 75 bytes of JSON, so 15,000 of them (with ids up to six digits) fit in the 1 MB body limit,
 * and 15,001 of the smallest (54 bytes each, 0.8 MB) still reach the server to be told this limit.
 */
export const MAX_ROSTER_CHANGES = 15_000;

/** A comma-separated list of ids in a query string (`projectIds=12,14`); absent or blank: no filter. */
function idListField(field: string) {
  return anyValue().transform((value, ctx): number[] | null => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return refuse(ctx, rosterMessages.idList(field));
    const ids = value.split(',').map((part) => part.trim());
    if (ids.some((id) => !/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > MAX_ID))
      return refuse(ctx, rosterMessages.idList(field));
    return [...new Set(ids.map(Number))];
  });
}

/** GET /api/roster?projectIds=1,2&employeeIds=3,4&ownerId=1: the matrix, filtered on the server. */
export const rosterMatrixQuerySchema = requestObject({
  projectIds: idListField('Projects'),
  employeeIds: idListField('Employees'),
  ownerId: optionalIdField('Owner'),
});
export type RosterMatrixQuery = z.output<typeof rosterMatrixQuerySchema>;

const rosterChangeItemSchema = requestObject({
  employeeId: bodyIdField('Employee'),
  projectId: bodyIdField('Project'),
  isAllowedToBill: anyValue().transform((value, ctx): boolean =>
    typeof value === 'boolean' ? value : refuse(ctx, requestMessages.mustBeTrueOrFalse('Can bill hours')),
  ),
});

/** POST /api/roster: the screen's pending changes, saved as one RosterChanged. */
export const rosterSaveSchema = requestObject({
  changes: z
    .array(rosterChangeItemSchema, { message: rosterMessages.nothingToSave })
    .min(1, rosterMessages.nothingToSave)
    .max(MAX_ROSTER_CHANGES, rosterMessages.tooManyChanges(MAX_ROSTER_CHANGES)),
});
export type RosterSaveRequest = z.output<typeof rosterSaveSchema>;

export interface RosterPerson {
  readonly staffId: number;
  readonly name: string;
  readonly ownerId: number;
}

export interface RosterProject {
  readonly projectId: number;
  readonly name: string;
  readonly ownerId: number;
}

export interface RosterOwner {
  readonly ownerId: number;
  readonly name: string;
}

/** GET /api/roster/choices: what the filters offer, unfiltered, in the caller's scope. */
export interface RosterChoices {
  /** Active people in scope, by name. */
  readonly people: readonly RosterPerson[];
  /** Active projects in scope, by name. */
  readonly projects: readonly RosterProject[];
  /** Every owner in the caller's scope (the Company column, the owner filter). */
  readonly owners: readonly RosterOwner[];
  /** May the caller change the roster (canEditRoster)? Otherwise the screen is read-only. */
  readonly canEdit: boolean;
  /** Is the owner filter offered? Not to a sightstream person (their scope is one owner). */
  readonly ownerFilter: boolean;
}

/**
 * GET /api/roster: the choices narrowed by the filter (people the rows, projects the columns),
 * with who may bill what as index lists: `allowed[i]` holds the indexes into `projects` that
 * `people[i]` may bill, ascending. Compact on purpose: the whole firm is 1,200 × 1,500 cells, of
 * which a few thousand are ticked.
 */
export interface RosterMatrix extends RosterChoices {
  readonly allowed: readonly (readonly number[])[];
}

/** POST /api/roster answers how many cells changed (0: the roster already held them all). */
export interface RosterSaveResult {
  readonly changed: number;
  readonly position: string | null;
}
