import { inParallel } from './in-parallel';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('inParallel', () => {
  it('answers in the items’ order, never running more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const answers = await inParallel([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      for (let i = 0; i < n; i++) await tick();
      running--;
      return n * 10;
    });
    expect({ answers, most }).toEqual({ answers: [50, 10, 40, 20, 30], most: 2 });
  });

  it('starts nothing after a failure and throws it once the running items have finished', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const failure = inParallel([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      if (n === 2) throw new Error('item 2 failed');
      for (let i = 0; i < 5; i++) await tick();
      finished.push(n);
      return n;
    });
    await expect(failure).rejects.toThrow('item 2 failed');
    // 1 was running when 2 failed: it finished before the failure was thrown; 3 to 6 never began.
    expect({ started, finished }).toEqual({ started: [1, 2], finished: [1] });
  });
});
