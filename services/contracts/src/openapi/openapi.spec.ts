import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { errorsOf, route } from '../kernel/api-routes';
import { buildOpenApiDocument } from './document';
import { API_ROUTE_GROUPS } from './routes';

const COMMITTED = join(__dirname, '..', '..', '..', '..', 'docs', 'openapi.json');

type Operation = {
  operationId: string;
  parameters?: { name?: string; in?: string; required?: boolean; $ref?: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
  security?: unknown[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const generated = () => JSON.parse(JSON.stringify(buildOpenApiDocument(API_ROUTE_GROUPS))) as Document;

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
});
