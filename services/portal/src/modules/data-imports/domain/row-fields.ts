import { idMessages, MAX_ID, type DataImportColumn, type DataImportProblem } from '@portal/contracts';
import type { z } from 'zod';
import { problemAt, type ImportRow } from './sheet';

/** The column of a field path ('contacts.0.email' → the Contacts column), or null when it is no column's. */
export function columnOfPath(
  columns: Readonly<Record<string, DataImportColumn>>,
  path: string | readonly PropertyKey[],
): string | null {
  const field = typeof path === 'string' ? path.split('.')[0] : String(path[0] ?? '');
  return columns[field ?? '']?.heading ?? null;
}

/**
 * A row's values parsed by the form's own request schema (the rules a form's 400 names): the
 * request, or the problems placed on the row's cells.
 */
export function parseRow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  row: ImportRow,
  columns: Readonly<Record<string, DataImportColumn>>,
  fallbackColumn: string,
): { request: z.output<S> } | { problems: DataImportProblem[] } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { request: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) =>
      problemAt(row, columnOfPath(columns, issue.path) ?? fallbackColumn, issue.message),
    ),
  };
}

/** A key column's id: a whole number from 1 to MAX_ID, else the problem. */
export function keyId(value: unknown, row: ImportRow, column: string): number | DataImportProblem {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID
    ? value
    : problemAt(row, column, idMessages.invalid(column));
}

/** "Pat Lee <pat@example.com>; Sam <sam@example.com>" as the form's contacts (the rules check them). */
export function contactsOf(text: string | null): { name: string; email: string }[] {
  if (text === null) return [];
  return text
    .split(';')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .map((piece) => {
      const named = /^(.*?)\s*<([^<>]*)>$/.exec(piece);
      if (named) return { name: named[1]!.trim(), email: named[2]!.trim() };
      return piece.includes('@') ? { name: '', email: piece } : { name: piece, email: '' };
    });
}
