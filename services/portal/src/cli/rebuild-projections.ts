import 'reflect-metadata';
import { openRegisteredApp } from '../app/registered';
import { loadCliConfig } from './cli-config';
import { ProjectionRunner } from '../platform/projection/projection-runner';

/**
 * `npm run projections:rebuild [name]`: replays the log into fresh tables for one projection (or
 * all) and swaps them in while the portal keeps serving the old ones. With the embedded PGlite
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
    await runner.rebuild(name);
    console.log(`Rebuilt ${name ?? `${projections.length} projection(s)`}`);
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
