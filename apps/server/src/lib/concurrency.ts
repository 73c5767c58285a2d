/**
 * Maps `items` through `fn` with at most `limit` calls in flight, keeping the results in input
 * order. For work that queues elsewhere anyway (sharp runs on libuv's four worker threads),
 * a small limit keeps memory flat instead of decoding every picture at once.
 * The first rejection rejects the whole call; calls already started are left to finish.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;

  async function work(): Promise<void> {
    // Each worker takes the next index; the single-threaded event loop makes `next++` safe.
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, work));
  return results;
}
