// First: zod's settings must be in place before any schema is built.
import './zod-settings';
import { z } from 'zod';
import { isBusinessDate, isBusinessMonth, type BusinessDate, type BusinessMonth } from './dates';
import { checkDecimal, type DecimalRule } from './decimal-rules';

/*
 * Field helpers the request schemas of several contexts share. Only what the API's own path and
 * query schemas need is exported from the package (see index.ts); the rest stay internal: each
 * context's schemas are its contract.
 *
 * The parsing rules, the same for every request:
 * - A request is an object of known fields: `requestObject` refuses any other key with a 400 that
 *   names it (never silently dropped), nested objects included.
 * - In a JSON body, booleans are JSON booleans and numbers JSON numbers: no coercion from strings,
 *   1/0 or `true`. Decimal amounts and hours may also be decimal strings ('7.5'), which keeps them
 *   exact; they are never ids.
 * - In a query string or a path every value is text, so digits are parsed there (ids.ts).
 */

/** Any value (a missing one as null), so the field's own transform can name what is wrong. */
export const anyValue = () => z.preprocess((value) => (value === undefined ? null : value), z.unknown());

/**
 * What the API's OpenAPI document says of a field whose parser takes any value and checks it
 * itself (its JSON Schema would say nothing otherwise): the value's JSON Schema, and whether the
 * field must be sent (`required`; openapi/document.ts moves it to the object's `required`).
 * Parsing is unchanged: zod keeps this as the schema's metadata.
 */
export function documented<T extends z.ZodType>(
  schema: T,
  meta: { readonly required: boolean } & Record<string, unknown>,
): T {
  const { required, ...jsonSchema } = meta;
  return schema.meta({ ...jsonSchema, ...(required ? { 'x-required': true } : {}) });
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A list's `sortBy`: one of `fields`, the first when missing. */
export function sortByField<const F extends readonly [string, ...string[]]>(fields: F, error: string) {
  return z
    .enum(fields, { error })
    .optional()
    .transform((v): F[number] => v ?? fields[0]);
}

/** A list's `direction`: asc (the default) or desc. */
export const sortDirectionField = () =>
  z
    .enum(['asc', 'desc'], { error: 'Direction must be asc or desc' })
    .optional()
    .transform((v) => v ?? 'asc');

/** A refinement for a range query: `end` must not be before `start` (reported on `end`). */
export function endNotBeforeStart(message: string) {
  return (query: { start: string; end: string }, ctx: z.RefinementCtx) => {
    if (query.end < query.start) ctx.addIssue({ code: 'custom', path: ['end'], message });
  };
}

export const mustHaveValue = (field: string) => `${field} must have a value`;

/** Reports `message` on the field being parsed; the value is refused. */
export function refuse(ctx: z.RefinementCtx, message: string, params?: Record<string, unknown>): never {
  ctx.addIssue({ code: 'custom', message, ...(params ? { params } : {}) });
  return z.NEVER;
}

const DATE = { type: 'string', format: 'date' } as const;

export function dateField(field: string) {
  const parse = anyValue().transform((value, ctx): BusinessDate => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: mustHaveValue(field) });
      return z.NEVER;
    }
    if (typeof value !== 'string' || !isBusinessDate(value.trim())) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a date (YYYY-MM-DD)` });
      return z.NEVER;
    }
    return value.trim();
  });
  return documented(parse, { ...DATE, required: true });
}

/** A date that may be left out (absent, null or blank: null). */
export function maybeDateField(field: string) {
  const parse = anyValue().transform((value, ctx): BusinessDate | null => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string' || !isBusinessDate(value.trim())) {
      return refuse(ctx, `${field} must be a date (YYYY-MM-DD)`);
    }
    return value.trim();
  });
  return documented(parse, { type: ['string', 'null'], format: 'date', required: false });
}

/** A required month 'YYYY-MM' (trimmed): absent or blank must have a value; anything else a month. */
export function monthField(field: string) {
  const parse = anyValue().transform((value, ctx): BusinessMonth => {
    if (isBlank(value)) return refuse(ctx, mustHaveValue(field));
    if (typeof value !== 'string' || !isBusinessMonth(value.trim()))
      return refuse(ctx, `${field} must be a month (YYYY-MM)`);
    return value.trim();
  });
  return documented(parse, { type: 'string', pattern: '^\\d{4}-\\d{2}$', required: true });
}

export const requestMessages = {
  notAnObject: 'The request must be a JSON object.',
  unknownField: (key: string) => `${key} is not a field of this request`,
  mustBeTrueOrFalse: (field: string) => `${field} must be true or false`,
} as const;

/**
 * The object of a request (or of an item inside one): its fields and nothing else. An unknown key
 * is refused (zod's `unrecognized_keys`; the API names each key in its problems), a value that is
 * not an object too.
 */
export function requestObject<const Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return issue.keys.map(requestMessages.unknownField).join('; ');
      if (issue.code === 'invalid_type') return requestMessages.notAnObject;
      return undefined;
    },
  });
}

/**
 * A JSON boolean; absent or null means `whenAbsent` (undefined: "not given", e.g. unchanged on an
 * update). Anything else (1, 'true', {}) is refused.
 */
export function booleanField<Absent extends boolean | undefined>(field: string, whenAbsent: Absent) {
  const parse = anyValue().transform((value, ctx): boolean | Absent => {
    if (value === null) return whenAbsent;
    if (typeof value === 'boolean') return value;
    return refuse(ctx, requestMessages.mustBeTrueOrFalse(field));
  });
  return documented(parse, { type: ['boolean', 'null'], required: false });
}

/**
 * A decimal that must be given (a rate): blank answers `requiredMessage`, anything else the rule's
 * first problem or its normalised text ('1.50' -> '1.5').
 */
export const requiredDecimalField = (rule: DecimalRule, requiredMessage: string) =>
  anyValue().transform((value, ctx): string => {
    if (isBlank(value)) return refuse(ctx, requiredMessage);
    const checked = checkDecimal(value, rule);
    return 'value' in checked ? checked.value : refuse(ctx, checked.problem);
  });
