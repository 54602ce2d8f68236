import type { z } from 'zod';
import { DomainError, type FieldProblem } from '../../kernel/domain-error';

/**
 * Validation at the edge: controllers parse bodies and query strings with the zod schemas from
 * `@portal/contracts`. A failure throws `DomainError.validation` naming each field (dotted path)
 * and the schema's message; the exception filter answers it as 400.
 */
export function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  return parseWith(schema, value);
}

/**
 * Same as `parseBody`, for query strings: every value arrives as a string (or an array of strings
 * for a repeated key), so the schema decides what to coerce (`z.coerce.number()`, etc.).
 */
export function parseQuery<T>(schema: z.ZodType<T>, value: unknown): T {
  return parseWith(schema, value ?? {});
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw DomainError.validation(zodProblems(result.error));
}

/** One problem per zod issue: `items.2.comment` for `['items', 2, 'comment']`. */
export function zodProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((segment) => String(segment)).join('.'),
    message: issue.message,
  }));
}
