import { AllExceptionsFilter, UNSTORABLE_TEXT_MESSAGE } from '../http/exception.filter';
import type { EventMetadata, NewEvent } from './event-store.port';
import { assertStorableText, UnstorableTextError } from './unstorable-text.error';

const metadata: EventMetadata = {
  actor: { id: '7', name: 'Ada Lovelace' },
  occurredAt: new Date(process.env.PORTAL_NOW!).toISOString(),
  correlationId: 'c',
  causationId: null,
  commandId: 'k',
  schemaVersion: 1,
};
const event = (data: unknown, meta: EventMetadata = metadata): NewEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'Noted',
  data,
  metadata: meta,
});

/** Where the append was refused, or null when it would be stored. */
function refusedAt(events: NewEvent[]): string | null {
  try {
    assertStorableText('notes-1', events);
    return null;
  } catch (error) {
    if (error instanceof UnstorableTextError) return error.path;
    throw error;
  }
}

describe('text the event log cannot store (its last line of defence)', () => {
  it('refuses a NUL or a lone surrogate in a value, a nested value or a key, naming where', () => {
    expect(refusedAt([event({ comment: 'a\u0000b' })])).toBe('data.comment');
    expect(refusedAt([event({ items: [{ note: 'x' }, { note: '\ud800' }] })])).toBe('data.items.1.note');
    expect(refusedAt([event({ ['bad\udc00key']: 1 })])).toBe('data.bad\udc00key');
    expect(
      refusedAt([event({}), event({ ok: 'x' }, { ...metadata, actor: { id: '7', name: 'A\u0000' } })]),
    ).toBe('metadata.actor.name');
  });

  it('stores what PostgreSQL stores: other control characters, emoji, whole surrogate pairs', () => {
    expect(refusedAt([event({ comment: 'tab\tbell\u0007 👍🏽 \u0085', n: 3, none: null })])).toBeNull();
  });

  it('is answered 400 naming the field, never 500', () => {
    const body = new AllExceptionsFilter().toBody(new UnstorableTextError('notes-1', 'data.items.1.note'));
    expect(body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: UNSTORABLE_TEXT_MESSAGE,
      problems: [{ path: 'items.1.note', message: UNSTORABLE_TEXT_MESSAGE }],
    });
  });
});
