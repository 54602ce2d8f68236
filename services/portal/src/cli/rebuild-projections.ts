import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { openRegisteredApp } from '../app/registered';
import { loadCliConfig } from './cli-config';
import { ProjectionRunner } from '../platform/projection/projection-runner';

/**
 * `npm run projections:rebuild [name]`: replays the log into fresh tables for one projection (or
 * all, in one pass over the log) and swaps them in while the portal keeps serving the old ones;
 * prints the time each projection took in its own transactions and the whole rebuild's. With the embedded PGlite
 * database, stop the portal first (one process owns the data folder).
 */
async function main(): Promise<number> {
  const name = process.argv[2];
  const config = loadCliConfig();
  if (!config) return 1;
  const app = await openRegisteredApp(config);
  const { handle, eventStore, registry } = app;
  const projections = registry.projections;
  const runner = new ProjectionRunner({ db: handle.db, handle, eventStore, projections });
  try {
    const started = performance.now();
    const timings = await runner.rebuild(name);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    for (const timing of timings)
      console.log(
        `  ${timing.name}: ${timing.events} events applied, ${seconds(timing.ms)} in its own transactions`,
      );
    console.log(
      `Rebuilt ${name ?? `${projections.length} projection(s)`} in ${seconds(performance.now() - started)} (one pass over the log)`,
    );
    return 0;
  } catch (error) {
    console.error(`Rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await runner.stop();
    await app.close();
  }
}

void main().then((code) => process.exit(code));
