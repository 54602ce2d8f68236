import type { RosterChange, RosterChanged } from '@portal/contracts';
import { performance } from 'node:perf_hooks';
import { rosterSnapshots } from '../modules/roster/commands/change-roster';
import {
  ROSTER_STREAM_ID,
  rosterCells,
  rosterDecider,
  type ChangeRoster,
  type RosterState,
} from '../modules/roster/domain/roster';
import { deriveEventId, eventMetadata, type CommandContext } from '../platform/event-store/command-context';
import { loadState, runCommand } from '../platform/event-store/decider';
import type { NewEvent } from '../platform/event-store/event-store.port';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { StreamSnapshots } from '../platform/event-store/stream-snapshots';
import { createBenchDatabase } from './bench-database';
import { BENCH_ADMIN_ID } from './bench-admin';
import { Random } from './dataset';
import { latencyGoals, ms, type BenchSink } from './goals';
import { fmtInt, measureLatency, progress } from './measure';

/** The goal: a roster save after 50,000 earlier roster changes within 100 ms (p95). */
const SAVE_GOAL_MS = 100;
const PEOPLE = 1200;
const PROJECTS = 1500;
/** Events per append while the history is written (one stream: each append waits for the last). */
const HISTORY_BATCH = 1000;

export interface RosterSaveSizes {
  /** Roster changes (RosterChanged events, one to three cells each) already in the stream. */
  readonly changes: number;
  /** Saves timed, one after the other, after a few untimed ones. */
  readonly saves: number;
  readonly warmup: number;
}

const admin = { id: String(BENCH_ADMIN_ID), name: 'Bench Admin' };
const contextFor = (commandId: string): CommandContext => ({
  actor: admin,
  commandId,
  correlationId: commandId,
  causationId: null,
  now: new Date(),
});

/** One to three cells of the firm's roster, each set or cleared. */
function randomCells(random: Random): RosterChange[] {
  const cells = new Map<string, RosterChange>();
  for (let i = random.int(1, 3); i > 0; i--) {
    const employeeId = random.int(1, PEOPLE);
    const projectId = random.int(1, PROJECTS);
    cells.set(`${employeeId}:${projectId}`, { employeeId, projectId, isAllowedToBill: random.next() < 0.7 });
  }
  return [...cells.values()];
}

/**
 * Part `roster` of `npm run bench` (issue 27): the one `roster` stream holding `changes` earlier
 * changes of a firm of 1,200 people by 1,500 projects, then saves through runCommand with the
 * roster's decider and its snapshots, as ChangeRosterHandler runs them (the staff and catalog
 * look-ups of the handler read other streams and are left out). Figures: the p95 of a save with
 * the process's snapshot (the goal), the first save of a process (it folds the whole stream once)
 * and a load of the whole stream with no snapshot.
 */
export async function benchRosterSave(adminUrl: string, sink: BenchSink, sizes: RosterSaveSizes) {
  const database = await createBenchDatabase(adminUrl, 2);
  try {
    const store = new PostgresEventStore(database.db);
    const random = new Random('roster-save');
    progress(`roster save: appending ${fmtInt(sizes.changes)} roster changes to one stream`);
    let revision: bigint | 'no_stream' = 'no_stream';
    for (let done = 0; done < sizes.changes; done += HISTORY_BATCH) {
      const batch: NewEvent[] = [];
      for (let i = done; i < Math.min(sizes.changes, done + HISTORY_BATCH); i++) {
        const commandId = deriveEventId('bench-roster-history', String(i), 0);
        const changes = randomCells(random).map((cell) => ({
          ...cell,
          before: { isAllowedToBill: !cell.isAllowedToBill },
          after: { isAllowedToBill: cell.isAllowedToBill },
        }));
        const data: RosterChanged = { changes };
        batch.push({
          id: deriveEventId(commandId, ROSTER_STREAM_ID, 0),
          type: 'RosterChanged',
          data,
          metadata: eventMetadata(contextFor(commandId), 1),
        });
      }
      revision = (await store.append(ROSTER_STREAM_ID, batch, revision)).nextExpectedRevision;
    }

    const everyone = (n: number) => new Map(Array.from({ length: n }, (_, i) => [i + 1, 1]));
    const references = { employeeOwners: everyone(PEOPLE), projectOwners: everyone(PROJECTS) };
    let saved = 0;
    const save = async (snapshots: StreamSnapshots<RosterState>) => {
      const command: ChangeRoster = {
        type: 'ChangeRoster',
        data: { changes: randomCells(random) },
        editor: { canEditRoster: true, ownerScope: null },
        references,
      };
      const commandId = deriveEventId('bench-roster-save', String(saved++), 0);
      return runCommand(store, ROSTER_STREAM_ID, rosterDecider, command, contextFor(commandId), {
        snapshots,
      });
    };

    const wholeStarted = performance.now();
    const whole = await loadState(store, ROSTER_STREAM_ID, rosterDecider);
    const wholeMs = performance.now() - wholeStarted;
    const firstStarted = performance.now();
    await save(rosterSnapshots);
    const firstMs = performance.now() - firstStarted;
    let appended = 0;
    const latency = await measureLatency(sizes.saves, sizes.warmup, async () => {
      appended += (await save(rosterSnapshots)).events.length;
    });
    // The kept state must be the log's: compared with a fold of the whole stream.
    const kept = rosterCells(
      (await loadState(store, ROSTER_STREAM_ID, rosterDecider, { snapshots: rosterSnapshots })).state,
    );
    const full = rosterCells((await loadState(store, ROSTER_STREAM_ID, rosterDecider)).state);
    const same = kept.size === full.size && [...full].every(([cell, allowed]) => kept.get(cell) === allowed);

    const history = fmtInt(sizes.changes);
    latencyGoals(sink, [
      [`roster save p95 after ${history} changes`, latency.p95Ms, SAVE_GOAL_MS, same ? 0 : 1],
    ]);
    sink.goals.add(`roster: first save of a process after ${history} changes`, ms(firstMs), 'no goal', null);
    sink.goals.add(
      `roster: whole stream folded (${history} changes), no snapshot`,
      ms(wholeMs),
      'no goal',
      null,
    );
    sink.query(`roster save after ${history} changes`, latency, `${fmtInt(appended)} events appended`);
    sink.notes.push(
      `roster save: runCommand(ChangeRoster) on the one \`roster\` stream holding ${history} earlier changes ` +
        `(1-3 random cells of ${fmtInt(PEOPLE)} x ${fmtInt(PROJECTS)} each; ${fmtInt(rosterCells(whole.state).size)} cells ` +
        `set), ${sizes.saves} saves one after the other after ${sizes.warmup} untimed ones, each reading and folding ` +
        `only the events after the process's snapshot (docs/decisions/0290-roster-stream-snapshot.md). The first save ` +
        `of a process folds the whole stream once. The kept state ${same ? 'equals' : 'DIFFERS FROM'} a full fold.`,
    );
  } finally {
    await database.drop();
  }
}
