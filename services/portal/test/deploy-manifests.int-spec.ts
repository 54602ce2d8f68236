import { describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { parse } from 'yaml';
import { migrateDatabase } from '../src/cli/migrate';
import { platformMigrations } from '../src/platform/database/migrations';
import { TEST_DATABASE_URL } from './services';

/**
 * The deployment files of issue 12: the Kubernetes production overlay renders with kustomize and
 * every object passes the Kubernetes API schemas (scripts/k8s-manifests.cjs, what CI runs through
 * `npm test`); the objects are the ones operators rely on; the migration Job's command migrates a
 * database; docker-compose runs every role with a health check and a mail catcher.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script shared with the command line
const manifests = require('../../../scripts/k8s-manifests.cjs') as {
  renderObjects(dir: string): K8sObject[];
  validateObjects(objects: readonly K8sObject[]): string[];
};

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // Each test reads the parts it checks; the schemas were checked by validateObjects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  data?: Record<string, string>;
}

const ROOT = join(__dirname, '..', '..', '..');
const PRODUCTION = 'deploy/k8s/overlays/production';
const ROLES = ['api', 'projector', 'worker'] as const;

function named(objects: readonly K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} is not rendered`);
  return found;
}

describe('Kubernetes manifests (deploy/k8s)', () => {
  const objects = manifests.renderObjects(PRODUCTION);

  it('the production overlay renders and every object passes the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(10);
    expect(manifests.validateObjects(objects)).toEqual([]);
    expect(manifests.validateObjects(manifests.renderObjects('deploy/k8s/base'))).toEqual([]);
  });

  it('the schema check catches a broken object', () => {
    const api = structuredClone(named(objects, 'Deployment', 'portal-api'));
    api.spec.replicas = 'three';
    api.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    const problems = manifests.validateObjects([
      api,
      { apiVersion: 'v1', kind: 'Nonsense', metadata: { name: 'x' } },
    ]);
    expect(problems).toEqual([
      expect.stringContaining('spec/replicas must be integer'),
      expect.stringContaining('no schema for v1/Nonsense'),
    ]);
  });

  it.each(ROLES)(
    'the %s role runs as a Deployment with probes on the health endpoints and sized resources',
    (role) => {
      const deployment = named(objects, 'Deployment', `portal-${role}`);
      expect(deployment.metadata).toMatchObject({ name: `portal-${role}` });
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      expect(container.image).toBe('registry.example/portal:1.0.0');
      expect(container.env).toContainEqual({ name: 'PORTAL_ROLES', value: role });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'operator' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'operator' });
      for (const kind of ['requests', 'limits'] as const) {
        expect(container.resources[kind]).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      }
      const configMap = objects.find((o) => o.kind === 'ConfigMap');
      expect(container.envFrom).toEqual([
        { configMapRef: { name: configMap?.metadata.name } },
        { secretRef: { name: 'portal-secrets' } },
      ]);
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    },
  );

  it('configuration is production and carries no secret and no test-only setting', () => {
    const configMap = objects.find((o) => o.kind === 'ConfigMap')!;
    expect(configMap.metadata.name).toMatch(/^portal-config-/);
    expect(configMap.data).toMatchObject({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    const keys = Object.keys(configMap.data ?? {});
    for (const secretOrTestOnly of [
      'DATABASE_URL',
      'EVENTSTORE_URL',
      'REDIS_URL',
      'SMTP_URL',
      'PERSONAL_DATA_KEY',
      'SESSION_SECRET',
      'DEV_SIGN_IN',
      'PORTAL_NOW',
    ]) {
      expect(keys).not.toContain(secretOrTestOnly);
    }
  });

  it('api and worker scale automatically; projectors do not', () => {
    const autoscaled = objects
      .filter((o) => o.kind === 'HorizontalPodAutoscaler')
      .map((o) => o.spec.scaleTargetRef as { kind: string; name: string });
    expect(autoscaled).toEqual(
      expect.arrayContaining([
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'portal-api' },
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'portal-worker' },
      ]),
    );
    expect(autoscaled.map((t) => t.name)).not.toContain('portal-projector');
    expect(named(objects, 'HorizontalPodAutoscaler', 'portal-api').spec.minReplicas).toBe(3);
  });

  it.each(ROLES)('a disruption budget keeps one %s pod through a drain', (role) => {
    const budget = named(objects, 'PodDisruptionBudget', `portal-${role}`);
    const podLabels = named(objects, 'Deployment', `portal-${role}`).spec.template.metadata.labels;
    expect(budget.spec.minAvailable).toBe(1);
    expect(podLabels).toMatchObject(budget.spec.selector.matchLabels);
  });

  it('the ingress reaches the api pods through the service', () => {
    const service = named(objects, 'Service', 'portal-api');
    const apiLabels = named(objects, 'Deployment', 'portal-api').spec.template.metadata.labels;
    expect(apiLabels).toMatchObject(service.spec.selector);
    const ingress = named(objects, 'Ingress', 'portal');
    expect(ingress.spec.rules[0].host).toBe('portal.smartwork.example');
    expect(ingress.spec.rules[0].http.paths[0].backend.service).toEqual({
      name: 'portal-api',
      port: { name: 'http' },
    });
    expect(service.spec.ports).toContainEqual(expect.objectContaining({ name: 'http', targetPort: 'http' }));
  });

  it('serves /metrics and the probes on an operator port that no Service or Ingress names, where the scraper and kubelet look', () => {
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('portal-config'));
    const operatorPort = (config as unknown as { data: Record<string, string> }).data.OPERATOR_PORT;
    expect(operatorPort).toBe('9464');
    for (const role of ROLES) {
      const pod = named(objects, 'Deployment', `portal-${role}`).spec.template;
      expect(pod.metadata.annotations?.['prometheus.io/port']).toBe(operatorPort);
      const container = pod.spec.containers[0];
      expect(container.ports).toContainEqual(
        expect.objectContaining({ name: 'operator', containerPort: Number(operatorPort) }),
      );
      for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) {
        expect(probe?.httpGet).toEqual({
          path: expect.stringMatching(/^\/health\/(live|ready)$/),
          port: 'operator',
        });
      }
    }
    for (const service of objects.filter((o) => o.kind === 'Service')) {
      for (const port of (service as unknown as { spec: { ports: { targetPort: unknown; port: number }[] } })
        .spec.ports) {
        expect([port.targetPort, port.port]).not.toContain('operator');
        expect([port.targetPort, port.port]).not.toContain(Number(operatorPort));
      }
    }
  });

  it('admits only the ingress controller to the api port and only monitoring to the operator port', () => {
    type Policy = {
      spec: {
        podSelector: { matchLabels: Record<string, string> };
        ingress: {
          from: { namespaceSelector: { matchLabels: Record<string, string> } }[];
          ports: { port: string }[];
        }[];
      };
    };
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy') as unknown as (Policy & {
      metadata: { name: string };
    })[];
    const admitted = policies.flatMap((policy) =>
      policy.spec.ingress.flatMap((rule) =>
        rule.ports.map((port) => ({
          pods: policy.spec.podSelector.matchLabels['app.kubernetes.io/component'] ?? 'every role',
          port: port.port,
          from: rule.from.map((f) => f.namespaceSelector.matchLabels['kubernetes.io/metadata.name']),
        })),
      ),
    );
    expect(admitted).toEqual([
      { pods: 'api', port: 'http', from: ['ingress-nginx'] },
      { pods: 'every role', port: 'operator', from: ['monitoring'] },
    ]);
    // Every pod of every role is selected by a policy (so anything not admitted is refused).
    for (const role of ROLES) {
      const labels = named(objects, 'Deployment', `portal-${role}`).spec.template.metadata.labels as Record<
        string,
        string
      >;
      const selected = policies.filter((policy) =>
        Object.entries(policy.spec.podSelector.matchLabels).every(([key, value]) => labels[key] === value),
      );
      expect({ role, selected: selected.length > 0 }).toEqual({ role, selected: true });
    }
  });

  it('an api pod stops without dropping requests: preStop, then a drain, within the grace period', () => {
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('portal-config'));
    const drainMs = Number((config as unknown as { data: Record<string, string> }).data.SHUTDOWN_DRAIN_MS);
    const pod = named(objects, 'Deployment', 'portal-api').spec.template.spec;
    const preStop = pod.containers[0].lifecycle?.preStop?.exec?.command ?? [];
    expect(preStop[0]).toBe('sleep');
    const preStopSeconds = Number(preStop[1]);
    expect(preStopSeconds).toBeGreaterThan(0);
    expect(drainMs).toBeGreaterThan(0);
    // Room left for the requests and jobs in flight once the drain ends.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStopSeconds + drainMs / 1000 + 30);
  });

  it('every object lands in the portal namespace', () => {
    const namespaced = objects.filter((o) => o.kind !== 'Namespace');
    expect(namespaced.map((o) => (o.metadata as { namespace?: string }).namespace)).toEqual(
      namespaced.map(() => 'portal'),
    );
  });
});

describe('the migration Job', () => {
  const job = manifests.renderObjects(PRODUCTION).find((o) => o.kind === 'Job')!;

  it('runs the migration command the image builds', () => {
    const [container] = job.spec.template.spec.containers;
    expect(container.command).toEqual(['node', 'services/portal/dist/cli/migrate.js']);
    expect(readFileSync(join(ROOT, 'services/portal/src/cli/migrate.ts'), 'utf8')).toContain(
      'migrateToLatest',
    );
  });

  it('brings an empty database to the latest migration, and a second run changes nothing', async () => {
    const database = `portal_migrate_job_${process.pid}`;
    const admin = new Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await admin.query(`drop database if exists ${database}`);
      await admin.query(`create database ${database}`);
      const env = { NODE_ENV: 'test', DATABASE_URL: url.toString() };
      expect(await migrateDatabase(env)).toBe(0);
      expect(await migrateDatabase(env)).toBe(0);
      const migrated = new Client({ connectionString: url.toString() });
      await migrated.connect();
      try {
        const { rows } = await migrated.query<{ name: string }>(
          'select name from kysely_migration order by name',
        );
        expect(rows.map((r) => r.name)).toEqual(Object.keys(platformMigrations).sort());
      } finally {
        await migrated.end();
      }
      expect(log).toHaveBeenCalledWith('The database is at the latest migration.');
    } finally {
      log.mockRestore();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  });

  it('refuses to run without a database to migrate', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await migrateDatabase({ NODE_ENV: 'test' })).toBe(1);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('DATABASE_URL is not set'));
    } finally {
      error.mockRestore();
    }
  });
});

describe('docker compose (deploy/docker-compose.yml)', () => {
  const compose = parse(readFileSync(join(ROOT, 'deploy/docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { healthcheck?: { test: string[] }; environment?: Record<string, string> }>;
  };

  it('runs the backing services, a mail catcher and the three roles, each with a health check', () => {
    for (const name of [
      'postgres',
      'redis',
      'eventstoredb',
      'mail',
      'migrate',
      'api',
      'projector',
      'worker',
    ]) {
      expect(compose.services[name]).toBeDefined();
    }
    for (const name of ['postgres', 'redis', 'eventstoredb', 'mail', 'api', 'projector', 'worker']) {
      expect(compose.services[name]?.healthcheck?.test.join(' ')).toBeTruthy();
    }
    for (const role of ROLES) {
      expect(compose.services[role]?.environment?.PORTAL_ROLES).toBe(role);
      expect(compose.services[role]?.healthcheck?.test.join(' ')).toContain('/health/ready');
    }
    expect(compose.services.api?.environment?.SMTP_URL).toContain('mail:1025');
  });

  it('publishes the api on a host port Docker chooses, so it scales, and builds without the local clutter', () => {
    const ports = (compose.services.api as { ports?: unknown[] }).ports ?? [];
    expect(ports.length).toBeGreaterThan(0);
    // '3000' or { target: 3000 }: no fixed host port for two replicas to fight over.
    for (const port of ports)
      expect(String(typeof port === 'object' ? JSON.stringify(port) : port)).not.toMatch(/:|published/);
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', '**/node_modules', '**/dist']));
  });
});
