import {
  ERASED,
  STAFF_SEALED_FIELDS,
  maskSensitive,
  type StaffPlainField,
  type StaffSensitiveField,
} from '@portal/contracts';
import type { Selectable } from 'kysely';
import { isSealed } from '../../../platform/crypto/personal-data-cipher';
import { columnOf, type StaffTable } from '../projections/staff-tables';

type Opener = { open(value: string | null): string | null };
const sealedFields = new Set<string>(STAFF_SEALED_FIELDS);

/**
 * A field's value in the clear: opened with the person's key when sealed; 'erased' for any personal
 * field of an erased person, and for a sealed value whose key is gone (never an error).
 */
export function openedValue(
  field: StaffPlainField | StaffSensitiveField,
  row: Selectable<StaffTable>,
  person: Opener,
): string | null {
  if (row.personal_data_erased && sealedFields.has(field)) return ERASED;
  const stored = row[columnOf(field)];
  const value = person.open(stored);
  return value === null && isSealed(stored) ? ERASED : value;
}

/** Profile fields shown in the clear (contact fields are sealed in the row and opened here). */
export function plainValuesOf<F extends StaffPlainField>(
  fields: readonly F[],
  row: Selectable<StaffTable>,
  person: Opener,
): Record<F, string | null> {
  return Object.fromEntries(fields.map((field) => [field, openedValue(field, row, person)])) as Record<
    F,
    string | null
  >;
}

/** Sensitive fields of a staff row, opened with the person's key and answered masked ('erased' stays). */
export function maskedValuesOf<F extends StaffSensitiveField>(
  fields: readonly F[],
  row: Selectable<StaffTable>,
  person: Opener,
): Record<F, string | null> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = openedValue(field, row, person);
      return [field, value === ERASED ? ERASED : maskSensitive(field, value)];
    }),
  ) as Record<F, string | null>;
}
