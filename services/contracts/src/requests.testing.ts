// Fixed dates: a valid expense claim, a fixture for parsers; a test that needs another day gives its own.
import type { z } from 'zod';

/**
 * Test code (not built: tsconfig.build.json leaves out `*.testing.ts`) for the specs of the
 * request schemas: what a schema says of an input, and a valid expense claim to vary.
 */

/** The issues a schema finds in an input, each by its field's path and its message; none when it parses. */
export const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

/** A valid expense claim (POST /api/expenses), but for the fields given. */
export const expenseClaim = (extra: Record<string, unknown> = {}) => ({
  categoryId: 4,
  projectId: 61,
  currency: 'USD',
  amount: '25.00',
  date: '2026-11-10',
  comment: 'Drive',
  isBillable: true,
  ...extra,
});
