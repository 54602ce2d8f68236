import { maskSensitive, type StaffPlainField, type StaffSensitiveField } from '@portal/contracts';
import type { Selectable } from 'kysely';
import { columnOf, type StaffTable } from '../projections/staff-tables';

/** Plain profile fields of a staff row, by field name. */
export function plainValuesOf<F extends StaffPlainField>(
  fields: readonly F[],
  row: Selectable<StaffTable>,
): Record<F, string | null> {
  return Object.fromEntries(fields.map((field) => [field, row[columnOf(field)]])) as Record<F, string | null>;
}

/** Sensitive fields of a staff row, opened with the person's key and answered masked. */
export function maskedValuesOf<F extends StaffSensitiveField>(
  fields: readonly F[],
  row: Selectable<StaffTable>,
  person: { open(value: string | null): string | null },
): Record<F, string | null> {
  return Object.fromEntries(
    fields.map((field) => [field, maskSensitive(field, person.open(row[columnOf(field)]))]),
  ) as Record<F, string | null>;
}
