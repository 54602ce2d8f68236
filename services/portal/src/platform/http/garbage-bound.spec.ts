import { GarbageBound, heapCollector, oldGenerationBytes } from './garbage-bound';

describe('GarbageBound', () => {
  function bound(readings: number[], slack = 100) {
    const asked: string[] = [];
    const used = () => readings.shift() ?? 0;
    const made = new GarbageBound(slack, used, (options) =>
      asked.push(`${options?.type}/${options?.execution}`),
    );
    return { made, asked };
  }

  it('asks for a concurrent full collection once the old generation grew by the slack above its low', () => {
    const { made, asked } = bound([500, 520, 599, 600]);
    expect([made.check(), made.check(), made.check()]).toEqual([false, false, true]);
    expect(asked).toEqual(['major/async']);
  });

  it('measures from the lowest seen: a collection that freed memory lowers the mark', () => {
    // Start 500; grows to 610 (asks); the collection leaves 300; 390 is within the slack, 400 is not.
    const { made, asked } = bound([500, 610, 300, 390, 400]);
    expect([made.check(), made.check(), made.check(), made.check()]).toEqual([true, false, false, true]);
    expect(asked).toHaveLength(2);
  });

  it('does not ask again until the old generation grew by the slack above where it asked', () => {
    const { made, asked } = bound([0, 100, 150, 199, 200]);
    expect([made.check(), made.check(), made.check(), made.check()]).toEqual([true, false, false, true]);
    expect(asked).toHaveLength(2);
  });

  it('does nothing where no collector can be had', () => {
    const readings = [0, 1e9];
    const made = new GarbageBound(1, () => readings.shift() ?? 0, null);
    expect(made.check()).toBe(false);
  });

  it('finds V8’s collector and the old generation’s size in this process', () => {
    expect(typeof heapCollector()).toBe('function');
    expect(oldGenerationBytes()).toBeGreaterThan(0);
  });
});
