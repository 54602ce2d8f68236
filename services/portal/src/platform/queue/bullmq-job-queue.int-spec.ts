// Fixed dates: a job id that names a month.
import { dropRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/services';
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
