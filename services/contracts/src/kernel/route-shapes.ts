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
 * Route groups the API declares again and again, each written once here: the routes of a resource
 * kept by id (list, one, add, change, remove and actions on one), and a read that has a workbook of
 * the same figures beside it. What each route is (method, path, access, schemas, status) is what
 * the declarer it is given would make of it written out (kernel/api-routes.ts).
 */

/** A path under /api, OpenAPI style. */
type ApiPath = `/${string}`;

/**
 * The routes of a resource at `path`, each of one kept by `{id}` (parsed with `params`), added and
 * changed with `body`: `GET path` (list), `GET path/{id}` (one), `POST path` (add), `PUT path/{id}`
 * (change), `DELETE path/{id}` (remove), and `POST path/{id}/<action>` (an action on one, answering
 * 200: it makes nothing new). Each takes its answer, then its summary (or its details).
 */
export function resourceRoutes<
  const A extends RouteAccess,
  const P extends ApiPath,
  const Params extends z.ZodType,
  const Body extends z.ZodType,
>(declare: RouteDeclarer<A>, path: P, params: Params, body: Body) {
  return {
    list: <const Res extends RouteResponse, const D extends RouteDetails>(response: Res, details: D) =>
      declare(`GET ${path}`, response, details),
    one: <const Res extends RouteResponse>(response: Res, summary: string) =>
      declare(`GET ${path}/{id}`, response, { summary, params }),
    add: <const Res extends RouteResponse>(response: Res, summary: string) =>
      declare(`POST ${path}`, response, { summary, body }),
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
 * The commands on the entries of a person's ledger at `path` (`/timesheets`, `/expenses`): each
 * answers 423 when the entry's period is locked (verified). `enter` adds (`POST path[/kind]`),
 * `change` and `withdraw` act on one by `{id}`, `correct` is an admin's change
 * (`PUT /admin/path/{id}`); change, withdraw and correct answer `answer`.
 */
export function ledgerEntryRoutes<const P extends ApiPath, const Res extends RouteResponse>(
  path: P,
  answer: Res,
) {
  const locked = [423] as const;
  return {
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
