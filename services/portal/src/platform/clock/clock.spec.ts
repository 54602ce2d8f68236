// Fixed dates: clocks pinned to given instants.
import { clockFor, PinnedClock, SystemClock } from './clock';

describe('PinnedClock', () => {
  it('reads the pinned instant at the pinned real moment and ticks at the real pace', () => {
    let real = Date.parse('2026-03-01T08:00:00.000Z');
    const clock = new PinnedClock(
      { instant: new Date('2026-12-31T23:30:00.000Z'), since: new Date(real) },
      () => real,
    );
    expect(clock.now().toISOString()).toBe('2026-12-31T23:30:00.000Z');
    real += 45 * 60 * 1000;
    expect(clock.now().toISOString()).toBe('2027-01-01T00:15:00.000Z');
  });

  it('agrees with another process given the same instant and moment', () => {
    const pinned = { instant: new Date('2028-02-29T10:00:00.000Z'), since: new Date(Date.now() - 60_000) };
    const a = new PinnedClock(pinned).now().getTime();
    const b = new PinnedClock(pinned).now().getTime();
    expect(Math.abs(a - b)).toBeLessThan(1000);
    expect(a).toBeGreaterThanOrEqual(Date.parse('2028-02-29T10:01:00.000Z'));
  });

  it('is what the configuration asks for', () => {
    expect(clockFor(undefined)).toBeInstanceOf(SystemClock);
    expect(clockFor({ instant: new Date(0), since: new Date() })).toBeInstanceOf(PinnedClock);
  });
});
