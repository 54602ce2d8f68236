// Fixed dates: the "as of" parser, given instants to read.
import { describe, expect, it } from '@jest/globals';
import { parseAsOf } from './as-of';

describe('parseAsOf', () => {
  it('normalises an instant with a zone to UTC', () => {
    expect(parseAsOf('2026-10-31T17:00:00Z')).toBe('2026-10-31T17:00:00.000Z');
    expect(parseAsOf('2026-10-31T19:30+02:00')).toBe('2026-10-31T17:30:00.000Z');
  });

  it('refuses text, a date alone, a missing zone and an impossible day', () => {
    expect(parseAsOf('yesterday')).toBeNull();
    expect(parseAsOf('2026-10-31')).toBeNull();
    expect(parseAsOf('2026-10-31T17:00:00')).toBeNull();
    expect(parseAsOf('2026-02-30T10:00:00Z')).toBeNull();
    expect(parseAsOf('2026-10-31T25:00:00Z')).toBeNull();
  });
});
