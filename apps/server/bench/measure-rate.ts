// What the throughput benches share: calls per second of concurrent clients, and the median of rounds.

/** Calls per second of `once` run by `concurrency` clients for `seconds`; `failed` counts the calls that answered false. */
export async function rateOf(
  once: () => Promise<boolean>,
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<{ rate: number; failed: number }> {
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
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Measures each target for `rounds` rounds (in reverse order every other round when `alternate`), prints each
 * target's median calls/s with its rounds and the failed calls, and returns the medians by name.
 */
export async function measureRounds(
  targets: readonly { name: string; once: () => Promise<boolean> }[],
  {
    rounds,
    concurrency,
    seconds,
    alternate = false,
  }: { rounds: number; concurrency: number; seconds: number; alternate?: boolean },
): Promise<Map<string, number>> {
  const rates = new Map<string, number[]>(targets.map((target) => [target.name, []]));
  let failures = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const target of alternate && round % 2 === 1 ? [...targets].reverse() : targets) {
      const { rate, failed } = await rateOf(target.once, { concurrency, seconds });
      rates.get(target.name)?.push(rate);
      failures += failed;
    }
  }
  const medians = new Map<string, number>();
  for (const target of targets) {
    const measured = rates.get(target.name) ?? [];
    medians.set(target.name, median(measured));
    console.log(
      `${target.name.padEnd(34)} ${median(measured).toFixed(0).padStart(7)} calls/s   (rounds: ${measured.map((rate) => rate.toFixed(0)).join(", ")})`,
    );
  }
  if (failures > 0) console.log(`${failures} calls failed`);
  return medians;
}
