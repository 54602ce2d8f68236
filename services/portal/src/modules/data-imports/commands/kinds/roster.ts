import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  dataImportMessages,
  ROSTER_IMPORT_ALLOWED,
  ROSTER_IMPORT_COLUMNS,
  rosterMatrixQuerySchema,
  type DataImportProblem,
  type RosterChange,
} from '@portal/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { ChangeRosterCommand, GetRosterMatrixQuery } from '../../../roster';
import { NameIndex } from '../../domain/names';
import { cellText, dataRows, formulaProblems, KeysSeen, problemAt, type ImportRow } from '../../domain/sheet';
import { cellBatchStep, CellBatches, type CellPlace } from '../cell-batches';
import type { ImportKind, ImportReading, ImportStep } from '../import-steps';

const R = ROSTER_IMPORT_COLUMNS;

const rosterStep = (changes: readonly RosterChange[], places: readonly CellPlace[]): ImportStep =>
  cellBatchStep({
    prefix: 'roster',
    list: 'changes',
    nameColumn: R.name.heading,
    cells: changes,
    places,
    command: (caller, cells) => new ChangeRosterCommand(caller, cells),
    created: () => false,
  });

/**
 * The roster in the layout of employee-roster.xlsx: Employee Name, Company, then one column per
 * project headed by its name, Yes where the person may bill it and blank where not. People,
 * owners and projects are found by name among those the importing admin's roster shows (active,
 * in their owner scope); a name that is no one's, or several's, is a problem. Every cell of the
 * file is set (blank: may not bill), in ChangeRoster commands of about 50,000 cells.
 */
@Injectable()
export class RosterImport implements ImportKind {
  constructor(private readonly queries: QueryBus) {}

  async prepare(principal: Principal): Promise<ImportReading> {
    // The people, projects and owners the roster screen (and its export) shows this admin, and
    // who may bill what now: only the cells the file changes are sent (the others are counted).
    const matrix = await this.queries.execute(
      new GetRosterMatrixQuery(principal, rosterMatrixQuerySchema.parse({})),
    );
    const { people, projects, owners } = matrix;
    const allowedNow = new Set(
      matrix.allowed.flatMap((list, i) => list.map((j) => `${people[i]!.staffId}:${projects[j]!.projectId}`)),
    );
    let unchanged = 0;
    const ownerIndex = new NameIndex(owners.map((o) => [o.name, o.ownerId] as const));
    const personIndex = new NameIndex(people.map((p) => [`${p.name}\u0000${p.ownerId}`, p.staffId] as const));
    const projectIndex = new NameIndex(projects.map((p) => [p.name, p.projectId] as const));
    return {
      unchanged: () => unchanged,
      async *steps(rows: AsyncIterable<ImportRow>, problem: (p: DataImportProblem) => void) {
        let columns: { index: number; heading: string; projectId: number | null }[] | null = null;
        const keys = new KeysSeen();
        const batches = new CellBatches(rosterStep);
        for await (const { row, match, cell } of dataRows(rows, R, () => 'data')) {
          if (columns === null) {
            const headingRow: ImportRow = { ...row, row: 1, cells: [], formulas: [] };
            columns = match.further.map(({ index, heading }) => {
              const found = projectIndex.find(heading, 'project');
              if ('problem' in found) problem(problemAt(headingRow, heading, found.problem));
              return { index, heading, projectId: 'found' in found ? found.found : null };
            });
          }
          const found = formulaProblems(row, match.headings);
          const name = cellText(cell('name')) ?? '';
          const company = cellText(cell('company')) ?? '';
          const owner = ownerIndex.find(company, 'company');
          let employeeId: number | null = null;
          if ('problem' in owner) found.push(problemAt(row, R.company.heading, owner.problem));
          else {
            const person = personIndex.find(`${name}\u0000${owner.found}`, 'person', name);
            if ('problem' in person) found.push(problemAt(row, R.name.heading, person.problem));
            else employeeId = person.found;
          }
          const repeated = keys.check(row, R.name.heading, `${name}\u0000${company}`.toLowerCase(), name);
          if (repeated) found.push(repeated);
          const rowChanges: RosterChange[] = [];
          const rowPlaces: CellPlace[] = [];
          for (const column of columns) {
            const text = cellText(row.cells[column.index] ?? null);
            if (text !== null && text.toLowerCase() !== ROSTER_IMPORT_ALLOWED.toLowerCase()) {
              found.push(problemAt(row, column.heading, dataImportMessages.notAllowedMark));
              continue;
            }
            if (employeeId === null || column.projectId === null) continue;
            const isAllowedToBill = text !== null;
            if (allowedNow.has(`${employeeId}:${column.projectId}`) === isAllowedToBill) {
              unchanged += 1;
              continue;
            }
            rowChanges.push({ employeeId, projectId: column.projectId, isAllowedToBill });
            rowPlaces.push({ row, column: column.heading });
          }
          if (found.length > 0) {
            found.forEach(problem);
            continue;
          }
          const full = batches.add(rowChanges, rowPlaces);
          if (full) yield full;
        }
        const rest = batches.rest();
        if (rest) yield rest;
      },
    };
  }
}
