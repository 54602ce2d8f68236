import { sql } from 'kysely';
import type { Database } from '../src/platform/database/database';
import { deriveEventId, eventMetadata } from '../src/platform/event-store/command-context';
import { EventStore } from '../src/platform/event-store/event-store.port';
import type { TestApp } from './app-harness';

/** How many events the log holds (to show that a refused command appended nothing). */
export async function eventCount(db: Database): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from events`.execute(db);
  return Number(rows[0].n);
}

/** The events of one type on one stream, in order, with their metadata's actor. */
export async function eventsOf(
  db: Database,
  streamId: string,
  type: string,
): Promise<{ data: Record<string, unknown>; metadata: { actor: { id: string; name: string } } }[]> {
  const { rows } = await sql<{
    data: Record<string, unknown>;
    metadata: { actor: { id: string; name: string } };
  }>`select data, metadata from events where stream_id = ${streamId} and type = ${type} order by position`.execute(
    db,
  );
  return rows;
}

/** A problem of a 400 answer: the field path and the rule it broke. */
export interface Problem {
  path: string;
  message: string;
}

/**
 * The problems of a 400 answer written as field -> message, in the order the answer lists them
 * (`expectRefused` compares the list in order).
 */
export function problemsOf(messages: Readonly<Record<string, string>>): Problem[] {
  return Object.entries(messages).map(([path, message]) => ({ path, message }));
}

/** An HTTP answer as the refusal checks read it. */
export interface RefusalAnswer {
  status: number;
  body: { problems?: unknown; message?: string };
}

/**
 * Awaits a request that must be refused: the status (and, when given, the problems) it answers,
 * and that the log holds as many events as before.
 */
export async function expectRefused<A extends RefusalAnswer>(
  t: TestApp,
  answer: Promise<A>,
  status: number,
  problems?: Problem[],
): Promise<A> {
  const before = await eventCount(t.db.db);
  const res = await answer;
  expect(res.status).toBe(status);
  if (problems) expect(res.body.problems).toEqual(problems);
  expect(await eventCount(t.db.db)).toBe(before);
  return res;
}

/**
 * Appends one event the way a later issue's command or another context would (event id derived
 * from `key`, occurred at `now`), then waits for the projections.
 */
export async function appendDirectly(
  t: TestApp,
  now: string,
  event: { streamId: string; type: string; data: unknown; key: string },
): Promise<void> {
  const { streamId, type, data, key } = event;
  const context = {
    actor: { id: 'test', name: 'Test' },
    commandId: key,
    correlationId: key,
    causationId: null,
    now: new Date(now),
  };
  await t.app
    .get(EventStore)
    .append(
      streamId,
      [{ id: deriveEventId(key, streamId, 0), type, data, metadata: eventMetadata(context) }],
      'any',
    );
  await t.projectionsCaughtUp();
}

/**
 * The checks above bound to a spec's app (read when called, so it may be started in beforeAll):
 * `const { eventCount, expectRefused, appendDirectly } = eventLogChecks(() => t, NOW);`
 */
export function eventLogChecks(app: () => TestApp, now: string) {
  return {
    eventCount: () => eventCount(app().db.db),
    eventsOf: (streamId: string, type: string) => eventsOf(app().db.db, streamId, type),
    expectRefused: <A extends RefusalAnswer>(answer: Promise<A>, status: number, problems?: Problem[]) =>
      expectRefused(app(), answer, status, problems),
    appendDirectly: (streamId: string, type: string, data: unknown, key: string) =>
      appendDirectly(app(), now, { streamId, type, data, key }),
  };
}
