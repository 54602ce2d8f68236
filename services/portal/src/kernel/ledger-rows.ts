import {
  lockedOn,
  monthOf,
  reviewMessages,
  type BusinessDate,
  type PeriodState,
  type VerifiedKind,
} from '@portal/contracts';
import { DomainError } from './domain-error';

/*
 * The rules the ledger's parts (time entries, expenses) apply alike to their rows: a row is
 * locked on the days its person verified, an approved row is final, and a change names the
 * version it read. Each part says which kind of rows it has and how their messages read.
 */

/** Names for '{project} is not editable'; the command handler supplies them (a decider does no lookups). */
export type ProjectNames = ReadonlyMap<number, string>;

/**
 * An admin's change (the review's edit dialog) ignores the person's lock (the admin corrects a
 * verified period) but never changes an approved row.
 */
export type AdminChange = { readonly byAdmin?: boolean };

/** One part's rows, as the shared rules see them. */
export interface LedgerRows {
  /** What the person verifies these rows as: the lock that covers them. */
  readonly kind: VerifiedKind;
  /** What one row is called in the errors a person never sees ('Expense', 'Timesheet entry'). */
  readonly noun: string;
  /** The ids of these rows the period holds approved. */
  approvedIds(period: PeriodState): ReadonlySet<string>;
  readonly messages: {
    notEditable(projectName: string): string;
    readonly notFound: string;
    readonly approved: string;
    readonly staleVersion: string;
  };
}

/** A row as the rules read it. */
export interface LedgerRow {
  readonly employeeId: number;
  readonly projectId: number;
  readonly date: BusinessDate;
  readonly version: number;
}

/** What a correction or withdrawal names: whose row, which one and the version it read. */
export type RowChange = {
  readonly employeeId: number;
  readonly expectedVersion: number;
  readonly projectNames: ProjectNames;
} & AdminChange;

/** The person's rows of a project are locked on the days they verified (admins pass). */
export function assertUnlocked(
  rows: LedgerRows,
  period: PeriodState,
  row: { readonly projectId: number; readonly date: BusinessDate },
  projectNames: ProjectNames,
  change: AdminChange,
): void {
  if (!change.byAdmin && lockedOn(period, rows.kind, row.projectId, row.date)) {
    const name = projectNames.get(row.projectId) ?? `Project ${row.projectId}`;
    throw DomainError.locked(rows.messages.notEditable(name));
  }
}

/**
 * The row a correction or withdrawal targets (`row`, found by the id `id`): it exists, is the
 * person's, is unlocked and not approved, and is at the version the change read.
 */
export function changeableRow<R extends LedgerRow>(
  rows: LedgerRows,
  period: PeriodState,
  id: string,
  row: R | undefined,
  change: RowChange,
): R {
  if (!row || row.employeeId !== change.employeeId) throw DomainError.notFound(rows.messages.notFound);
  assertUnlocked(rows, period, row, change.projectNames, change);
  if (rows.approvedIds(period).has(id)) {
    if (change.byAdmin) throw DomainError.conflict(reviewMessages.approvedIsFinal);
    throw DomainError.validation([{ path: 'id', message: rows.messages.approved }]);
  }
  if (row.version !== change.expectedVersion) throw DomainError.conflict(rows.messages.staleVersion);
  return row;
}

/** Where and when a row is: what its lock and its ledger's month are read from. */
type Placed = { readonly projectId: number; readonly date: BusinessDate };

/**
 * The rows of a submission or claim (`items`, each with its `fields`) that are not in the ledger
 * yet. Each must be dated in the ledger's month and be unlocked. A row already recorded under its
 * id (`idOf`) with the same fields is a retried command's (the same command id gives the same row
 * ids) and is left out; with other fields it is a conflict.
 */
export function rowsToRecord<N extends { readonly fields: Placed }, R>(
  rows: LedgerRows,
  period: PeriodState,
  submission: { readonly month: string; readonly projectNames: ProjectNames } & AdminChange,
  items: readonly N[],
  recorded: { readonly idOf: (item: N) => string; readonly rows: ReadonlyMap<string, R> },
  sameFields: (row: R, fields: N['fields']) => boolean,
): N[] {
  return items.filter((item) => {
    if (monthOf(item.fields.date) !== submission.month) {
      throw new Error(
        `${rows.noun} dated ${item.fields.date} does not belong to the ledger of ${submission.month}`,
      );
    }
    assertUnlocked(rows, period, item.fields, submission.projectNames, submission);
    const id = recorded.idOf(item);
    const existing = recorded.rows.get(id);
    if (existing === undefined) return true;
    if (sameFields(existing, item.fields)) return false;
    throw DomainError.conflict(`${rows.noun} ${id} is already recorded.`);
  });
}

/**
 * The row a correction targets (as `changeableRow`), its corrected fields (`after`) unlocked too
 * and in the row's month: a move to another month is a withdrawal plus a new row.
 */
export function correctableRow<R extends LedgerRow>(
  rows: LedgerRows,
  period: PeriodState,
  id: string,
  row: R | undefined,
  change: RowChange & { readonly after: Placed },
): R {
  const found = changeableRow(rows, period, id, row, change);
  if (monthOf(change.after.date) !== monthOf(found.date)) {
    throw new Error('A correction stays in its month; a move is a withdrawal plus a new row');
  }
  assertUnlocked(rows, period, change.after, change.projectNames, change);
  return found;
}

/** A part's rows by id with `row` put under `id` (added, or in place of the row it replaces). */
export function withRow<R>(rows: ReadonlyMap<string, R>, id: string, row: R): ReadonlyMap<string, R> {
  return new Map(rows).set(id, row);
}

/** A part's rows by id with `id`'s row corrected to `after` at `version`; an unknown id changes nothing. */
export function withCorrectedRow<R extends { readonly version: number }>(
  rows: ReadonlyMap<string, R>,
  id: string,
  after: Partial<R>,
  version: number,
): ReadonlyMap<string, R> {
  const current = rows.get(id);
  return current ? withRow(rows, id, { ...current, ...after, version }) : rows;
}

/** A part's rows by id without `id`'s row (withdrawn). */
export function withoutRow<R>(rows: ReadonlyMap<string, R>, id: string): ReadonlyMap<string, R> {
  const left = new Map(rows);
  left.delete(id);
  return left;
}
