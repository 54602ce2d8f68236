// Fixed dates: a test event's recorded instant.
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../src/platform/event-store/event-store.port';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 20 ms until it answers something truthy; fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** A new event with fresh ids and fixed metadata, for the event store and runner tests. */
export function testEvent(type: string, data: unknown): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      actor: { id: '1', name: 'Tester' },
      occurredAt: '2025-01-01T00:00:00.000Z',
      correlationId: randomUUID(),
      causationId: null,
      commandId: randomUUID(),
      schemaVersion: 1,
    },
  };
}
