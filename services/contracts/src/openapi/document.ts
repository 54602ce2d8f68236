import { z } from 'zod';
import {
  errorsOf,
  successStatusOf,
  type ApiRoute,
  type ErrorStatus,
  type RouteGroup,
} from '../kernel/api-routes';
import RESPONSE_SCHEMAS from './response-schemas.json';

/**
 * The OpenAPI 3.1 document of the API, built from the route declarations (`<context>/routes.ts`)
 * and the zod schemas the controllers parse with, turned into JSON Schema (draft 2020-12, the
 * dialect of OpenAPI 3.1) by zod's own `z.toJSONSchema`. Requests are described as they are read
 * (`io: 'input'`): a field whose parser accepts any value and checks it itself (kernel/fields.ts)
 * shows its name, and its rule where the field says it (`.meta()`). A JSON answer is its
 * TypeScript type in @portal/contracts, described field by field in `components.schemas` from
 * openapi/response-schemas.json, which `npm run openapi` generates from the types
 * (response-schemas.generate.ts). Committed as docs/openapi.json (`npm run openapi`); tests fail
 * when either file is stale.
 */

type JsonSchema = Record<string, unknown>;

/** The document's shape (GET /api/openapi.json). */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string }[];
  readonly security: readonly Record<string, readonly string[]>[];
  readonly tags: readonly { readonly name: string; readonly description: string }[];
  /** Operations by path, then by method (lower case). */
  readonly paths: Record<string, Record<string, Record<string, unknown>>>;
  /** Security schemes, the Idempotency-Key parameter, the schemas of the answers, the error answers. */
  readonly components: {
    readonly securitySchemes: Record<string, Record<string, unknown>>;
    readonly parameters: Record<string, Record<string, unknown>>;
    readonly schemas: Record<string, Record<string, unknown>>;
    readonly responses: Record<string, Record<string, unknown>>;
  };
}

/** The document's version: the contracts' (services/contracts/package.json). */
export const API_VERSION = '0.1.0';

const ERROR_RESPONSES: Record<
  ErrorStatus,
  { name: string; description: string; headers?: Record<string, JsonSchema> }
> = {
  400: {
    name: 'BadRequest',
    description:
      'Bad input: `problems` names each field (dotted path, e.g. `items.2.hours`) and the rule it broke; ' +
      'also a body that is not JSON.',
  },
  401: { name: 'Unauthorized', description: 'No bearer token, or an invalid, expired or ended session.' },
  403: {
    name: 'Forbidden',
    description:
      'Signed in but not allowed: a person who may not sign in, a role this route needs, or an auditor ' +
      'sending anything but a read.',
  },
  404: { name: 'NotFound', description: 'What the path names does not exist, or the caller may not see it.' },
  409: {
    name: 'Conflict',
    description:
      'The Idempotency-Key was already used by someone else or for a different request, or the record ' +
      'changed since it was read (its `version`).',
  },
  413: { name: 'PayloadTooLarge', description: 'The body or the uploaded file is too large.' },
  415: { name: 'UnsupportedMediaType', description: 'The upload is not of an accepted type.' },
  423: { name: 'Locked', description: 'The period is verified (locked) for this change.' },
  429: {
    name: 'TooManyRequests',
    description: 'Done too often for now; the message says when to try again.',
    headers: {
      'Retry-After': {
        description: 'Whole seconds until the person may try again.',
        schema: { type: 'integer', minimum: 1 },
      },
    },
  },
  503: {
    name: 'Unavailable',
    description: 'A service the portal relies on did not answer; try again later.',
  },
};

const ERROR_BODY: JsonSchema = {
  type: 'object',
  description: 'Every refusal and failure answers this shape (docs/api.md, Errors).',
  required: ['statusCode', 'error', 'message', 'problems'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string', description: 'The status text, e.g. "Bad Request".' },
    message: { type: 'string', description: 'For a person to read; never raw server text.' },
    problems: {
      type: 'array',
      description: 'One per broken field rule (400); empty otherwise.',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: {
          path: { type: 'string', description: 'The field, dotted: `items.2.comment`.' },
          message: { type: 'string', description: 'The rule it broke, in words.' },
        },
      },
    },
  },
};

const ACCESS_TEXT: Record<ApiRoute['access'], string> = {
  public: 'Public: no sign-in.',
  'signed-in': 'Any signed-in person (an auditor who is not an admin: reads only).',
  'signed-in-incl-auditor-writes': 'Any signed-in person, auditors included.',
  admin: 'Admins only.',
  'admin-or-auditor': 'Admins; auditors may read (GET).',
  'roster-reader': 'Admins, roster editors and auditors (roster access).',
  'roster-editor': 'Roster editors only.',
};

/** JSON Schema of a request schema as it is read; `$schema` left out (OpenAPI sets the dialect). */
export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return markRequired(rest);
}

/**
 * A field that must be sent but whose parser accepts an absent value (to name it in the 400)
 * carries `x-required` (kernel/fields.ts, `documented`): it joins its object's `required` list.
 */
function markRequired(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(markRequired) as unknown as JsonSchema;
  if (node === null || typeof node !== 'object') return node as JsonSchema;
  const { 'x-required': _required, ...rest } = node as JsonSchema;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, markRequired(value)]),
  );
  const properties = (node as JsonSchema).properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    const flagged = Object.keys(properties).filter((key) => properties[key]['x-required'] === true);
    const required = [...new Set([...((out.required as string[] | undefined) ?? []), ...flagged])];
    if (required.length > 0) out.required = Object.keys(properties).filter((key) => required.includes(key));
  }
  return out;
}

/** The named properties of an object schema (or of each alternative of a union), for parameters. */
function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) {
    const merged = alternatives.map(propertiesOf);
    return {
      properties: Object.assign({}, ...merged.map((m) => m.properties)) as Record<string, JsonSchema>,
      required: new Set(merged.every((m) => m.required.size > 0) ? [...merged[0].required] : []),
    };
  }
  return {
    properties: (schema.properties ?? {}) as Record<string, JsonSchema>,
    required: new Set((schema.required ?? []) as string[]),
  };
}

function parameters(r: ApiRoute): JsonSchema[] {
  const params: JsonSchema[] = [];
  const pathNames = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const fromParams = r.params ? propertiesOf(requestJsonSchema(r.params)).properties : {};
  for (const name of pathNames) {
    params.push({ name, in: 'path', required: true, schema: fromParams[name] ?? { type: 'string' } });
  }
  const queries = r.query === undefined ? [] : Array.isArray(r.query) ? r.query : [r.query as z.ZodType];
  for (const query of queries) {
    const { properties, required } = propertiesOf(requestJsonSchema(query));
    for (const [name, schema] of Object.entries(properties)) {
      params.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (r.access !== 'public' && r.method !== 'get') {
    params.push({ $ref: '#/components/parameters/IdempotencyKey' });
  }
  return params;
}

function requestBody(r: ApiRoute): JsonSchema | undefined {
  if (!r.body) return undefined;
  if ('multipart' in r.body) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
      },
      description: r.body.multipart,
    };
  }
  const schemas = Array.isArray(r.body) ? r.body : [r.body as z.ZodType];
  const schema =
    schemas.length === 1
      ? requestJsonSchema(schemas[0])
      : { oneOf: schemas.map((s) => requestJsonSchema(s)) };
  return { required: true, content: { 'application/json': { schema } } };
}

function successResponse(r: ApiRoute): JsonSchema {
  const res = r.response;
  if (res.kind === 'empty') return { description: 'Done; no body.' };
  if (res.kind === 'file') {
    return {
      description: res.description,
      headers: {
        'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename=...' },
      },
      content: { [res.contentType]: { schema: { type: 'string', contentMediaType: res.contentType } } },
    };
  }
  const isList = res.type.endsWith('[]');
  const name = isList ? res.type.slice(0, -2) : res.type;
  const ref = { $ref: `#/components/schemas/${name}` };
  return {
    description: `${isList ? 'A list of ' : ''}\`${name}\` (a TypeScript type of @portal/contracts).`,
    content: { 'application/json': { schema: isList ? { type: 'array', items: ref } : ref } },
  };
}

function operation(r: ApiRoute, tag: string): JsonSchema {
  const responses: Record<string, unknown> = { [String(successStatusOf(r))]: successResponse(r) };
  for (const status of errorsOf(r)) {
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  const params = parameters(r);
  const body = requestBody(r);
  return {
    tags: [tag],
    summary: r.summary,
    description: [r.description, ACCESS_TEXT[r.access]].filter(Boolean).join('\n\n'),
    operationId: operationId(r),
    ...(r.access === 'public' ? { security: [] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** `get /admin/staff/{id}/reveal` -> `getAdminStaffByIdReveal`: unique per method and path. */
export function operationId(r: Pick<ApiRoute, 'method' | 'path'>): string {
  const words = r.path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const word = param ? `by-${param[1]}` : segment.replace(/\.json$/, '-json');
      return word
        .split(/[^a-zA-Z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join('');
    });
  return r.method + words.join('');
}

/**
 * The document, for the given route groups (every group of the API: openapi/routes.ts), with the
 * answers' schemas (by type name: the committed response-schemas.json unless `npm run openapi`
 * passes those it has just generated).
 */
export function buildOpenApiDocument(
  groups: readonly RouteGroup[],
  responseSchemas: Readonly<Record<string, JsonSchema>> = RESPONSE_SCHEMAS,
): OpenApiDocument {
  if ('Error' in responseSchemas)
    throw new Error("No answer type may be named Error: it is the error body's schema");
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const ordered = groups
    .flatMap((g) => g.routes.map((r) => ({ r, tag: g.tag })))
    .sort((a, b) => a.r.path.localeCompare(b.r.path) || a.r.method.localeCompare(b.r.method));
  for (const { r, tag } of ordered) {
    const key = `${r.method.toUpperCase()} ${r.path}`;
    paths[r.path] ??= {};
    if (paths[r.path][r.method]) throw new Error(`Route declared twice: ${key}`);
    paths[r.path][r.method] = operation(r, tag);
  }
  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description, headers }) => [
      name,
      {
        description,
        ...(headers ? { headers } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal API',
      version: API_VERSION,
      description:
        'The contractor and admin portal. Generated from the zod contracts (services/contracts); ' +
        'prose and examples: docs/api.md. Send `Authorization: Bearer <token>`; commands may send ' +
        '`Idempotency-Key`.',
    },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    tags: groups.map((g) => ({ name: g.tag, description: g.description })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An Entra ID access token, or a dev sign-in token (POST /auth/dev/sign-in).',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes the command safe to retry: a retry with the same key gets the first answer again.',
          schema: { type: 'string' },
        },
      },
      schemas: { Error: ERROR_BODY, ...responseSchemas },
      responses,
    },
  };
}
