/**
 * Samples RSS, heap and array buffers (where response bytes live) while `work` runs and returns the largest growth over
 * the starting values, in bytes. Sampling only; no timing is asserted.
 */
export async function measurePeakGrowth<T>(
  work: () => Promise<T>,
): Promise<{ value: T; rssGrowth: number; heapGrowth: number; buffersGrowth: number }> {
  globalThis.gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  let peakBuffers = start.arrayBuffers;
  const sample = (): void => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
  };
  const timer = setInterval(sample, 10);
  try {
    const value = await work();
    sample();
    return {
      value,
      rssGrowth: peakRss - start.rss,
      heapGrowth: peakHeap - start.heapUsed,
      buffersGrowth: peakBuffers - start.arrayBuffers,
    };
  } finally {
    clearInterval(timer);
  }
}
