import type { z } from 'zod';
import type { FieldProblem } from './api';

/** Field path ('items.0.hours') -> the rule's message; the first message of a path wins. */
export type FieldErrors = Readonly<Record<string, string>>;

export function fieldErrorsOf(problems: readonly FieldProblem[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.path] ??= problem.message;
  return errors;
}

export function zodProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

export function withoutErrors(errors: FieldErrors, ...paths: string[]): FieldErrors {
  const next: Record<string, string> = { ...errors };
  for (const path of paths) delete next[path];
  return next;
}

/** A NumberField's text as the API takes it: trimmed, null when left empty (never a float). */
export function decimalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** What an edit form's check answers: the problems that stop the save, or the edit to send. */
export type EditCheck<E> = { readonly problems: readonly FieldProblem[] } | { readonly edit: E };
