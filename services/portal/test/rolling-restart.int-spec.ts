import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePortalBuilt, fleetSecrets, freePort, PortalChild } from './portal-fleet';
import { createTestDatabase, type TestDatabase } from './services';
import { sleep } from './waiting';

/**
 * A rolling restart as Kubernetes or the compose proxy does it (issue 27): two api processes
 * behind a real reverse proxy (Caddy, Debian's package, as in deploy/proxy), each stopped with
 * SIGTERM in turn and replaced on the same port while requests keep coming. The proxy drops a
 * process from its pool when `/health/ready` answers 503 (main.ts makes it answer so at once) and
 * the process keeps serving for SHUTDOWN_DRAIN_MS, so no request fails.
 */

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
// Longer than a few of the proxy's readiness checks; with 0 (no drain) this test fails with 502s.
const DRAIN_MS = 1500;
const CLIENTS = 4;

/** Caddy in front of the api ports, checking each one's readiness every 200 ms. */
class Proxy {
  private constructor(
    private readonly child: ChildProcess,
    private readonly folder: string,
    readonly url: string,
  ) {}

  static async start(upstreams: readonly number[]): Promise<Proxy> {
    if (!existsSync(CADDY)) {
      throw new Error(`Caddy is not installed at ${CADDY} (apt-get install caddy; .ci/run does it)`);
    }
    const port = await freePort();
    const folder = mkdtempSync(join(tmpdir(), 'portal-proxy-'));
    const config = join(folder, 'Caddyfile');
    writeFileSync(
      config,
      [
        '{',
        '\tadmin off',
        '\tauto_https off',
        '}',
        `:${port} {`,
        `\treverse_proxy ${upstreams.map((p) => `127.0.0.1:${p}`).join(' ')} {`,
        // Not round_robin: Debian's Caddy 2.6 can skip both hosts when concurrent requests
        // advance its shared counter at once, answering 503 with one host healthy.
        '\t\tlb_policy random',
        '\t\thealth_uri /health/ready',
        '\t\thealth_interval 200ms',
        '\t\thealth_timeout 5s',
        '\t\theader_down X-Upstream {http.reverse_proxy.upstream.port}',
        '\t}',
        '}',
        '',
      ].join('\n'),
    );
    const child = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    const proxy = new Proxy(child, folder, `http://127.0.0.1:${port}`);
    for (let tries = 0; ; tries++) {
      try {
        await fetch(proxy.url);
        return proxy;
      } catch {
        if (tries > 100) throw new Error(`Caddy did not start:\n${output}`);
        await sleep(100);
      }
    }
  }

  /** Resolves once the proxy's first readiness checks have passed for every one of `ports`. */
  async serving(ports: readonly number[]): Promise<void> {
    const seen = new Set<string>();
    for (let tries = 0; seen.size < ports.length; tries++) {
      if (tries > 300) throw new Error(`the proxy sent requests only to ${[...seen].join(', ')}`);
      const answer = await fetch(`${this.url}/api/auth/config`);
      await answer.arrayBuffer();
      if (answer.status === 200) seen.add(answer.headers.get('x-upstream') ?? '');
      else await sleep(100);
    }
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
    rmSync(this.folder, { recursive: true, force: true });
  }
}

/** Requests sent without pause by a few clients until stopped; each answer counted. */
class Load {
  readonly statuses = new Map<string, number>();
  readonly servedBy = new Map<string, number>();
  private running = true;
  private readonly clients: Promise<void>[];

  constructor(private readonly url: string) {
    this.clients = Array.from({ length: CLIENTS }, () => this.client());
  }

  private async client(): Promise<void> {
    while (this.running) {
      let outcome: string;
      try {
        const answer = await fetch(`${this.url}/api/auth/config`);
        const body = await answer.text();
        outcome = String(answer.status);
        if (answer.status !== 200) {
          outcome += ` from ${answer.headers.get('x-upstream') ?? 'the proxy'}: ${body.slice(0, 120)}`;
        }
        const upstream = answer.headers.get('x-upstream') ?? 'none';
        this.servedBy.set(upstream, (this.servedBy.get(upstream) ?? 0) + 1);
      } catch (error) {
        outcome = `network error: ${(error as Error).message}`;
      }
      this.statuses.set(outcome, (this.statuses.get(outcome) ?? 0) + 1);
      await sleep(20);
    }
  }

  /** Resolves once the proxy has sent a few requests to `port` (its readiness checks passed). */
  async servedAgainBy(port: number): Promise<void> {
    this.servedBy.delete(String(port));
    for (let tries = 0; (this.servedBy.get(String(port)) ?? 0) < 3; tries++) {
      if (tries > 600) throw new Error(`the proxy never sent a request to port ${port} again`);
      await sleep(100);
    }
  }

  /** The answers counted since the last call, by upstream port. */
  takeServedBy(): Map<string, number> {
    const taken = new Map(this.servedBy);
    this.servedBy.clear();
    return taken;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.clients);
  }
}

describe('a rolling restart of two api processes behind a proxy', () => {
  let database: TestDatabase;
  const apis: PortalChild[] = [];
  let proxy: Proxy | undefined;
  let load: Load | undefined;

  beforeAll(async () => {
    ensurePortalBuilt();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await load?.stop();
    await proxy?.stop();
    await Promise.all(apis.map((api) => api.kill()));
    await database?.drop();
  });

  it('answers every request while each process in turn drains, exits and is replaced', async () => {
    const env = {
      ...fleetSecrets(),
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
    const ports = [await freePort(), await freePort()];
    const startApi = async (index: number): Promise<PortalChild> => {
      // The api role alone: the log is empty and these requests read no projection.
      const api = PortalChild.start(`api-${index}`, 'api', env, ports[index]!);
      apis[index] = api;
      await api.ready();
      for (let tries = 0; (await fetch(`${api.baseUrl}/health/ready`)).status !== 200; tries++) {
        if (tries > 240) throw new Error(`${api.label} never turned ready:\n${api.log}`);
        await sleep(250);
      }
      return api;
    };
    await startApi(0);
    await startApi(1);
    proxy = await Proxy.start(ports);
    await proxy.serving(ports);
    load = new Load(proxy.url);
    await sleep(1000);
    expect([...load.takeServedBy().keys()].sort()).toEqual(ports.map(String).sort());

    for (const index of [0, 1]) {
      const old = apis[index]!;
      const exited = new Promise<number | null>((resolve) => old.child.once('exit', resolve));
      old.child.kill('SIGTERM');
      const stopped = await Promise.race([exited, sleep(60_000).then(() => 'still running')]);
      expect({ process: old.label, stopped, log: stopped === 0 ? '' : old.log }).toEqual({
        process: old.label,
        stopped: 0,
        log: '',
      });
      await startApi(index);
      // As a rolling update does, the next process stops only once the proxy's readiness checks
      // have taken this one back into the pool.
      await load.servedAgainBy(ports[index]!);
    }
    load.takeServedBy();
    await sleep(1000);
    const servedAfter = load.takeServedBy();
    await load.stop();

    expect(Object.fromEntries(load.statuses)).toEqual({ '200': expect.any(Number) });
    expect(load.statuses.get('200')).toBeGreaterThan(50);
    // Both replacements answer once the restart is over.
    expect([...servedAfter.keys()].sort()).toEqual(ports.map(String).sort());
    // A ceiling for a loaded machine (four portal starts), not a figure.
  }, 360_000);
});
