import { hasBrokenCharacters, NOT_FOUND_ISSUE, requestMessages, textMessages } from '@portal/contracts';
import type { z } from 'zod';
import { DomainError, type FieldProblem } from '../../kernel/domain-error';

/**
 * Validation at the edge: controllers parse bodies, query strings and path parameters with the zod
 * schemas from `@portal/contracts` (their parsing rules: services/contracts/src/kernel/fields.ts).
 * A failure throws `DomainError.validation` naming each field (dotted path; an unknown key by its
 * own path) and the schema's message; the exception filter answers it as 400. A path that names
 * something that cannot exist (an id over the column's range) is a `DomainError.notFound`: 404.
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

/**
 * The schema's problems, and then any text anywhere in the request (a value or a key, in fields
 * no schema reads as free text too) that breaks the free-text rule of the contracts: such text
 * never reaches a query or the event log (PostgreSQL refuses NUL and lone surrogates).
 */
function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  const notFound = result.error?.issues.find(isNotFoundIssue);
  if (notFound) throw DomainError.notFound(notFound.message);
  const problems = result.error ? zodProblems(result.error) : [];
  const reported = new Set(problems.map((problem) => problem.path));
  const broken = brokenTextProblems(value, []).filter((problem) => !reported.has(problem.path));
  DomainError.throwIfAny([...problems, ...broken]);
  return result.data as T;
}

const MAX_DEPTH = 64;

/** One problem per string (value or key) that breaks the free-text rule, at its dotted path. */
export function brokenTextProblems(value: unknown, path: readonly PropertyKey[], depth = 0): FieldProblem[] {
  if (typeof value === 'string') {
    return hasBrokenCharacters(value)
      ? [{ path: pathOf(path), message: textMessages.brokenCharacters(pathOf(path) || 'The request') }]
      : [];
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const at = Array.isArray(value) ? [...path, Number(key)] : [...path, key];
    const keyProblem = hasBrokenCharacters(key)
      ? [{ path: pathOf(at), message: textMessages.brokenCharacters('A field name') }]
      : [];
    return [...keyProblem, ...brokenTextProblems(child, at, depth + 1)];
  });
}

function isNotFoundIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.notFound === NOT_FOUND_ISSUE.notFound;
}

const pathOf = (segments: readonly PropertyKey[]) => segments.map((segment) => String(segment)).join('.');

/**
 * One problem per zod issue: `items.2.comment` for `['items', 2, 'comment']`; an unknown key is
 * one problem per key, at the key's own path ('items.0.note is not a field of this request').
 */
export function zodProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: pathOf([...issue.path, key]),
          message: requestMessages.unknownField(key),
        }))
      : [{ path: pathOf(issue.path), message: issue.message }],
  );
}
