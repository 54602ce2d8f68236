import type { z } from 'zod';
import type { HttpMethod, ResponseOf } from '../kernel/api-routes';
import type { DeclaredRouteGroups } from './routes';

/**
 * The API's routes as types, for typed callers (the web's `apiRequest`, web/src/lib/api.ts): for a
 * method and a path under `/api`, what body and query the route takes and what it answers. Built
 * from the same declarations as the OpenAPI document (`<context>/routes.ts`), so a call to an
 * undeclared route, or with a body its schema does not take, fails to compile. Types only: nothing
 * here exists at run time.
 */

/** Every declared route, each with its literal method and path and its schemas' own types. */
export type DeclaredRoute = DeclaredRouteGroups[number]['routes'][number];

/** The method as callers spell it (`fetch`'s upper case). */
export type ApiMethod = Uppercase<HttpMethod>;

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;

/**
 * The JSON body a route takes (its schema's input; one of them when several); `undefined` for none;
 * `never` for a multipart upload, which is no JSON body (web/src/lib/upload-with-progress.ts sends it).
 */
export type BodyOf<R> = R extends { readonly body: infer B }
  ? B extends { readonly multipart: string }
    ? never
    : B extends readonly (infer S)[]
      ? SchemaInput<S>
      : SchemaInput<B>
  : undefined;

type AllInputs<T> = T extends readonly [infer Head, ...infer Rest]
  ? SchemaInput<Head> & AllInputs<Rest>
  : unknown;

/** The query string a route reads (every part of it when it reads it in parts); `undefined` for none. */
export type QueryOf<R> = R extends { readonly query: infer Q }
  ? Q extends readonly unknown[]
    ? AllInputs<Q>
    : SchemaInput<Q>
  : undefined;

/** A declared path as the web writes it: under `/api`, each `{name}` any text. */
export type ApiPathPattern<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${ApiPathPattern<Tail>}`
  : P;

/** Every route of the API by `METHOD /api/path` (OpenAPI-style `{name}` parameters). */
export type ApiRouteMap = {
  readonly [R in DeclaredRoute as `${Uppercase<R['method']>} /api${R['path']}`]: {
    readonly body: BodyOf<R>;
    readonly query: QueryOf<R>;
    readonly response: ResponseOf<R>;
  };
};

/** The routes of one method. */
export type RoutesOf<M extends ApiMethod> = Extract<DeclaredRoute, { readonly method: Lowercase<M> }>;

/** The paths one method may be called on, as patterns (`/api/timesheets/${string}`). */
export type ApiPath<M extends ApiMethod> =
  RoutesOf<M> extends infer R
    ? R extends { readonly path: infer P extends string }
      ? `/api${ApiPathPattern<P>}`
      : never
    : never;

type Segments<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [S];

/**
 * How a concrete path's segments match a declared path's: `exact` when every segment is the
 * declared text, `param` when some `{name}` took a (non-empty) segment, `no` otherwise.
 */
type SegmentMatch<Concrete extends string[], Declared extends string[], Found = 'exact'> = Concrete extends [
  infer C extends string,
  ...infer CRest extends string[],
]
  ? Declared extends [infer D extends string, ...infer DRest extends string[]]
    ? D extends `{${string}}`
      ? C extends ''
        ? 'no'
        : SegmentMatch<CRest, DRest, 'param'>
      : [C] extends [D]
        ? SegmentMatch<CRest, DRest, Found>
        : 'no'
    : 'no'
  : Declared extends []
    ? Found
    : 'no';

type WithoutQuery<P extends string> = P extends `${infer Path}?${string}` ? Path : P;

type MatchOf<R, P extends string> = R extends { readonly path: infer D extends string }
  ? SegmentMatch<Segments<WithoutQuery<P>>, Segments<`/api${D}`>>
  : 'no';

type Matching<Routes, P extends string, How> = Routes extends unknown
  ? MatchOf<Routes, P> extends How
    ? Routes
    : never
  : never;

/**
 * The declared route a call reaches: a concrete path (`/api/timesheets/${number}`, a query string
 * after `?` ignored) matched segment by segment, a route spelled out in full before one with a
 * `{name}` in its place (`/timesheets/latest-date` before `/timesheets/{id}`, as the server does).
 */
export type RouteAt<M extends ApiMethod, P extends string> = P extends unknown
  ? [Matching<RoutesOf<M>, P, 'exact'>] extends [never]
    ? Matching<RoutesOf<M>, P, 'param'>
    : Matching<RoutesOf<M>, P, 'exact'>
  : never;
