import type { RecordedEvent } from '../event-store/event-store.port';

/**
 * The events a projection takes: its `eventTypes`, and the guard that narrows a recorded event (the
 * log stores events untyped) to the projection's event union `E`.
 */
export interface HandledEvents<E extends { readonly type: string }> {
  readonly types: readonly E['type'][];
  has(event: RecordedEvent): event is RecordedEvent & E;
}

/** The events of union `E` a projection takes, by type (each one a type of `E`). */
export function handledEvents<E extends { readonly type: string }>(...types: E['type'][]): HandledEvents<E> {
  const taken = new Set<string>(types);
  return {
    types,
    has: (event: RecordedEvent): event is RecordedEvent & E => taken.has(event.type),
  };
}
