// What the throughput benches share: calls per second of concurrent clients, and the median of rounds.

/** Calls per second of `once` run by `concurrency` clients for `seconds`; `failed` counts the calls that answered false. */
export async function rateOf(once: () => Promise<boolean>, { concurrency, seconds }: { concurrency: number; seconds: number }): Promise<{ rate: number; failed: number }> {
  let done = 0;
  let failed = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (await once()) done += 1;
        else failed += 1;
      }
    }),
  );
  return { rate: done / seconds, failed };
}

/** The median of the rounds (`NaN` for none). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
