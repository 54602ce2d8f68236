#!/usr/bin/env node
/**
 * `npm run openapi`: writes docs/openapi.json, the OpenAPI 3.1 document generated from the route
 * declarations and zod schemas of @portal/contracts (services/contracts/src/openapi), formatted as
 * prettier formats JSON. Commit it with the change that changed the API: a unit test
 * (services/contracts/src/openapi/openapi.spec.ts) fails while the committed file and the
 * generated document differ. Runs after `npm run build:contracts` (the package script does both).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { API_ROUTE_GROUPS, buildOpenApiDocument } = require(join(root, 'services/contracts/dist/index.js'));

const target = join(root, 'docs/openapi.json');
const text = await prettier.format(JSON.stringify(buildOpenApiDocument(API_ROUTE_GROUPS)), {
  ...(await prettier.resolveConfig(target)),
  filepath: target,
});
writeFileSync(target, text);
const count = API_ROUTE_GROUPS.reduce((sum, group) => sum + group.routes.length, 0);
console.log(`Wrote docs/openapi.json: ${count} operations.`);
