import { describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
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
    const monitor = structuredClone(named(objects, 'ServiceMonitor', 'portal'));
    monitor.spec.endpoints[0].interval = 'every thirty seconds';
    const problems = manifests.validateObjects([
      api,
      { apiVersion: 'v1', kind: 'Nonsense', metadata: { name: 'x' } },
      monitor,
    ]);
    expect(problems).toEqual([
      expect.stringContaining('spec/replicas must be integer'),
      expect.stringContaining('no schema for v1/Nonsense'),
      expect.stringContaining('ServiceMonitor portal'),
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

  it('serves /metrics and the probes on an operator port that the Ingress never reaches, where the scraper and kubelet look', () => {
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
    // The Service the Ingress routes never names the operator port.
    const routed = named(objects, 'Service', 'portal-api') as unknown as {
      spec: { ports: { targetPort: unknown; port: number }[] };
    };
    for (const port of routed.spec.ports) {
      expect([port.targetPort, port.port]).not.toContain('operator');
      expect([port.targetPort, port.port]).not.toContain(Number(operatorPort));
    }
    // Prometheus finds every role's operator port through a headless Service and a ServiceMonitor.
    const operator = named(objects, 'Service', 'portal-operator');
    expect(operator.spec.clusterIP).toBe('None');
    expect(operator.spec.ports).toEqual([
      expect.objectContaining({ name: 'operator', port: Number(operatorPort), targetPort: 'operator' }),
    ]);
    for (const role of ROLES) {
      const labels = named(objects, 'Deployment', `portal-${role}`).spec.template.metadata.labels;
      expect(labels).toMatchObject(operator.spec.selector);
    }
    const monitor = named(objects, 'ServiceMonitor', 'portal');
    expect(operator.metadata.labels).toMatchObject(monitor.spec.selector.matchLabels);
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'operator', path: '/metrics' })]);
    const ingressBackends = named(objects, 'Ingress', 'portal').spec.rules.flatMap(
      (rule: { http: { paths: { backend: { service: { name: string } } }[] } }) =>
        rule.http.paths.map((path) => path.backend.service.name),
    );
    expect(ingressBackends).not.toContain('portal-operator');
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

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script shared with the command line
const composeConfig = require('../../../scripts/compose-config.cjs') as {
  interpolate(text: string, env: Record<string, string>): string;
  loadCompose(file: string, env: Record<string, string>): ComposeFile;
  validateCompose(model: unknown): string[];
};

interface ComposeService {
  healthcheck?: { test: string[] };
  environment?: Record<string, string>;
  ports?: unknown[];
  expose?: unknown[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

const COMPOSE = 'deploy/docker-compose.yml';
const COMPOSE_ENV = { ENTRA_TENANT_ID: 'tenant', ENTRA_CLIENT_ID: 'client', PERSONAL_DATA_KEY: 'key' };

describe('docker compose (deploy/docker-compose.yml)', () => {
  const compose = composeConfig.loadCompose(COMPOSE, COMPOSE_ENV);

  it('loads as `docker compose config` would and passes the Compose specification schema', () => {
    expect(composeConfig.validateCompose(compose)).toEqual([]);
    expect(compose.services.api?.environment?.ENTRA_TENANT_ID).toBe('tenant');
    expect(compose.services.api?.environment?.FILE_STORAGE).toBe('local');
  });

  it('the check catches a misspelt key, a wrong type and a missing required variable', () => {
    const broken = structuredClone(compose) as unknown as {
      services: Record<string, Record<string, unknown>>;
    };
    broken.services.api!.helthcheck = broken.services.api!.healthcheck;
    broken.services.worker!.ports = [{ target: 'three thousand' }];
    expect(composeConfig.validateCompose(broken)).toEqual(
      expect.arrayContaining([
        '/services/api: must NOT have additional properties (helthcheck)',
        '/services/worker/ports/0/target: must be integer',
      ]),
    );
    const { PERSONAL_DATA_KEY: _dropped, ...withoutKey } = COMPOSE_ENV;
    expect(() => composeConfig.loadCompose(COMPOSE, withoutKey)).toThrow(
      /^PERSONAL_DATA_KEY: set PERSONAL_DATA_KEY/,
    );
    expect(composeConfig.interpolate('$${HOME} ${A:-x} ${B-y} ${C}', { A: '', B: '' })).toBe('${HOME} x  ');
  });

  it('runs the backing services, a mail catcher, the three roles and the proxy, each with a health check', () => {
    for (const name of ['postgres', 'redis', 'eventstoredb', 'mail', 'migrate', ...ROLES, 'proxy']) {
      expect(compose.services[name]).toBeDefined();
    }
    for (const name of ['postgres', 'redis', 'eventstoredb', 'mail', ...ROLES, 'proxy']) {
      expect(compose.services[name]?.healthcheck?.test.join(' ')).toBeTruthy();
    }
    for (const role of ROLES) {
      const service = compose.services[role]!;
      expect(service.environment?.PORTAL_ROLES).toBe(role);
      // The readiness check asks the operator port, where OPERATOR_PORT serves /health.
      expect(service.healthcheck?.test.join(' ')).toContain(
        `:${service.environment?.OPERATOR_PORT}/health/ready`,
      );
    }
    expect(compose.services.api?.environment?.SMTP_URL).toContain('mail:1025');
  });

  it('scales the api behind the proxy: no api host port, the proxy spreads over every replica', () => {
    expect(compose.services.api?.ports ?? []).toEqual([]);
    expect(compose.services.api?.expose).toEqual(['3000']);
    expect(compose.services.proxy?.ports).toEqual(['8080:80']);
    expect(
      composeConfig.loadCompose(COMPOSE, { ...COMPOSE_ENV, PORTAL_HTTP_PORT: '9000' }).services.proxy?.ports,
    ).toEqual(['9000:80']);
    expect(compose.services.proxy?.depends_on?.api).toEqual({ condition: 'service_healthy' });
    const [mount] = compose.services.proxy?.volumes ?? [];
    const [source, target] = mount!.split(':');
    expect(target).toBe('/etc/caddy/Caddyfile');
    const caddyfile = readFileSync(join(ROOT, 'deploy', source!), 'utf8');
    // Caddy looks the api's replicas up in Docker's DNS again and again (a dynamic A upstream).
    expect(caddyfile).toMatch(/dynamic a \{\s*name api\s*port 3000/);
    expect(caddyfile).toMatch(/lb_try_duration \d+s/);
    expect(caddyfile).toMatch(/@operator path \/metrics \/metrics\/\* \/health\/\*\s*respond @operator 404/);
  });

  it('builds without the local clutter', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', '**/node_modules', '**/dist', '.data']));
  });
});
