import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { errorsOf, route } from '../kernel/api-routes';
import { buildOpenApiDocument } from './document';
import committedResponseSchemas from './response-schemas.json';
import { generateResponseSchemas, responseTypeNames } from './response-schemas.generate';
import { API_ROUTE_GROUPS } from './routes';

const CONTRACTS_ROOT = join(__dirname, '..', '..');
const COMMITTED = join(CONTRACTS_ROOT, '..', '..', 'docs', 'openapi.json');

type Operation = {
  operationId: string;
  parameters?: { name?: string; in?: string; required?: boolean; $ref?: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
  security?: unknown[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: boolean | Schema;
};

const generated = () => JSON.parse(JSON.stringify(buildOpenApiDocument(API_ROUTE_GROUPS))) as Document;

/** Every `$ref` in the document that points at nothing, as `where -> target`. */
function danglingRefs(doc: Document): string[] {
  const dangling: string[] = [];
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`));
    if (node === null || typeof node !== 'object') return;
    const ref = (node as Schema).$ref;
    if (typeof ref === 'string') {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc);
      if (target === undefined) dangling.push(`${where} -> ${ref}`);
    }
    for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
  };
  visit(doc, '#');
  return dangling;
}

/** Is the schema (through its `$ref`) described: a type, properties, items, or alternatives each described? */
function isDescribed(doc: Document, schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return isDescribed(doc, doc.components.schemas[name]);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.length > 0 && alternatives.every((a) => isDescribed(doc, a));
  if (schema.type === 'array') return isDescribed(doc, schema.items);
  return schema.type !== undefined || schema.properties !== undefined || schema.enum !== undefined;
}

/** `GET /me` for every operation whose JSON answer is not described. */
function undescribedAnswers(doc: Document): string[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, op]) =>
      Object.entries(op.responses)
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([, response]) => {
          const content = (response as { content?: Record<string, { schema: Schema }> }).content;
          const json = content?.['application/json'];
          return json && !isDescribed(doc, json.schema) ? [`${method.toUpperCase()} ${path}`] : [];
        }),
    ),
  );
}

const schemaOf = (doc: Document, name: string): Schema => doc.components.schemas[name];

describe('the OpenAPI document (issue 12)', () => {
  it('is what docs/openapi.json holds: run `npm run openapi` and commit the file when this fails', () => {
    const committed = JSON.parse(readFileSync(COMMITTED, 'utf8')) as unknown;
    expect(generated()).toEqual(committed);
  });

  it('is OpenAPI 3.1 with one operation per declared route, each with its own operationId', () => {
    const doc = generated();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    const declared = API_ROUTE_GROUPS.flatMap((g) => g.routes);
    expect(operations).toHaveLength(declared.length);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the body and query fields the controllers parse, from the same zod schemas', () => {
    const doc = generated();
    const submit = doc.paths['/timesheets'].post;
    const body = submit.requestBody!.content['application/json'].schema as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(Object.keys(body.properties)).toEqual(['projectId', 'subProjectId', 'items', 'confirmLate']);
    expect(body.additionalProperties).toBe(false);
    const list = doc.paths['/timesheets'].get;
    expect(list.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual([
      'start',
      'end',
      'projectId',
      'sortBy',
      'direction',
    ]);
    const lock = doc.paths['/ledgers/{employeeId}/{month}/locks/{projectId}'].get;
    expect(lock.parameters!.filter((p) => p.in === 'path').map((p) => p.name)).toEqual([
      'employeeId',
      'month',
      'projectId',
    ]);
  });

  it('documents every error a route can answer: 400 with input, 401/403 unless public, 404 for a path that names something, 409 for a command, 413 with a body, and its own (423)', () => {
    const doc = generated();
    expect(Object.keys(doc.paths['/timesheets/{id}'].put.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '423',
    ]);
    expect(Object.keys(doc.paths['/me'].get.responses)).toEqual(['200', '401', '403']);
    const publicRoute = doc.paths['/auth/config'].get;
    expect(Object.keys(publicRoute.responses)).toEqual(['200']);
    expect(publicRoute.security).toEqual([]);
    expect(doc.paths['/expenses'].post.parameters).toContainEqual({
      $ref: '#/components/parameters/IdempotencyKey',
    });
  });

  it("adds a route's own errors to those its shape implies, once and in order", () => {
    const declared = route({
      method: 'get',
      path: '/things/{id}',
      summary: 'A thing',
      access: 'admin',
      query: z.object({ day: z.string() }),
      response: { kind: 'empty' },
      errors: [423, 404],
    });
    expect(errorsOf(declared)).toEqual([400, 401, 403, 404, 423]);
  });

  describe('JSON answers, described field by field from the TypeScript types (ts-json-schema-generator)', () => {
    it('holds the schemas the types generate: run `npm run openapi` and commit the files when this fails', () => {
      const regenerated = generateResponseSchemas(responseTypeNames(API_ROUTE_GROUPS), CONTRACTS_ROOT);
      expect(regenerated).toEqual(committedResponseSchemas);
    });

    it('refuses a JSON answer that names no type @portal/contracts exports', () => {
      expect(() => generateResponseSchemas(['NoSuchAnswer'], CONTRACTS_ROOT)).toThrow(
        "The JSON answer type 'NoSuchAnswer' is not a type @portal/contracts exports",
      );
    });

    it('leaves no JSON answer undescribed and no $ref pointing at nothing', () => {
      const doc = generated();
      expect(danglingRefs(doc)).toEqual([]);
      expect(undescribedAnswers(doc)).toEqual([]);
      const answers = Object.values(doc.paths)
        .flatMap((ops) => Object.values(ops))
        .filter(
          (op) =>
            (op.responses['200'] as { content?: Record<string, unknown> } | undefined)?.content?.[
              'application/json'
            ],
        );
      expect(answers.length).toBeGreaterThan(80);
    });

    it('finds an answer left without a schema, and a $ref to a missing schema', () => {
      const doc = generated();
      const me = doc.paths['/me'].get.responses['200'] as { content: Record<string, { schema: Schema }> };
      me.content['application/json'].schema = { $ref: '#/components/schemas/Nothing' };
      expect(undescribedAnswers(doc)).toEqual(['GET /me']);
      expect(danglingRefs(doc)).toEqual([
        '#/paths//me/get/responses/200/content/application/json/schema -> #/components/schemas/Nothing',
      ]);
      me.content['application/json'].schema = {};
      expect(undescribedAnswers(doc)).toEqual(['GET /me']);
    });

    it('describes each field: its type, whether it is required, null where allowed, enums, nested objects and lists', () => {
      const doc = generated();
      expect(doc.paths['/me'].get.responses['200']).toEqual({
        description: '`MeAnswer` (a TypeScript type of @portal/contracts).',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/MeAnswer' } } },
      });
      // A staff member, or someone whose access is being set up (issue 25).
      expect(schemaOf(doc, 'MeAnswer').anyOf).toEqual([
        { $ref: '#/components/schemas/MeResponse' },
        { $ref: '#/components/schemas/PendingAccessResponse' },
      ]);
      const me = schemaOf(doc, 'MeResponse');
      expect(me.type).toBe('object');
      expect(me.additionalProperties).toBe(false);
      expect(me.properties!.staffId).toEqual({ type: 'number' });
      expect(me.properties!.userType).toEqual({ type: 'string', enum: ['default', 'sightstream'] });
      expect(me.required).toEqual(expect.arrayContaining(['staffId', 'name', 'isAdmin']));
      expect(me.required).not.toContain('isAuditor');

      const row = schemaOf(doc, 'TimesheetRow');
      expect(row.properties!.subProjectId).toEqual({ type: ['number', 'null'] });
      const list = schemaOf(doc, 'TimesheetList');
      expect(list.properties!.rows).toEqual({
        type: 'array',
        items: { $ref: '#/components/schemas/TimesheetRow' },
      });

      expect(doc.paths['/admin/vehicles'].get.responses['200']).toMatchObject({
        content: {
          'application/json': {
            schema: { type: 'array', items: { $ref: '#/components/schemas/VehicleView' } },
          },
        },
      });
      expect(schemaOf(doc, 'ProjectDeleteOutcome').properties!.outcome).toEqual({
        type: 'string',
        enum: ['removed', 'deactivated', 'unchanged'],
      });
      expect(schemaOf(doc, 'ErpReport').anyOf).toEqual([
        { $ref: '#/components/schemas/ErpTimeReport' },
        { $ref: '#/components/schemas/ErpExpensesReport' },
        { $ref: '#/components/schemas/ErpOvertimeReport' },
      ]);
    });

    it('describes a list built from another list, and a type inferred from a zod schema as the checker resolves it', () => {
      const doc = generated();
      const plain = schemaOf(doc, 'MyProfile').properties!.plain;
      expect(Object.keys(plain.properties!)).toEqual(expect.arrayContaining(['homePhone', 'city']));
      expect(plain.properties!.city).toEqual({ type: ['string', 'null'] });
      // ErpFilter = z.output<typeof erpFilterSchema>: the parsed filter, an owner left out as null.
      const filter = schemaOf(doc, 'ErpFilter');
      expect(filter.properties!.from).toEqual({ type: 'string' });
      expect(filter.properties!.ownerId).toEqual({ type: ['number', 'null'] });
      expect(filter.required).toEqual(['from', 'to', 'ownerId', 'projectId', 'employeeId']);
    });
  });
});
