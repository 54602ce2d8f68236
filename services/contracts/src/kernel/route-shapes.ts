import type { z } from 'zod';
import type { asOfQuerySchema } from './as-of';
import {
  admin,
  signedIn,
  workbookFile,
  type RouteAccess,
  type RouteDeclarer,
  type RouteDetails,
  type RouteResponse,
} from './api-routes';

/**
 * Route groups the API declares again and again, each written once here: the routes of a
 * collection (list, add) and of a resource kept by id (one, change, remove and actions on one too),
 * a setting read and set whole, a read that has a workbook of the same figures beside it, and the
 * routes of a person's ledger entries. What each route is (method, path, access, schemas, status)
 * is what the declarer it is given would make of it written out (kernel/api-routes.ts).
 */

/** A path under /api, OpenAPI style. */
type ApiPath = `/${string}`;

/**
 * The routes of a collection at `path`, its members added with `body`: `GET path` (list, with its
 * details: a query when it is filtered), `POST path` (add), and `GET path/<name>` (a read beside the
 * list, such as the form's choices). Each takes its answer, then its summary (or its details).
 */
export function collectionRoutes<
  const A extends RouteAccess,
  const P extends ApiPath,
  const Body extends z.ZodType,
>(declare: RouteDeclarer<A>, path: P, body: Body) {
  return {
    list: <const Res extends RouteResponse, const D extends RouteDetails>(response: Res, details: D) =>
      declare(`GET ${path}`, response, details),
    add: <const Res extends RouteResponse>(response: Res, summary: string) =>
      declare(`POST ${path}`, response, { summary, body }),
    read: <const N extends string, const Res extends RouteResponse>(
      name: N,
      response: Res,
      summary: string,
    ) => declare(`GET ${path}/${name}`, response, { summary }),
  };
}

/**
 * The routes of a resource at `path`: a collection (above) each of whose members is kept by `{id}`
 * (parsed with `params`) and changed with `body`: `GET path/{id}` (one), `PUT path/{id}` (change),
 * `DELETE path/{id}` (remove), and `POST path/{id}/<action>` (an action on one, answering 200: it
 * makes nothing new). Each takes its answer, then its summary (or its details).
 */
export function resourceRoutes<
  const A extends RouteAccess,
  const P extends ApiPath,
  const Params extends z.ZodType,
  const Body extends z.ZodType,
>(declare: RouteDeclarer<A>, path: P, params: Params, body: Body) {
  return {
    ...collectionRoutes(declare, path, body),
    one: <const Res extends RouteResponse>(response: Res, summary: string) =>
      declare(`GET ${path}/{id}`, response, { summary, params }),
    change: <const Res extends RouteResponse>(response: Res, summary: string) =>
      declare(`PUT ${path}/{id}`, response, { summary, params, body }),
    remove: <const Res extends RouteResponse>(response: Res, summary: string) =>
      declare(`DELETE ${path}/{id}`, response, { summary, params }),
    action: <const N extends string, const Res extends RouteResponse, const D extends RouteDetails>(
      name: N,
      response: Res,
      details: D,
    ) => declare(`POST ${path}/{id}/${name}`, response, { ...details, params, status: 200 }),
  };
}

/**
 * Something the caller reads and sets whole at one `path` (own reminder preferences, own skills):
 * `read` is `GET path`, `set` is `PUT path` with its body. Each takes its answer, then its summary.
 */
export function settingRoutes<const A extends RouteAccess, const P extends ApiPath>(
  declare: RouteDeclarer<A>,
  path: P,
) {
  return {
    read: <const Res extends RouteResponse>(response: Res, summary: string) =>
      declare(`GET ${path}`, response, { summary }),
    set: <const Res extends RouteResponse, const B extends z.ZodType>(
      response: Res,
      summary: string,
      body: B,
    ) => declare(`PUT ${path}`, response, { summary, body }),
  };
}

/**
 * A read and its workbook: `GET path` answering `response`, and `GET path/export` the same figures
 * as an Excel workbook (summary `exportSummary`), reading the same query (without `asOf`, when the
 * read takes it as its query's second part: a workbook is of now).
 */
export function readWithWorkbook<
  const A extends RouteAccess,
  const P extends ApiPath,
  const Res extends RouteResponse,
  const D extends RouteDetails & { readonly query: z.ZodType | readonly [z.ZodType, typeof asOfQuerySchema] },
>(declare: RouteDeclarer<A>, path: P, response: Res, details: D, exportSummary: string) {
  const query = (Array.isArray(details.query) ? details.query[0] : details.query) as WorkbookQuery<D>;
  return [
    declare(`GET ${path}`, response, details),
    declare(`GET ${path}/export`, workbookFile, { summary: exportSummary, query }),
  ] as const;
}

/** The query a read's workbook takes: the read's, but for `asOf`. */
type WorkbookQuery<D extends { readonly query: unknown }> = D['query'] extends readonly [
  infer Q extends z.ZodType,
  unknown,
]
  ? Q
  : Extract<D['query'], z.ZodType>;

/**
 * The routes of the entries of a person's ledger at `path` (`/timesheets`, `/expenses`). The
 * reads: `list` (`GET path`) and `workbook` (`GET path/export`), each filtered by its own query.
 * The commands each answer 423 when the entry's period is locked (verified): `enter` adds
 * (`POST path[/kind]`), `change` and `withdraw` act on one by `{id}`, `correct` is an admin's change
 * (`PUT /admin/path/{id}`); change, withdraw and correct answer `answer`.
 */
export function ledgerEntryRoutes<const P extends ApiPath, const Res extends RouteResponse>(
  path: P,
  answer: Res,
) {
  const locked = [423] as const;
  return {
    list: <const R extends RouteResponse, const Q extends z.ZodType>(
      response: R,
      summary: string,
      query: Q,
    ) => signedIn(`GET ${path}`, response, { summary, query }),
    workbook: <const Q extends z.ZodType>(summary: string, query: Q) =>
      signedIn(`GET ${path}/export`, workbookFile, { summary, query }),
    enter: <const S extends '' | ApiPath, const R extends RouteResponse, const B extends z.ZodType>(
      subPath: S,
      response: R,
      summary: string,
      body: B,
    ) => signedIn(`POST ${path}${subPath}`, response, { summary, body, errors: locked }),
    change: <const B extends z.ZodType>(summary: string, body: B) =>
      signedIn(`PUT ${path}/{id}`, answer, { summary, body, errors: locked }),
    withdraw: <const Q extends z.ZodType>(summary: string, query: Q) =>
      signedIn(`DELETE ${path}/{id}`, answer, { summary, query, errors: locked }),
    correct: <const B extends z.ZodType>(summary: string, body: B) =>
      admin(`PUT /admin${path}/{id}`, answer, { summary, body, errors: locked }),
  };
}
