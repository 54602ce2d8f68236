import type { DataImportCounts, DataImportProblem } from '@portal/contracts';
import type { DomainError } from '../../../kernel/domain-error';
import type { Principal } from '../../../platform/auth/principal';
import type { Caller, PortalCommand } from '../../../platform/cqrs';
import type { NotedDecision } from '../../../platform/event-store/command-context';
import type { ImportRow } from '../domain/sheet';

/**
 * One command an import sends: the rows it covers, the command itself (the one a form sends), how
 * a refusal's fields map to the file's cells, and what its decisions count as.
 */
export interface ImportStep {
  /** Unique within the file and the same on every read of it: the command id derives from it. */
  readonly key: string;
  /** The first and last sheet row it covers (a failed apply says where to go on from). */
  readonly firstRow: number;
  readonly lastRow: number;
  command(caller: Caller): PortalCommand<unknown>;
  /** The refusal's problems as cells of the file. */
  problemsOf(error: DomainError): DataImportProblem[];
  /** What its decisions did (or would do). */
  countsOf(decisions: readonly NotedDecision[]): DataImportCounts;
}

/** What reading a file gives, row by row: the steps to send, and the problems found on the way. */
export interface ImportReading {
  steps(rows: AsyncIterable<ImportRow>, problem: (p: DataImportProblem) => void): AsyncIterable<ImportStep>;
  /** Things the reading found as the file says already and sent no command for (read once the steps are done). */
  unchanged?(): number;
}

/** A kind of import: what it reads of the portal first (names and references), then how it reads a file. */
export interface ImportKind {
  prepare(principal: Principal, projectId: number | null): Promise<ImportReading>;
}

export const noCounts = (): DataImportCounts => ({ created: 0, changed: 0, unchanged: 0 });

export function addCounts(a: DataImportCounts, b: DataImportCounts): DataImportCounts {
  return {
    created: a.created + b.created,
    changed: a.changed + b.changed,
    unchanged: a.unchanged + b.unchanged,
  };
}

/** One thing per step (a client, a project): created when its stream was new, changed when anything was decided. */
export function countOne(decisions: readonly NotedDecision[]): DataImportCounts {
  const decided = decisions.filter((d) => d.events.length > 0);
  if (decided.some((d) => d.newStream)) return { created: 1, changed: 0, unchanged: 0 };
  if (decided.length > 0) return { created: 0, changed: 1, unchanged: 0 };
  return { created: 0, changed: 0, unchanged: 1 };
}

/**
 * A refusal's field problems placed on the file: `columnOf` names the column of a field path
 * ('contacts.0.email' → 'Contacts'); a refusal without fields (an unknown id, a 403) goes on
 * `fallbackColumn`.
 */
export function problemsOfRow(
  row: ImportRow,
  error: DomainError,
  columnOf: (path: string) => string | null,
  fallbackColumn: string,
): DataImportProblem[] {
  const at = (column: string, message: string): DataImportProblem => ({
    sheet: row.sheet,
    row: row.row,
    column,
    message,
  });
  if (error.problems.length === 0) return [at(fallbackColumn, error.message)];
  return error.problems.map((p) => at(columnOf(p.path) ?? fallbackColumn, p.message));
}
