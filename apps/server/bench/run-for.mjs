// The loop both load processes run: `concurrency` workers calling `once` until `milliseconds` are over.

/** Runs `once` (resolving true for a call that counted) in `concurrency` loops for `milliseconds`; `{ done, failed }`. */
export async function runFor(milliseconds, concurrency, once) {
  let done = 0;
  let failed = 0;
  const deadline = performance.now() + milliseconds;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (await once()) done += 1;
        else failed += 1;
      }
    }),
  );
  return { done, failed };
}
