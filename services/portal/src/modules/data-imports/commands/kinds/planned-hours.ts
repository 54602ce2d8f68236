import { Injectable } from '@nestjs/common';
import {
  PLANNED_HOURS_IMPORT_COLUMNS,
  plannedCellMessages,
  type DataImportProblem,
  type PlannedCellInput,
} from '@portal/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { SetPlannedHoursCommand } from '../../../planning';
import { RosterQueries } from '../../../roster';
import { StaffQueries } from '../../../staff';
import { NameIndex } from '../../domain/names';
import {
  monthOfHeading,
  plannedHoursHeading,
  plannedHoursOfCell,
  TOTAL_HOURS_ROW,
} from '../../domain/planned-hours-sheet';
import { cellText, dataRows, formulaProblems, KeysSeen, problemAt, type ImportRow } from '../../domain/sheet';
import { cellBatchStep, CellBatches, type CellPlace } from '../cell-batches';
import type { ImportKind, ImportReading, ImportStep } from '../import-steps';

const H = PLANNED_HOURS_IMPORT_COLUMNS;

/**
 * Planned hours in the layout of PlannedHours.xlsx, for the project chosen at upload (the file does
 * not name it): Name, then a column per month. People are found by name among those the roster
 * lets bill the project (as the grid lists them); every month cell of the file is set, in
 * SetPlannedHours commands of about 50,000 cells, by the planning decider's rules.
 */
@Injectable()
export class PlannedHoursImport implements ImportKind {
  constructor(
    private readonly roster: RosterQueries,
    private readonly staff: StaffQueries,
  ) {}

  async prepare(_principal: Principal, projectId: number | null): Promise<ImportReading> {
    const project = projectId ?? 0;
    const ids = new Set(await this.roster.employeesAllowedOn(project));
    const everyone = await this.staff.listVisibleTo({ userType: 'default' });
    const people = new NameIndex(
      everyone.filter((p) => ids.has(p.staffId)).map((p) => [p.name, p.staffId] as const),
    );
    const step = (cells: readonly PlannedCellInput[], places: readonly CellPlace[]): ImportStep =>
      cellBatchStep({
        prefix: `planned-hours-${project}`,
        list: 'cells',
        nameColumn: H.name.heading,
        cells,
        places,
        command: (caller, batch) => new SetPlannedHoursCommand(caller, project, batch),
        created: (change) => (change as { before: { plannedHours: unknown } }).before.plannedHours == null,
      });
    return {
      async *steps(rows: AsyncIterable<ImportRow>, problem: (p: DataImportProblem) => void) {
        const keys = new KeysSeen();
        const batches = new CellBatches(step);
        for await (const { row, match, cell } of dataRows(rows, H, plannedHoursHeading)) {
          const name = cellText(cell('name')) ?? '';
          if (name.toLowerCase() === TOTAL_HOURS_ROW) continue;
          const found = formulaProblems(row, match.headings);
          const person = people.find(name, "person on the project's roster");
          // A row that plans nothing sets nothing: its person need not be on the roster (the
          // export lists an inactive person the roster export leaves out, with zeros).
          const plansNothing = match.further.every(
            ({ index }) => plannedHoursOfCell(row.cells[index] ?? null) === null,
          );
          if ('problem' in person && plansNothing && found.length === 0) continue;
          if ('problem' in person) found.push(problemAt(row, H.name.heading, person.problem));
          const repeated = keys.check(row, H.name.heading, name.toLowerCase(), name);
          if (repeated) found.push(repeated);
          const rowCells: PlannedCellInput[] = [];
          const rowPlaces: CellPlace[] = [];
          for (const { index, heading } of match.further) {
            const plannedHours = plannedHoursOfCell(row.cells[index] ?? null);
            if (plannedHours === undefined) {
              found.push(problemAt(row, heading, plannedCellMessages.invalid));
              continue;
            }
            if (!('found' in person)) continue;
            rowCells.push({ employeeId: person.found, month: monthOfHeading(heading)!, plannedHours });
            rowPlaces.push({ row, column: heading });
          }
          if (found.length > 0) {
            found.forEach(problem);
            continue;
          }
          const full = batches.add(rowCells, rowPlaces);
          if (full) yield full;
        }
        const rest = batches.rest();
        if (rest) yield rest;
      },
    };
  }
}
