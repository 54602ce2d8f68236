import { z } from 'zod';
import { isBusinessDate, isBusinessMonth, type BusinessDate } from './dates';

/*
 * Field helpers the request schemas of several contexts share. Only the id, date and month fields
 * are exported from the package (the API's path parameters use them); the rest stay internal:
 * each context's schemas are its contract.
 */

/** Any value (a missing one as null), so the field's own transform can name what is wrong. */
export const anyValue = () => z.preprocess((value) => (value === undefined ? null : value), z.unknown());

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

const mustHaveValue = (field: string) => `${field} must have a value`;

function parseId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim()) && Number(value) > 0) return Number(value);
  return null;
}

/** A required positive integer id ('Project must have a value'). */
export function idField(field: string, missingMessage = mustHaveValue(field)) {
  return anyValue().transform((value, ctx): number => {
    if (isBlank(value) || value === 0 || value === '0') {
      ctx.addIssue({ code: 'custom', message: missingMessage });
      return z.NEVER;
    }
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a valid id` });
      return z.NEVER;
    }
    return id;
  });
}

/** An optional id: blank or 0 mean none (the old client sent 0 for "no sub-project"). */
export function optionalIdField(field: string) {
  return anyValue().transform((value, ctx): number | null => {
    if (isBlank(value) || value === 0 || value === '0') return null;
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a valid id` });
      return z.NEVER;
    }
    return id;
  });
}

export function dateField(field: string) {
  return anyValue().transform((value, ctx): BusinessDate => {
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
}

export function monthField(field: string) {
  return anyValue().transform((value, ctx): string => {
    if (typeof value !== 'string' || !isBusinessMonth(value.trim())) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a month (YYYY-MM)` });
      return z.NEVER;
    }
    return value.trim();
  });
}
