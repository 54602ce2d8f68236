// Fixed dates: a job id that names a month.
import { setTimeout as sleep } from 'node:timers/promises';
import { dropRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/services';
import { startOutageProxy } from '../../../test/tcp-outage-proxy';
import { BullMqJobQueue, fromBullJobId, toBullJobId } from './bullmq-job-queue';
import { describeJobQueueContract } from './job-queue.contract';

const quiet = { error: () => undefined, log: () => undefined };

describeJobQueueContract('BullMQ on Redis', async () => {
  const prefix = uniqueRedisPrefix('jobs');
  return {
    make: (options) => new BullMqJobQueue({ ...options, redisUrl: TEST_REDIS_URL, prefix, logger: quiet }),
    dispose: () => dropRedisKeys(prefix),
  };
});

describe('BullMQ job ids', () => {
  it('encodes ids BullMQ refuses (":" and all digits) reversibly', () => {
    for (const id of ['report:2025-01', '12345', 'a%3Ab', '0b6f3c1e-2f4a-4c1e-9d2b-7f3e1a2b3c4d']) {
      const encoded = toBullJobId(id);
      expect(encoded).not.toContain(':');
      expect(encoded).not.toMatch(/^\d+$/);
      expect(fromBullJobId(encoded)).toBe(id);
    }
    expect(toBullJobId('a:b')).not.toBe(toBullJobId('a%3Ab'));
  });
});

describe('closing while Redis is away', () => {
  it('ends within its bound instead of waiting for a Redis that does not come back', async () => {
    const target = new URL(TEST_REDIS_URL);
    const proxy = await startOutageProxy(target.hostname, Number(target.port || 6379));
    const prefix = uniqueRedisPrefix('jobs-close');
    const queue = new BullMqJobQueue({
      jobNames: ['mail'],
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      prefix,
      logger: quiet,
    });
    queue.registerProcessor({ name: 'mail', process: () => Promise.resolve(null) });
    try {
      await queue.startWorker();
      proxy.down();
      await sleep(1500);
      const closing = queue.close().then(() => 'closed' as const);
      const outcome = await Promise.race([closing, sleep(30_000).then(() => 'still waiting' as const)]);
      expect(outcome).toBe('closed');
    } finally {
      await proxy.close();
      await dropRedisKeys(prefix);
    }
  }, 60_000);
});
