#!/usr/bin/env node
/**
 * `npm run openapi`: generates the JSON Schema of every JSON answer from the TypeScript types of
 * @portal/contracts (ts-json-schema-generator: services/contracts/src/openapi/response-schemas.generate.ts)
 * into services/contracts/src/openapi/response-schemas.json, which the served document reads, and
 * writes docs/openapi.json, the OpenAPI 3.1 document generated from the route declarations, the
 * zod schemas of the requests and those answer schemas; both formatted as prettier formats JSON.
 * Commit both with the change that changed the API: unit tests
 * (services/contracts/src/openapi/openapi.spec.ts) fail while either differs from what this writes.
 * Runs after `npm run build:contracts` (the package script does both).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const contracts = join(root, 'services/contracts');
const { API_ROUTE_GROUPS, buildOpenApiDocument } = require(join(contracts, 'dist/index.js'));
const { generateResponseSchemas, responseTypeNames } = require(
  join(contracts, 'dist/openapi/response-schemas.generate.js'),
);

/** Writes `value` as JSON, formatted by the repository's prettier settings. */
async function writeJson(target, value) {
  const text = await prettier.format(JSON.stringify(value), {
    ...(await prettier.resolveConfig(target)),
    filepath: target,
  });
  writeFileSync(target, text);
}

const schemas = generateResponseSchemas(responseTypeNames(API_ROUTE_GROUPS), contracts);
await writeJson(join(contracts, 'src/openapi/response-schemas.json'), schemas);
await writeJson(join(root, 'docs/openapi.json'), buildOpenApiDocument(API_ROUTE_GROUPS, schemas));
const count = API_ROUTE_GROUPS.reduce((sum, group) => sum + group.routes.length, 0);
console.log(
  `Wrote services/contracts/src/openapi/response-schemas.json (${Object.keys(schemas).length} schemas) ` +
    `and docs/openapi.json (${count} operations).`,
);
