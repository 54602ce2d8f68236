import { API_ROUTE_GROUPS, requestJsonSchema, type ApiRoute } from '@portal/contracts';
import type { z } from 'zod';

/**
 * Hostile requests generated from the API's route declarations (services/contracts, the same list
 * docs/openapi.json is built from), so a route declared later is tried without anyone listing it:
 * every write route (POST, PUT, PATCH, DELETE) gets the hostile values below in its body, its query
 * string, or, when it takes neither, its path parameters.
 */

type JsonSchema = Record<string, unknown>;

/** A value a hostile request puts where a field is. `raw` is its JSON text (beyond JSON.stringify). */
export interface HostileValue {
  readonly name: string;
  readonly raw: string;
  /** Which leaves it goes into: text values the text ones, numbers the number ones, both: all. */
  readonly into: 'text' | 'number' | 'all';
  /** Put into one leaf at a time (a megabyte in every leaf is over the body limit: 413, not a test). */
  readonly oneLeafAtATime?: boolean;
}

const text = (name: string, value: string): HostileValue => ({
  name,
  raw: JSON.stringify(value),
  into: 'text',
});

/** 1 MB of text (a million characters: under the 1 MiB body limit with the rest of a body). */
export const MEGABYTE_OF_TEXT = 'a'.repeat(1_000_000);

/** The values of issue 24's done-when test. */
export const HOSTILE_VALUES: readonly HostileValue[] = [
  text('a lone high surrogate', 'a\ud800b'),
  text('a lone low surrogate', 'a\udc00b'),
  ...Array.from({ length: 0x20 }, (_, code) =>
    text(
      `C0 control U+${code.toString(16).padStart(4, '0').toUpperCase()}`,
      `a${String.fromCharCode(code)}b`,
    ),
  ),
  text('DEL', 'a\u007fb'),
  { name: 'a 1 MB string', raw: JSON.stringify(MEGABYTE_OF_TEXT), into: 'text', oneLeafAtATime: true },
  // The extremes of numbers, as JSON text (9007199254740993 is no double: JSON.stringify cannot write it).
  ...Object.entries({
    'Number.MAX_VALUE': '1.7976931348623157e308',
    '-Number.MAX_VALUE': '-1.7976931348623157e308',
    '1e308': '1e308',
    '-0': '-0',
    '2^53 + 1': '9007199254740993',
    '-(2^53 + 1)': '-9007199254740993',
    '1e-400 (under the smallest double)': '1e-400',
  }).map(([name, raw]): HostileValue => ({ name, raw, into: 'number' })),
  ...['NaN', 'Infinity', '-Infinity', '1e308', '1e309', '-0', '9007199254740993', '0x1F', '1_000', ' 1 '].map(
    (value): HostileValue => ({ name: `the string "${value}"`, raw: JSON.stringify(value), into: 'all' }),
  ),
];

/** A write route as the generator tries it. */
export interface WriteRoute {
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI style, under /api: `/admin/vehicles/{id}`. */
  readonly path: string;
  readonly access: ApiRoute['access'];
  readonly body: JsonSchema | 'multipart' | null;
  readonly query: JsonSchema | null;
  readonly params: JsonSchema | null;
}

const schemaOf = (schema: z.ZodType | readonly z.ZodType[]): JsonSchema =>
  requestJsonSchema(Array.isArray(schema) ? (schema as readonly z.ZodType[])[0] : (schema as z.ZodType));

/** Every declared route that is not a read. */
export function writeRoutes(): WriteRoute[] {
  return API_ROUTE_GROUPS.flatMap((group) => group.routes)
    .filter((route) => route.method !== 'get')
    .map((route) => {
      const body = route.body;
      const query = Array.isArray(route.query) ? (route.query as readonly z.ZodType[])[0] : route.query;
      return {
        method: route.method.toUpperCase() as WriteRoute['method'],
        path: route.path,
        access: route.access,
        body: !body ? null : 'multipart' in body ? 'multipart' : schemaOf(body as z.ZodType),
        query: query ? schemaOf(query as z.ZodType) : null,
        params: route.params ? schemaOf(route.params) : null,
      };
    });
}

/** What fills a leaf that does not carry the hostile value: something its schema plausibly takes. */
export interface Plausible {
  /** 'YYYY-MM-DD'. */
  readonly today: string;
}

type LeafKind = 'text' | 'number' | 'boolean' | 'unknown';

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];

function kindOf(schema: JsonSchema): LeafKind {
  const types = typesOf(schema).filter((t) => t !== 'null');
  if (types.includes('string')) return 'text';
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  return 'unknown';
}

function plausibleLeaf(schema: JsonSchema, kind: LeafKind, p: Plausible): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if (kind === 'boolean') return false;
  if (kind === 'number') return typeof schema.minimum === 'number' ? Math.max(1, schema.minimum) : 1;
  if (schema.format === 'date') return p.today;
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'email') return 'someone@example.com';
  if (typeof schema.pattern === 'string' && new RegExp(schema.pattern).test(p.today.slice(0, 7)))
    return p.today.slice(0, 7);
  return 'x';
}

/** Does `value` go into a leaf of this kind? Unknown leaves (a preprocessed field) take every value. */
const takes = (value: HostileValue, kind: LeafKind): boolean =>
  kind !== 'boolean' && (value.into === 'all' || kind === 'unknown' || value.into === kind);

/** Marks where a hostile value goes; replaced by its raw JSON text after JSON.stringify. */
const HOLE = '\u0000HOSTILE\u0000';

/**
 * The JSON texts of a body shaped by `schema` with `value` in its leaves: all of them at once, or
 * (for `oneLeafAtATime` values) one body per leaf that takes it. Other leaves are plausible values.
 */
export function hostileBodies(schema: JsonSchema, value: HostileValue, p: Plausible): string[] {
  const leaves = countLeaves(schema, value);
  const targets = value.oneLeafAtATime ? Array.from({ length: leaves }, (_, i) => i) : [null];
  return targets.map((target) => {
    let index = 0;
    const build = (node: JsonSchema): unknown => {
      const object = objectOf(node);
      if (object)
        return Object.fromEntries(Object.entries(object).map(([key, child]) => [key, build(child)]));
      if (typesOf(node).includes('array') && node.items) return [build(node.items as JsonSchema)];
      const kind = kindOf(node);
      if (!takes(value, kind)) return plausibleLeaf(node, kind, p);
      const mine = target === null || target === index;
      index += 1;
      return mine ? HOLE : plausibleLeaf(node, kind, p);
    };
    return JSON.stringify(build(schema)).split(JSON.stringify(HOLE)).join(value.raw);
  });
}

/** The properties of an object schema (a record: one key), or null for anything else. */
function objectOf(node: JsonSchema): Record<string, JsonSchema> | null {
  if (node.properties) return node.properties as Record<string, JsonSchema>;
  if (typesOf(node).includes('object') && typeof node.additionalProperties === 'object')
    return { key: node.additionalProperties as JsonSchema };
  const alternative = ((node.anyOf ?? node.oneOf) as JsonSchema[] | undefined)?.find(
    (s) => !typesOf(s).includes('null'),
  );
  return alternative ? objectOf(alternative) : null;
}

function countLeaves(schema: JsonSchema, value: HostileValue): number {
  const object = objectOf(schema);
  if (object) return Object.values(object).reduce((n, child) => n + countLeaves(child, value), 0);
  if (typesOf(schema).includes('array') && schema.items)
    return countLeaves(schema.items as JsonSchema, value);
  return takes(value, kindOf(schema)) ? 1 : 0;
}

/**
 * The value as one text of a URL (a path parameter or a query value): its JSON text, unquoted,
 * percent-encoded; a lone surrogate (which UTF-8 cannot hold) as the three bytes WTF-8 gives it.
 */
export function asUrlText(value: HostileValue): string {
  const text = String(value.into === 'number' ? value.raw : (JSON.parse(value.raw) as unknown));
  return text.replace(/(?:[\ud800-\udbff][\udc00-\udfff]|[^\ud800-\udfff])+|[\ud800-\udfff]/g, (part) => {
    const code = part.charCodeAt(0);
    if (part.length > 1 || code < 0xd800 || code > 0xdfff) return encodeURIComponent(part);
    const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
    return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  });
}

/** The route's path with each `{param}` filled: with `fill` when given, else a plausible value. */
export function pathOf(route: WriteRoute, p: Plausible, fill?: string): string {
  const properties = (route.params?.properties ?? {}) as Record<string, JsonSchema>;
  return `/api${route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (fill !== undefined) return fill;
    const schema = properties[name] ?? {};
    const kind = kindOf(schema);
    // Ids that may exist in no table: the body is read (and refused) before anything is looked up.
    if (kind === 'number') return '999999';
    if (name === 'id') return '00000000-0000-4000-8000-000000000000';
    return encodeURIComponent(String(plausibleLeaf(schema, kind, p)));
  })}`;
}

/** The query string with `value` in every field of the route's query (empty when it has none). */
export function hostileQuery(route: WriteRoute, value: HostileValue): string {
  const names = Object.keys((route.query?.properties ?? {}) as Record<string, unknown>);
  return names.length === 0 ? '' : `?${names.map((name) => `${name}=${asUrlText(value)}`).join('&')}`;
}
