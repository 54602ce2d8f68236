import { describe, expect, it } from '@jest/globals';
import { changedFields } from './changes';

describe('changedFields', () => {
  const current = { name: 'Acme', city: null as string | null, contacts: [{ name: 'A', email: 'a@x.io' }] };

  it('keeps exactly the fields whose value changed, before and after', () => {
    expect(changedFields(current, { name: 'Acme Ltd', city: null })).toEqual({
      before: { name: 'Acme' },
      after: { name: 'Acme Ltd' },
    });
  });

  it('treats a field not given as unchanged and compares lists by content', () => {
    expect(changedFields(current, { contacts: [{ name: 'A', email: 'a@x.io' }] })).toBeNull();
    expect(changedFields(current, { city: 'Calgary', name: undefined })).toEqual({
      before: { city: null },
      after: { city: 'Calgary' },
    });
  });
});
