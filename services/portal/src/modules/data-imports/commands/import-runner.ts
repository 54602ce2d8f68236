import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  dataImportMessages,
  MAX_DATA_IMPORT_ROWS,
  MAX_IMPORT_ROW_BYTES,
  MAX_LISTED_PROBLEMS,
  type DataImportCounts,
  type DataImportKind,
  type DataImportProblem,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { Principal } from '../../../platform/auth/principal';
import type { Caller } from '../../../platform/cqrs';
import { DecisionLog } from '../../../platform/event-store/command-context';
import { FileStorage } from '../../../platform/files/file-storage.port';
import {
  sheetRows,
  SheetRowTooLong,
  TooManySheetRows,
  UnreadableSheet,
  type SheetFormat,
  type SheetRow,
} from '../../../platform/files/sheet-rows';
import { addCounts, noCounts, type ImportKind, type ImportReading, type ImportStep } from './import-steps';
import { ClientsImport } from './kinds/clients';
import { PlannedHoursImport } from './kinds/planned-hours';
import { ProjectsImport } from './kinds/projects';
import { RosterImport } from './kinds/roster';
import { StaffImport } from './kinds/staff';
import { TimesheetHistoryImport } from './kinds/timesheet-history';
import { VehiclesImport } from './kinds/vehicles';

/** The file an import reads, and who imports it. */
export interface ImportSource {
  readonly importId: string;
  readonly kind: DataImportKind;
  readonly storageKey: string;
  readonly format: SheetFormat;
  readonly projectId: number | null;
  readonly principal: Principal;
}

export interface DryRunResult {
  readonly rows: number;
  readonly counts: DataImportCounts;
  readonly problems: readonly DataImportProblem[];
  readonly problemCount: number;
}

const refuseFile = (message: string) => DomainError.validation([{ path: 'file', message }]);

/** The sheet's rows, counted, its read failures as 400s on `file`. */
async function* countedRows(
  rows: AsyncIterable<SheetRow>,
  counted: { rows: number },
): AsyncGenerator<SheetRow> {
  try {
    for await (const row of rows) {
      counted.rows += 1;
      yield row;
    }
  } catch (error) {
    if (error instanceof TooManySheetRows) throw refuseFile(dataImportMessages.tooManyRows);
    if (error instanceof SheetRowTooLong) throw refuseFile(dataImportMessages.rowTooLong(error.row));
    if (error instanceof UnreadableSheet) throw refuseFile(dataImportMessages.unreadableAt(error.row));
    throw error;
  }
}

/**
 * Reads an import's file into the kind's steps and sends each step's command through the bus:
 * in a dry run with a dry-run DecisionLog (the handlers and deciders decide, nothing is appended;
 * a refusal becomes the problems of its cells), or for real, each command under an id derived from
 * the import and the step (a step sent again appends nothing twice) with the import id as the
 * correlation of every event.
 */
@Injectable()
export class DataImportRunner {
  private readonly kinds: Readonly<Record<DataImportKind, ImportKind>>;

  constructor(
    private readonly bus: CommandBus,
    private readonly storage: FileStorage,
    clients: ClientsImport,
    projects: ProjectsImport,
    staff: StaffImport,
    vehicles: VehiclesImport,
    roster: RosterImport,
    plannedHours: PlannedHoursImport,
    timesheetHistory: TimesheetHistoryImport,
  ) {
    this.kinds = {
      clients,
      projects,
      staff,
      vehicles,
      roster,
      'planned-hours': plannedHours,
      'timesheet-history': timesheetHistory,
    };
  }

  async dryRun(source: ImportSource, now: Date): Promise<DryRunResult> {
    const problems: DataImportProblem[] = [];
    let problemCount = 0;
    const note = (p: DataImportProblem) => {
      problemCount += 1;
      if (problems.length < MAX_LISTED_PROBLEMS) problems.push(p);
    };
    let counts = noCounts();
    const counted = { rows: 0 };
    const reading = await this.reading(source);
    for await (const step of this.steps(reading, source, counted, note)) {
      const log = new DecisionLog(true);
      try {
        await this.bus.execute(step.command(this.caller(source, step, log, now, null)));
        counts = addCounts(counts, step.countsOf(log.decisions));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        step.problemsOf(error).forEach(note);
      }
    }
    if (counted.rows <= 1) throw refuseFile(dataImportMessages.noRows);
    counts = addCounts(counts, { created: 0, changed: 0, unchanged: reading.unchanged?.() ?? 0 });
    return { rows: counted.rows - 1, counts, problems, problemCount };
  }

  /**
   * Applies every step in file order; `progress(lastRow)` after each. A refusal or failure names
   * the first row of the step it stopped at (the steps before it stay applied).
   */
  async apply(
    source: ImportSource,
    now: () => Date,
    causationId: string | null,
    progress: (lastRow: number) => Promise<void>,
  ): Promise<DataImportCounts> {
    let counts = noCounts();
    const counted = { rows: 0 };
    const problems: DataImportProblem[] = [];
    const reading = await this.reading(source);
    for await (const step of this.steps(reading, source, counted, (p) => problems.push(p))) {
      if (problems.length > 0) throw new ImportStopped(step.firstRow, problems[0]!.message);
      const log = new DecisionLog(false);
      try {
        await this.bus.execute(step.command(this.caller(source, step, log, now(), causationId)));
      } catch (error) {
        const reason =
          error instanceof DomainError ? (step.problemsOf(error)[0]?.message ?? error.message) : null;
        throw new ImportStopped(step.firstRow, reason, error);
      }
      counts = addCounts(counts, step.countsOf(log.decisions));
      await progress(step.lastRow);
    }
    if (problems.length > 0) throw new ImportStopped(problems[0]!.row, problems[0]!.message);
    return addCounts(counts, { created: 0, changed: 0, unchanged: reading.unchanged?.() ?? 0 });
  }

  private reading(source: ImportSource): Promise<ImportReading> {
    return this.kinds[source.kind].prepare(source.principal, source.projectId);
  }

  private async *steps(
    reading: ImportReading,
    source: ImportSource,
    counted: { rows: number },
    note: (p: DataImportProblem) => void,
  ): AsyncGenerator<ImportStep> {
    const rows = sheetRows(this.storage, source.storageKey, source.format, {
      maxRowBytes: MAX_IMPORT_ROW_BYTES,
      maxRows: MAX_DATA_IMPORT_ROWS,
    });
    yield* reading.steps(countedRows(rows, counted), note);
  }

  private caller(
    source: ImportSource,
    step: ImportStep,
    decisionLog: DecisionLog,
    now: Date,
    causationId: string | null,
  ): Caller {
    const { principal, importId } = source;
    return {
      principal,
      context: {
        actor: { id: String(principal.staffId), name: principal.name },
        commandId: `data-import-${importId}-${step.key}`,
        correlationId: importId,
        causationId,
        now,
        decisionLog,
      },
    };
  }
}

/** Applying stopped at a step: the rows before `row` are applied. */
export class ImportStopped extends Error {
  constructor(
    readonly row: number,
    /** The refusal's words when a rule refused the step (the data changed since the check). */
    readonly reason: string | null,
    override readonly cause?: unknown,
  ) {
    super(dataImportMessages.stoppedAt(row));
    this.name = 'ImportStopped';
  }
}
