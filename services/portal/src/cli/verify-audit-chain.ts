import 'reflect-metadata';
import { openRegisteredApp } from '../app/registered';
import { loadCliConfig } from './cli-config';
import { verifyEventChains } from '../platform/event-store/chain-verifier';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';

/**
 * `npm run audit:verify`: checks the hash chain of every stream of the event log (docs/events.md
 * "Hash chain"). Exit code 0 when every chain holds, 1 with the first broken link printed when one
 * does not (or the check could not run). With the embedded PGlite database, stop the portal first.
 */
async function main(): Promise<number> {
  const config = loadCliConfig();
  if (!config) return 1;
  const app = await openRegisteredApp(config);
  try {
    if (!(app.eventStore instanceof PostgresEventStore)) {
      console.error(
        'The hash chain is kept by the PostgreSQL event log only; this portal uses EventStoreDB.',
      );
      return 1;
    }
    const report = await verifyEventChains(app.handle.db);
    if (report.ok) {
      console.log(`Every chain holds: ${report.checkedEvents} event(s) checked.`);
      return 0;
    }
    const broken = report.firstBroken;
    console.error(`Broken chain after ${report.checkedEvents} good event(s): ${broken?.description ?? ''}`);
    console.error(
      JSON.stringify({
        streamId: broken?.streamId,
        revision: broken?.revision,
        eventId: broken?.eventId,
        problem: broken?.problem,
      }),
    );
    return 1;
  } catch (error) {
    console.error(`The check failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await app.close();
  }
}

void main().then((code) => process.exit(code));
