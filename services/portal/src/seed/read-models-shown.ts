import { performance } from 'node:perf_hooks';
import { isReadModelNotBuiltYet } from '../platform/database/read-model-missing';

/**
 * Waits (up to 60 s, polling every 50 ms) until `shown` answers true: the read models show what a
 * seed step wrote moments ago, which a projector applies on its own (in another process, in a
 * fleet). A read model whose tables no projector has created yet counts as "not yet".
 */
export async function untilReadModelsShow(needs: string, shown: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    try {
      if (await shown()) return;
    } catch (error) {
      if (!isReadModelNotBuiltYet(error)) throw error;
    }
    if (performance.now() > deadline)
      throw new Error(`${needs} the read models, but they did not catch up in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
