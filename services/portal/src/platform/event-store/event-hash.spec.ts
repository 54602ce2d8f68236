import { canonicalJson, eventHash, type HashedEventContent } from './event-hash';

const event: HashedEventContent = {
  streamId: 'expense-1',
  revision: 3n,
  eventId: 'AB7C2A52-8D1E-4C4B-9B7A-0B8E5E1F2C3D',
  type: 'ExpenseClaimed',
  data: { amount: '12.50', tags: ['b', 'a'] },
  metadata: { actor: { id: '1', name: 'Ada' } },
  previousHash: 'f'.repeat(64),
};

describe('event hash', () => {
  it('writes the same text whatever order the keys came in, arrays kept in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}',
    );
  });

  it('is the same for the same event with keys reordered and the id in either case', () => {
    const reordered = {
      ...event,
      eventId: event.eventId.toLowerCase(),
      data: { tags: ['b', 'a'], amount: '12.50' },
    };
    expect(eventHash(reordered)).toBe(eventHash(event));
  });

  it('changes when the content, the place in the stream or the link changes', () => {
    const hash = eventHash(event);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(eventHash({ ...event, data: { amount: '12.51', tags: ['b', 'a'] } })).not.toBe(hash);
    expect(eventHash({ ...event, data: { amount: '12.50', tags: ['a', 'b'] } })).not.toBe(hash);
    expect(eventHash({ ...event, revision: 4n })).not.toBe(hash);
    expect(eventHash({ ...event, streamId: 'expense-2' })).not.toBe(hash);
    expect(eventHash({ ...event, previousHash: null })).not.toBe(hash);
    expect(eventHash({ ...event, metadata: { actor: { id: '2', name: 'Ada' } } })).not.toBe(hash);
  });
});
