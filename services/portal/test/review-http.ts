import type { TestApp } from './app-harness';

/** A time entry or expense as the person's lists answer it: the fields the review specs read. */
export interface ListedRow {
  id: string;
  date: string;
  projectId: number;
  hours: string;
  comment: string;
  amount: string;
  claimed: string;
  rate: string;
  categoryId: number;
  projectCurrency: string | null;
  isBillable: boolean;
  state: string;
  returnReason: string | null;
  version: number;
}

/**
 * The admin's review calls and the person's lists, as the review specs make them (`app` is read
 * when called, so the spec may start it in beforeAll; `tokens` by staff id).
 */
export function reviewHttp(app: () => TestApp, tokens: Record<number, string>) {
  return {
    post: (who: number, path: string, body: unknown) =>
      app().http('POST', `/api/admin/review/${path}`, { token: tokens[who], body }),
    put: (who: number, path: string, body: unknown) =>
      app().http('PUT', `/api/admin/${path}`, { token: tokens[who], body }),
    timesheets: async (who: number, start: string, end: string, projectId: number): Promise<ListedRow[]> =>
      (
        await app().http('GET', `/api/timesheets?start=${start}&end=${end}&projectId=${projectId}`, {
          token: tokens[who],
        })
      ).body.rows,
    expenses: async (who: number, start: string, end: string): Promise<ListedRow[]> =>
      (await app().http('GET', `/api/expenses?start=${start}&end=${end}`, { token: tokens[who] })).body.rows,
  };
}

/**
 * The admin's edit of a person's listed time entry (PUT /api/admin/timesheets/{id}): the entry as
 * listed (no sub-project, no overtime) at the version listed, with `changes`.
 */
export const adminTimeEdit = (employeeId: number, row: ListedRow, changes: Record<string, unknown> = {}) => ({
  employeeId,
  projectId: row.projectId,
  subProjectId: null,
  date: row.date,
  hours: row.hours,
  overtimeHours: null,
  comment: row.comment,
  version: row.version,
  ...changes,
});

/** The admin's edit of a person's listed expense (PUT /api/admin/expenses/{id}): the expense as listed, with `changes`. */
export const adminExpenseEdit = (
  employeeId: number,
  row: ListedRow,
  changes: Record<string, unknown> = {},
) => ({
  employeeId,
  amount: row.amount,
  comment: row.comment,
  categoryId: row.categoryId,
  date: row.date,
  rate: row.rate,
  projectCurrency: row.projectCurrency,
  projectId: row.projectId,
  isBillable: row.isBillable,
  version: row.version,
  ...changes,
});
