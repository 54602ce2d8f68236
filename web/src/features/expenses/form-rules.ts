import type { z } from 'zod';
import type { FieldProblem } from '../../lib/api';

/** Field path ('items.0.amount') -> the rule's message; the first message of a path wins. */
export type FieldErrors = Readonly<Record<string, string>>;

export function fieldErrorsOf(problems: readonly FieldProblem[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.path] ??= problem.message;
  return errors;
}

export function zodProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** A NumberField value as the decimal text the API takes (NaN = left empty = null). */
export function amountText(value: number): string | null {
  return Number.isFinite(value) ? String(value) : null;
}

/** A decimal string from the API as a NumberField value (NaN when empty). */
export function amountNumber(text: string | null | undefined): number {
  if (text === null || text === undefined || text.trim() === '') return Number.NaN;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

export function withoutErrors(errors: FieldErrors, ...paths: string[]): FieldErrors {
  const next: Record<string, string> = { ...errors };
  for (const path of paths) delete next[path];
  return next;
}
