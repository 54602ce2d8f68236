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
