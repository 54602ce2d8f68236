import { z } from 'zod';

/*
 * Field helpers the request schemas of several contexts share (not exported from the package:
 * each context's schemas are its contract).
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
