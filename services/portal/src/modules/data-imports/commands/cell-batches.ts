import type { DataImportCounts } from '@portal/contracts';
import type { DomainError } from '../../../kernel/domain-error';
import type { Caller, PortalCommand } from '../../../platform/cqrs';
import type { NotedDecision } from '../../../platform/event-store/command-context';
import { problemAt, type ImportRow } from '../domain/sheet';
import type { ImportStep } from './import-steps';

/** Where a cell of a batch came from: its row and column heading. */
export interface CellPlace {
  readonly row: ImportRow;
  readonly column: string;
  /** When an item is a whole row: the column of each of its fields (`{list}.{i}.{field}`). */
  readonly columns?: Readonly<Record<string, string>>;
}

/** Cells per command of a grid import (roster, planned hours): whole rows, about this many. */
export const CELLS_PER_STEP = 50_000;

/**
 * A batch of grid cells (whole rows) as one command whose list the decider checks item by item
 * (`{list}.{i}.{field}`): its refusals are placed back on their cells, a refusal of the person on
 * the row's name column; `changesOf` reads the cells an event changed.
 */
export function cellBatchStep<T>(options: {
  readonly prefix: string;
  readonly list: string;
  readonly nameColumn: string;
  readonly cells: readonly T[];
  readonly places: readonly CellPlace[];
  readonly command: (caller: Caller, cells: readonly T[]) => PortalCommand<unknown>;
  /** Of the cells an event changed, how many were new (nothing there before). */
  readonly created: (change: unknown) => boolean;
  /** What the decisions count as, when their events carry no `changes` list. */
  readonly countsOf?: ImportStep['countsOf'];
}): ImportStep {
  const { places, cells, nameColumn } = options;
  const first = places[0]!.row;
  const last = places[places.length - 1]!.row;
  const itemPath = new RegExp(`^${options.list}\\.(\\d+)(?:\\.(\\w+))?`);
  const placeOf = (path: string): CellPlace => {
    const match = itemPath.exec(path);
    const place = match ? places[Number(match[1])] : undefined;
    if (!place) return { row: first, column: nameColumn };
    const field = match![2];
    if (field === 'employeeId') return { row: place.row, column: nameColumn };
    return { row: place.row, column: (field && place.columns?.[field]) || place.column };
  };
  return {
    key: `${options.prefix}-${first.row}`,
    firstRow: first.row,
    lastRow: last.row,
    command: (caller) => options.command(caller, cells),
    problemsOf: (error: DomainError) =>
      error.problems.length === 0
        ? [problemAt(first, nameColumn, error.message)]
        : error.problems.map((p) => {
            const place = placeOf(p.path);
            return problemAt(place.row, place.column, p.message);
          }),
    countsOf:
      options.countsOf ??
      ((decisions: readonly NotedDecision[]): DataImportCounts => {
        const changes = decisions.flatMap((d) =>
          d.events.flatMap((e) => (e.data as { changes: readonly unknown[] }).changes),
        );
        const created = changes.filter(options.created).length;
        return { created, changed: changes.length - created, unchanged: cells.length - changes.length };
      }),
  };
}

/** Gathers whole rows of cells into batches of about `size` (CELLS_PER_STEP), each made a step. */
export class CellBatches<T> {
  private cells: T[] = [];
  private places: CellPlace[] = [];

  constructor(
    private readonly step: (cells: readonly T[], places: readonly CellPlace[]) => ImportStep,
    private readonly size = CELLS_PER_STEP,
  ) {}

  /** Adds a row's cells; answers the batch's step once it holds enough, else null. */
  add(cells: readonly T[], places: readonly CellPlace[]): ImportStep | null {
    this.cells.push(...cells);
    this.places.push(...places);
    return this.cells.length >= this.size ? this.rest() : null;
  }

  /** The batch gathered so far as a step (null when empty), and a fresh one begun. */
  rest(): ImportStep | null {
    if (this.cells.length === 0) return null;
    const step = this.step(this.cells, this.places);
    this.cells = [];
    this.places = [];
    return step;
  }
}
