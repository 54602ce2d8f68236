import { readFileSync } from 'node:fs';
import { METHODS } from 'node:http';
import { join } from 'node:path';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  API_ROUTE_GROUPS,
  buildOpenApiDocument,
  successStatusOf,
  type ApiRoute,
  type RouteAccess,
} from '@portal/contracts';
import {
  AUDITORS_MAY_CALL,
  AUDITORS_MAY_READ,
  IS_PUBLIC,
  REQUIRES_ADMIN,
  REQUIRES_ROSTER,
} from '../src/platform/auth/decorators';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../../e2e/support/chromium';
import { startTestApp, type TestApp } from './app-harness';
import { InMemoryStaffDirectory, testPerson } from './in-memory-staff-directory';

/** A route as Nest registers it: `GET /timesheets/{id}` (under /api), with what its decorators say. */
interface RegisteredRoute {
  readonly key: string;
  readonly access: RouteAccess;
  readonly status: number;
}

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** `/api/timesheets/:id` as Express holds it -> `/timesheets/{id}` (OpenAPI, under the /api server). */
const openApiPath = (expressPath: string) =>
  expressPath.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}') || '/';

/**
 * Every route of the running app's router (Express 5), as method and path. A middleware bound to
 * every path (the request log's, `forRoutes('*')`) sits in the router as a route of every method;
 * no API route answers more than one, so those are left out.
 */
function routerRoutes(app: NestExpressApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  const everyMethod = METHODS.length;
  return express.router.stack.flatMap((layer) =>
    layer.route && Object.keys(layer.route.methods).length < everyMethod
      ? Object.keys(layer.route.methods)
          .filter((method) => method !== '_all')
          .map((method) => keyOf(method, layer.route!.path))
      : [],
  );
}

/** The router's routes under /api, keyed as the declarations are (`GET /timesheets/{id}`). */
function apiRouterRoutes(app: NestExpressApplication): string[] {
  return routerRoutes(app)
    .filter((key) => / \/api(\/|$)/.test(key))
    .map((key) => key.replace(/ (\S+)$/, (_, path: string) => ` ${openApiPath(path)}`));
}

/** The access its guard decorators give a handler (platform/auth/auth.guard.ts reads the same). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- what Reflector reads
function accessOf(reflector: Reflector, targets: Function[], method: string): RouteAccess {
  const read = <T>(key: string) => reflector.getAllAndOverride<T>(key, targets);
  if (read<boolean>(IS_PUBLIC)) return 'public';
  const roster = read<'reader' | 'editor' | undefined>(REQUIRES_ROSTER);
  if (roster) return roster === 'editor' ? 'roster-editor' : 'roster-reader';
  if (read<boolean>(REQUIRES_ADMIN)) {
    return read<boolean>(AUDITORS_MAY_READ) && method === 'get' ? 'admin-or-auditor' : 'admin';
  }
  if (read<boolean>(AUDITORS_MAY_CALL) && method !== 'get') return 'signed-in-incl-auditor-writes';
  return 'signed-in';
}

/** Every handler of every controller, with its path under /api, access and success status. */
function nestRoutes(app: NestExpressApplication): RegisteredRoute[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  return discovery.getControllers().flatMap((wrapper) => {
    const instance = wrapper.instance as object;
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- a controller class
    const type = wrapper.metatype as Function;
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- its handlers
    const prototype = Object.getPrototypeOf(instance) as Record<string, Function>;
    const prefixes = [Reflect.getMetadata(PATH_METADATA, type) as string | string[]].flat();
    return scanner.getAllMethodNames(prototype).flatMap((name) => {
      const handler = prototype[name];
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (requestMethod === undefined) return [];
      const method = RequestMethod[requestMethod].toLowerCase();
      const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
      const access = accessOf(reflector, [handler, type], method);
      const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
      const status = code ?? (method === 'post' ? 201 : 200);
      return prefixes.flatMap((prefix) =>
        paths.map((path) => {
          const full = `/${[prefix, path]
            .map((p) => (p ?? '').replace(/^\/|\/$/g, ''))
            .filter(Boolean)
            .join('/')}`;
          return { key: keyOf(method, openApiPath(`/api${full === '/' ? '' : full}`)), access, status };
        }),
      );
    });
  });
}

const declared: ApiRoute[] = API_ROUTE_GROUPS.flatMap((group) => group.routes);
const declaredKey = (r: ApiRoute) => keyOf(r.method, r.path);

describe('the OpenAPI document covers every route the API registers (issue 12)', () => {
  let t: TestApp;
  let registered: RegisteredRoute[];

  beforeAll(async () => {
    t = await startTestApp({
      staffDirectory: new InMemoryStaffDirectory([testPerson(1, 'Ada Admin', { isAdmin: true })]),
      imports: [DiscoveryModule],
    });
    // Only the routes served under /api: operators' routes kept out of the prefix (/health,
    // /metrics) are not the API, and the router holds them without it.
    const served = new Set(apiRouterRoutes(t.app as NestExpressApplication));
    registered = nestRoutes(t.app as NestExpressApplication).filter((r) => served.has(r.key));
  });
  afterAll(() => t?.close());

  it('declares every route Nest registers under /api, and no route Nest does not', () => {
    const nest = new Set(registered.map((r) => r.key));
    const doc = new Set(declared.map(declaredKey));
    expect([...nest].filter((key) => !doc.has(key)).sort()).toEqual([]);
    expect([...doc].filter((key) => !nest.has(key)).sort()).toEqual([]);
  });

  it("finds the same routes in Express's router (what actually answers)", () => {
    const fromRouter = new Set(apiRouterRoutes(t.app as NestExpressApplication));
    expect([...fromRouter].sort()).toEqual([...new Set(registered.map((r) => r.key))].sort());
  });

  it('declares who may call each route as its guard decorators say', () => {
    const byKey = new Map(registered.map((r) => [r.key, r.access]));
    const wrong = declared
      .filter((r) => byKey.has(declaredKey(r)) && byKey.get(declaredKey(r)) !== r.access)
      .map((r) => `${declaredKey(r)}: declared ${r.access}, registered ${byKey.get(declaredKey(r))}`);
    expect(wrong).toEqual([]);
  });

  it('declares the success status each route answers', () => {
    const byKey = new Map(registered.map((r) => [r.key, r.status]));
    const wrong = declared
      .filter((r) => byKey.has(declaredKey(r)) && byKey.get(declaredKey(r)) !== successStatusOf(r))
      .map(
        (r) => `${declaredKey(r)}: declared ${successStatusOf(r)}, registered ${byKey.get(declaredKey(r))}`,
      );
    expect(wrong).toEqual([]);
  });

  it('serves the document at /api/openapi.json without sign-in', async () => {
    const res = await fetch(`${t.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(body.openapi).toBe('3.1.0');
    expect(body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(API_ROUTE_GROUPS))));
    // The committed document is the one served, answers' schemas included.
    const committed = JSON.parse(
      readFileSync(join(__dirname, '../../../docs/openapi.json'), 'utf8'),
    ) as unknown;
    expect(body).toEqual(committed);
    expect(Object.keys(body.paths)).toContain('/timesheets/{id}');
    expect(body.components.schemas.MeResponse.properties).toMatchObject({ staffId: { type: 'number' } });
  });

  it('serves the reference page and its files from the portal itself, under its own-origin CSP', async () => {
    const page = await fetch(`${t.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>|<style>|\sstyle=/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
    for (const src of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])) {
      const res = await fetch(`${t.baseUrl}${src}`);
      await res.arrayBuffer();
      expect([src, res.status]).toEqual([src, 200]);
    }
    const init = await (await fetch(`${t.baseUrl}/api/docs/init.js`)).text();
    expect(init).toContain("url: '/api/openapi.json'");
  });

  it('answers 404 for any other file under /api/docs', async () => {
    for (const name of ['index.html', 'package.json', '..%2Fpackage.json', 'swagger-initializer.js']) {
      const res = await fetch(`${t.baseUrl}/api/docs/${name}`);
      await res.arrayBuffer();
      expect([name, res.status]).toEqual([name, 404]);
    }
  });

  it('shows the operations in a browser under the CSP, with no script or style refused', async () => {
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: [...chromiumArgs] });
    try {
      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        // Swagger UI's globalThis probe (`new Function('return this')`) is caught by the bundle itself.
        if (/Content Security Policy/.test(message.text()) && !/unsafe-eval/.test(message.text())) {
          refused.push(message.text());
        }
      });
      await page.goto(`${t.baseUrl}/api/docs`);
      // Every tag of the document is listed (closed); opening one shows its operations.
      const tags = (
        (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as { tags: { name: string }[] }
      ).tags;
      await page.locator(`[data-tag="${tags.at(-1)!.name}"]`).waitFor();
      expect(await page.locator('[data-tag]').count()).toBe(tags.length);
      await page.locator('[data-tag="timesheets"]').click();
      await page.getByText('Enter time (a batch of days)').first().waitFor();
      await expect(page.getByRole('heading', { name: /Portal API/ }).count()).resolves.toBeGreaterThan(0);
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
