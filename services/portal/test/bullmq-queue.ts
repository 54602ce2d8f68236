import type { TestingModuleBuilder } from '@nestjs/testing';
import { BullMqJobQueue, type BullMqJobQueueOptions } from '../src/platform/queue/bullmq-job-queue';
import { JobQueue } from '../src/platform/queue/job-queue.port';
import { ContextRegistry } from '../src/platform/registry/context-registry';
import { TEST_REDIS_URL } from './services';

/**
 * A test app's job queue on real Redis (BullMQ), under the test's own key prefix
 * (`uniqueRedisPrefix`), with the job names the contexts registered: for `startTestApp`'s
 * `override`.
 */
export function onBullMq(
  builder: TestingModuleBuilder,
  options: Omit<BullMqJobQueueOptions, 'jobNames' | 'redisUrl'> & { readonly redisUrl?: string },
): TestingModuleBuilder {
  return builder.overrideProvider(JobQueue).useFactory({
    factory: (registry: ContextRegistry) =>
      new BullMqJobQueue({ redisUrl: TEST_REDIS_URL, ...options, jobNames: registry.jobNames }),
    inject: [ContextRegistry],
  });
}
