import type { z } from 'zod';

/**
 * The API's routes, declared once beside each context's contract (`<context>/routes.ts`): method,
 * path, who may call it, the zod schemas of its path parameters, query string and body, and what
 * it answers. The OpenAPI document (openapi/document.ts, served at /api/openapi.json, committed as
 * docs/openapi.json) is generated from these declarations and the same zod schemas the controllers
 * parse with; a test compares them with the routes Nest registers (method, path, access, success
 * status), so a route cannot be added without being documented.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route (the AuthGuard's decorators, platform/auth/decorators.ts):
 * - `public`: no sign-in (`@Public()`);
 * - `signed-in`: any signed-in person (auditors who are not admins: GET only);
 * - `admin`: admins (`@AdminOnly()`);
 * - `admin-or-auditor`: admins, and auditors for GETs (`@AdminOnly()` + `@AuditorsMayRead()`);
 * - `roster-reader` / `roster-editor`: roster access (`@RosterAccessOnly()`);
 * - `signed-in-incl-auditor-writes`: any signed-in person, auditors too for this non-GET
 *   (`@AuditorsMayCall()`, signing out).
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | 'signed-in-incl-auditor-writes'
  | 'admin'
  | 'admin-or-auditor'
  | 'roster-reader'
  | 'roster-editor';

/** Error statuses a route may answer beyond those its shape implies (see `impliedErrors`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 423 | 429 | 503;

/** A JSON answer; `T` is its TypeScript type (for typed callers, see `ResponseOf`). */
export interface JsonResponse<T = unknown> {
  readonly kind: 'json';
  readonly type: string;
  readonly __type?: T;
}
/** A file download. */
export interface FileResponse {
  readonly kind: 'file';
  readonly contentType: string;
  readonly description: string;
}
/** No body. */
export interface EmptyResponse {
  readonly kind: 'empty';
}

/** What a route answers on success. `T` is the TypeScript type of a JSON answer (for typed callers). */
export type RouteResponse<T = unknown> = JsonResponse<T> | FileResponse | EmptyResponse;

/** A JSON answer of the named contract type (exported by @portal/contracts, or described by name). */
export const json = <T>(type: string): JsonResponse<T> => ({ kind: 'json', type });
/** A file download (streamed, `Content-Disposition: attachment`). */
export const file = (contentType: string, description: string): FileResponse => ({
  kind: 'file',
  contentType,
  description,
});
/** No body. */
export const empty: EmptyResponse = { kind: 'empty' };

export interface ApiRoute<Res = unknown> {
  readonly method: HttpMethod;
  /** The path under /api, OpenAPI style: `/timesheets/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: RouteAccess;
  /** The schema the controller parses path parameters with; each `{name}` is text otherwise. */
  readonly params?: z.ZodType;
  /** The query string's schema; several when the controller reads it in parts (e.g. `asOf` apart). */
  readonly query?: z.ZodType | readonly z.ZodType[];
  /** The JSON body's schema, several when the route takes one of several shapes, or a multipart upload. */
  readonly body?: z.ZodType | readonly z.ZodType[] | { readonly multipart: string };
  /** The success status when it is not Nest's default (201 for POST, 200 otherwise). */
  readonly status?: 200 | 201 | 202 | 204;
  readonly response: RouteResponse<Res>;
  /** Errors beyond those implied by the route's shape (400 with input, 401/403 unless public, ...). */
  readonly errors?: readonly ErrorStatus[];
}

/** One context's routes, under one OpenAPI tag. */
export interface RouteGroup {
  readonly tag: string;
  readonly description: string;
  readonly routes: readonly ApiRoute[];
}

/**
 * Declares a route, keeping its literal method and path, its schemas' own types and the answer's
 * type, so that `typeof someRoutes.routes[number]` is a union of precise routes (see api-map.ts,
 * which types the web's calls from them). It returns its argument unchanged.
 */
export const route = <const R extends ApiRoute>(declared: R): R => declared;

/** What a route declares beside its method, path, access and answer: its summary, and the rest it has. */
export type RouteDetails = Pick<ApiRoute, 'summary'> &
  Partial<Pick<ApiRoute, 'description' | 'params' | 'query' | 'body' | 'status' | 'errors'>>;

/** A route's method and path as callers name it: `GET /admin/vehicles/{id}` (the path under /api). */
export type RouteKey = `${Uppercase<HttpMethod>} /${string}`;

/** A route declared through `routesFor`: its literal method, path and access, its answer and details. */
export type DeclaredRoute<
  K extends RouteKey,
  A extends RouteAccess,
  Res,
  D,
> = (K extends `${infer M} ${infer P}` ? { readonly method: Lowercase<M>; readonly path: P } : never) & {
  readonly access: A;
  readonly response: Res;
} & D;

/** What `routesFor` makes: declares a route of one kind of caller (`admin`, `signedIn`, ...). */
export type RouteDeclarer<A extends RouteAccess> = <
  const K extends RouteKey,
  const Res extends RouteResponse,
  const D extends RouteDetails,
>(
  key: K,
  response: Res,
  details: D,
) => DeclaredRoute<K, A, Res, D>;

/**
 * Routes one kind of caller may call, each by its method and path as callers name it, its answer,
 * then the rest by name:
 * `admin('GET /admin/vehicles/{id}', json<VehicleView>('VehicleView'), { summary: 'One vehicle', params })`.
 * Each keeps the precise types `route` keeps.
 */
export function routesFor<const A extends RouteAccess>(access: A): RouteDeclarer<A> {
  return <const K extends RouteKey, const Res extends RouteResponse, const D extends RouteDetails>(
    key: K,
    response: Res,
    details: D,
  ): DeclaredRoute<K, A, Res, D> => {
    const space = key.indexOf(' ');
    const declared = {
      method: key.slice(0, space).toLowerCase(),
      path: key.slice(space + 1),
      access,
      response,
    };
    return { ...declared, ...details } as unknown as DeclaredRoute<K, A, Res, D>;
  };
}

/** Routes anyone may call, signed in or not (`@Public()`). */
export const anyone = routesFor('public');
/** Routes any signed-in person may call. */
export const signedIn = routesFor('signed-in');
/** Routes for admins. */
export const admin = routesFor('admin');
/** Routes for admins, and for auditors when they read. */
export const adminOrAuditor = routesFor('admin-or-auditor');
/** Routes for those who may read the roster. */
export const rosterReader = routesFor('roster-reader');
/** Routes for those who may edit the roster. */
export const rosterEditor = routesFor('roster-editor');

/** The TypeScript type a route answers with (`void` when it answers with no body). */
export type ResponseOf<R> = R extends { readonly response: infer Answer }
  ? Answer extends { readonly kind: 'json'; readonly __type?: infer T }
    ? T
    : Answer extends { readonly kind: 'empty' }
      ? void
      : never
  : never;

/** Nest's default success status: 201 for POST, 200 otherwise. */
export const successStatusOf = (r: Pick<ApiRoute, 'method' | 'status'>): number =>
  r.status ?? (r.method === 'post' ? 201 : 200);

const COMMAND_METHODS: readonly HttpMethod[] = ['post', 'put', 'patch', 'delete'];

/**
 * The errors every route of this shape can answer, whatever its handler does: 400 when it reads
 * input (a field naming its rule, or a body that is not JSON); 401 and 403 unless public (no or
 * an ended session; a person who may not sign in, an auditor's write, a missing role); 404 when its
 * path names something; 413 with a body (over the JSON limit; a file over its size is a 400 on
 * `file`); 409 for a command sent with an Idempotency-Key already used otherwise.
 */
export function impliedErrors(r: ApiRoute): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (r.query || r.body || r.params || r.path.includes('{')) statuses.push(400);
  if (r.access !== 'public') statuses.push(401, 403);
  if (r.path.includes('{')) statuses.push(404);
  if (r.body) statuses.push(413);
  if (r.access !== 'public' && COMMAND_METHODS.includes(r.method)) statuses.push(409);
  return statuses;
}

/** Every error a route documents: implied ones and its own, in order. */
export function errorsOf(r: ApiRoute): ErrorStatus[] {
  return [...new Set([...impliedErrors(r), ...(r.errors ?? [])])].sort((a, b) => a - b);
}

/** The content type of an Excel workbook (every export but the audit's CSV and the receipts' zip). */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An export's answer: an Excel workbook as an attachment. */
export const workbookFile = file(XLSX, 'The workbook (.xlsx), as an attachment.');
