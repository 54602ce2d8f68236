/**
 * `work` over every item, at most `limit` at a time; the answers in the items' order. After the
 * first failure no further item is started, and the failure is thrown only once the items already
 * running have settled: nothing keeps writing after the caller has been told the work failed.
 */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        answers[index] = await work(items[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const rejected = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (rejected) throw rejected.reason;
  return answers;
}
