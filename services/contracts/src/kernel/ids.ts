import { anyValue, documented, isBlank, mustHaveValue, refuse } from './fields';

/*
 * Ids and versions. Every id is a PostgreSQL `integer` column, so an id is a whole number from 1
 * to 2,147,483,647; a larger one cannot exist and never reaches the database. In a JSON body an
 * id is a JSON number (no strings, no `true`); in a query string or a path it is digits. A path
 * id that cannot exist answers 404 like an unknown one (`pathIdField`).
 */

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_ID = 2_147_483_647;

export const idMessages = {
  invalid: (field: string) => `${field} must be a whole number from 1 to ${MAX_ID}`,
} as const;

/**
 * Marks a zod issue whose request names something that cannot exist: the API answers it 404, not
 * 400 (see `pathIdField`).
 */
/** An id's JSON Schema in the OpenAPI document. */
const ID = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

export const NOT_FOUND_ISSUE = { notFound: true } as const;

function idOfNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : null;
}

function idOfText(value: unknown): number | null {
  if (typeof value === 'string' && /^\d{1,10}$/.test(value.trim())) return idOfNumber(Number(value.trim()));
  return null;
}

/**
 * A required id in a JSON body. Absent, null, blank or 0 (what a form sends when nothing is
 * chosen) say `missingMessage`; anything else that is not a whole number from 1 to MAX_ID is refused.
 */
export function bodyIdField(field: string, missingMessage = mustHaveValue(field)) {
  const parse = anyValue().transform((value, ctx): number => {
    if (isBlank(value) || value === 0) return refuse(ctx, missingMessage);
    return idOfNumber(value) ?? refuse(ctx, idMessages.invalid(field));
  });
  return documented(parse, { ...ID, required: true });
}

/**
 * An optional id in a JSON body: absent, null or 0 mean none (0 is what the first client sent for
 * "no sub-project"); anything else must be an id. A blank string is not an id: refused.
 */
export function optionalBodyIdField(field: string) {
  const parse = anyValue().transform((value, ctx): number | null =>
    value === null || value === 0 ? null : (idOfNumber(value) ?? refuse(ctx, idMessages.invalid(field))),
  );
  return documented(parse, { ...ID, type: ['integer', 'null'], required: false });
}

/** An optional id in a query string (a filter): absent, empty or 0 mean none; otherwise digits. */
export function optionalIdField(field: string) {
  const parse = anyValue().transform((value, ctx): number | null =>
    isBlank(value) || value === '0' ? null : (idOfText(value) ?? refuse(ctx, idMessages.invalid(field))),
  );
  return documented(parse, { ...ID, required: false });
}

/** A required id in a query string: digits; absent, empty or 0 say `missingMessage`. */
export function queryIdField(field: string, missingMessage = mustHaveValue(field)) {
  const parse = anyValue().transform((value, ctx): number => {
    if (isBlank(value) || value === '0') return refuse(ctx, missingMessage);
    return idOfText(value) ?? refuse(ctx, idMessages.invalid(field));
  });
  return documented(parse, { ...ID, required: true });
}

/**
 * An id in a URL path. A value that cannot be an id (not digits, 0, over MAX_ID) names something
 * that cannot exist: the issue carries NOT_FOUND_ISSUE and the API answers 404 with `notFound`.
 */
export function pathIdField(notFound: (text: string) => string) {
  const parse = anyValue().transform(
    (value, ctx): number => idOfText(value) ?? refuse(ctx, notFound(String(value)), NOT_FOUND_ISSUE),
  );
  return documented(parse, { ...ID, required: true });
}

/** An id in a URL path, 404 '{field} {value} does not exist.' when it cannot be one. */
export function idField(field: string) {
  return pathIdField((text) => `${field} ${text} does not exist.`);
}

/** An entry's version in a JSON body (optimistic concurrency): a whole number from 1 to MAX_ID. */
export function bodyVersionField(message: string) {
  const parse = anyValue().transform((value, ctx): number => idOfNumber(value) ?? refuse(ctx, message));
  return documented(parse, {
    ...ID,
    description: 'The version read (optimistic concurrency).',
    required: true,
  });
}

/** An entry's version in a query string (`DELETE ...?version=3`). */
export function queryVersionField(message: string) {
  const parse = anyValue().transform((value, ctx): number => idOfText(value) ?? refuse(ctx, message));
  return documented(parse, {
    ...ID,
    description: 'The version read (optimistic concurrency).',
    required: true,
  });
}
