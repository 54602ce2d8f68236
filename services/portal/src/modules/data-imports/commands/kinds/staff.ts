import { Injectable } from '@nestjs/common';
import {
  STAFF_IMPORT_COLUMNS,
  staffAddSchema,
  staffUpdateSchema,
  type DataImportProblem,
} from '@portal/contracts';
import { z } from 'zod';
import type { Principal } from '../../../../platform/auth/principal';
import { AddStaffMemberCommand, StaffQueries, UpdateStaffMemberCommand } from '../../../staff';
import { cellText, cellYesNo, type ImportCell, type ImportRow } from '../../domain/sheet';
import type { ImportKind, ImportReading } from '../import-steps';
import { keyedRowSteps, textKey } from '../keyed-rows';

const S = STAFF_IMPORT_COLUMNS;
type StaffField = keyof typeof S;
const FLAGS = new Set<StaffField>(['isAdmin', 'needReceipt', 'canEditRoster', 'isActive']);

/** The forms' fields together: Add staff member's and the person's record (names, profile, flags). */
const staffImportSchema = z.strictObject({ ...staffUpdateSchema.shape, ...staffAddSchema.shape });
const UPDATE_FIELDS = Object.keys(staffUpdateSchema.shape);
const ADD_ONLY = new Set(['username', 'ownerId', 'startDate']);

/** A row's values as the forms send them: Yes/No as booleans, ids as numbers, text trimmed; absent columns left out. */
function rowInput(cell: (field: StaffField) => ImportCell, present: (field: StaffField) => boolean) {
  const input: Record<string, unknown> = {};
  for (const field of Object.keys(S) as StaffField[]) {
    if (!present(field)) continue;
    if (FLAGS.has(field)) input[field] = cellYesNo(cell(field)) ?? undefined;
    else if (field === 'ownerId') {
      const text = cellText(cell(field));
      input[field] = text !== null && /^\d+$/.test(text) ? Number(text) : text;
    } else
      input[field] =
        cellText(cell(field)) ?? (field === 'firstName' || field === 'lastName' ? null : undefined);
  }
  return input;
}

/**
 * Staff, one a row, keyed by work e-mail: someone new is added as Add staff member adds them (the
 * next free staff id; in the importing admin's owner scope), someone the portal has is changed as
 * Staff Review's Save changes them (only what differs is recorded; their owner stays).
 */
@Injectable()
export class StaffImport implements ImportKind {
  constructor(private readonly staff: StaffQueries) {}

  async prepare(principal: Principal): Promise<ImportReading> {
    const people = await this.staff.listVisibleTo(principal);
    const byAddress = new Map(people.map((p) => [p.username.toLowerCase(), p.staffId]));
    return {
      steps: (rows: AsyncIterable<ImportRow>, problem: (p: DataImportProblem) => void) => {
        let present: (field: StaffField) => boolean = () => false;
        return keyedRowSteps<StaffField, typeof staffImportSchema, string>(rows, problem, {
          columns: S,
          keyField: 'username',
          keyOf: textKey((text) => text.toLowerCase()),
          schema: staffImportSchema,
          input: (cell, match) => {
            present = (field) => match.at[field] !== undefined;
            return rowInput(cell, present);
          },
          fallbackColumn: S.username.heading,
          prefix: 'staff',
          command: (username, request) => {
            const staffId = byAddress.get(username);
            if (staffId === undefined)
              return Promise.resolve((caller) => new AddStaffMemberCommand(caller, request));
            const update = Object.fromEntries(
              Object.entries(request).filter(
                ([key, value]) => UPDATE_FIELDS.includes(key) && !ADD_ONLY.has(key) && value !== undefined,
              ),
            );
            return Promise.resolve((caller) => new UpdateStaffMemberCommand(caller, staffId, update));
          },
        });
      },
    };
  }
}
