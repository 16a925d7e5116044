/** Polls `condition` every 10 ms, at most `tries` times (2 s by default); throws when it never holds. */
export async function waitFor(condition: () => boolean, what: string, tries = 200): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
