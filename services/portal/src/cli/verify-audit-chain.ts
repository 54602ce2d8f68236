import 'reflect-metadata';
import { openRegisteredApp } from '../app/registered';
import { loadCliConfig } from './cli-config';

/**
 * `npm run audit:verify`: checks the hash chain of every stream of the event log (docs/events.md
 * "Hash chain"). Exit code 0 when every chain holds, 1 with the first broken link printed when one
 * does not (or the check could not run). Works with either event store (EVENTSTORE_URL or not). With the embedded PGlite database, stop the portal first.
 */
async function main(): Promise<number> {
  const config = loadCliConfig();
  if (!config) return 1;
  const app = await openRegisteredApp(config);
  try {
    // The configured store's check: SQL over the events table, or $all on EventStoreDB.
    const report = await app.eventStore.verifyChains();
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
