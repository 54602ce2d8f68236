import { Injectable } from '@nestjs/common';
import { PROJECT_IMPORT_COLUMNS, projectRequestSchema, type DataImportProblem } from '@portal/contracts';
import { CatalogReferences, ChangeProjectCommand, OpenProjectCommand } from '../../../catalog';
import { cellId, cellText, cellYesNo, type ImportCell, type ImportRow } from '../../domain/sheet';
import type { ImportKind, ImportReading } from '../import-steps';
import { keyedRowSteps } from '../keyed-rows';

const P = PROJECT_IMPORT_COLUMNS;
type ProjectField = keyof typeof P;

/** The form's values of a row: ids as numbers, Yes/No as booleans, the rest as text. */
function requestInput(cell: (field: ProjectField) => ImportCell): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of Object.keys(P) as ProjectField[]) {
    if (field === 'projectId') continue;
    if (field === 'clientId' || field === 'ownerId') input[field] = cellId(cell(field));
    else if (field === 'isActive') input[field] = cellYesNo(cell(field));
    else if (field === 'isSubProject') input[field] = cellYesNo(cell(field)) ?? undefined;
    else input[field] = cellText(cell(field));
  }
  return input;
}

/**
 * Projects, one a row, keyed by Project ID: a new id is opened under that id (OpenProject, in the
 * importing admin's owner scope), a known one changed as the project form changes it. The client
 * and owner are named by id and must exist (the decider says so otherwise).
 */
@Injectable()
export class ProjectsImport implements ImportKind {
  constructor(private readonly catalog: CatalogReferences) {}

  prepare(): Promise<ImportReading> {
    const catalog = this.catalog;
    return Promise.resolve({
      steps: (rows: AsyncIterable<ImportRow>, problem: (p: DataImportProblem) => void) =>
        keyedRowSteps(rows, problem, {
          columns: P,
          keyField: 'projectId',
          schema: projectRequestSchema,
          input: requestInput,
          fallbackColumn: P.name.heading,
          prefix: 'project',
          command: async (id, request) =>
            (await catalog.projectOwners([id])).has(id)
              ? (caller) => new ChangeProjectCommand(caller, id, request)
              : (caller) => new OpenProjectCommand(caller, { ...request, projectId: id }),
        }),
    });
  }
}
