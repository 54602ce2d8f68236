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

/** A valid candidate (POST /api/admin/hiring/candidates) who applied on `applicationDate`, but for the fields given. */
export const candidateForm = (applicationDate: string, fields: Record<string, unknown> = {}) => ({
  ownerId: null,
  discipline: 'Civil',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  localToCalgary: false,
  applicationDate,
  status: 'Shortlisted',
  resumeId: '00000000-0000-4000-8000-000000000001',
  ...fields,
});

/** A valid project (POST /api/admin/projects), but for the fields given. */
export const projectForm = (fields: Record<string, unknown> = {}) => ({
  clientId: 1,
  ownerId: 1,
  name: 'Pipeline',
  invoiceCurrency: 'CAD',
  billingCycle: 'Standard Month (First to last)',
  isActive: true,
  ...fields,
});

/** A valid vehicle (POST /api/admin/vehicles), but for the fields given. */
export const vehicleForm = (fields: Record<string, unknown> = {}) => ({
  year: '2020',
  make: 'Ford',
  projectId: 12,
  issuedTo: 3,
  insuranceCompany: 'Intact',
  gasCardNumber: '4411',
  ...fields,
});

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
