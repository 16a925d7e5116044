import { execFileSync } from "node:child_process";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createTemporaryHome } from "../../test/temporary-home";
import { watchSources } from "./watch-sources";

let home: Awaited<ReturnType<typeof createTemporaryHome>>;
beforeEach(async () => (home = await createTemporaryHome()));
afterEach(() => home.remove());

it("reports a burst of changes under sources/ once, and stops when closed", async () => {
  let calls = 0;
  const stop = watchSources({ home: home.home, debounceMs: 250 }, () => (calls += 1));
  await mkdir(join(home.home, "sources/demo"), { recursive: true });
  await writeFile(join(home.home, "sources/demo/config.json"), "{}");
  await writeFile(join(home.home, "sources/demo/config.json"), "{ }");
  await expect.poll(() => calls).toBe(1);
  stop();
  await writeFile(join(home.home, "sources/demo/config.json"), "{  }");
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(calls).toBe(1);
});

it("keeps seeing edits of a config.json after it was replaced atomically (temp file renamed over it)", async () => {
  const sourceDirectory = join(home.home, "sources/demo");
  await mkdir(sourceDirectory, { recursive: true });
  await writeFile(join(sourceDirectory, "config.json"), "{}");
  let calls = 0;
  const stop = watchSources({ home: home.home, debounceMs: 100 }, () => (calls += 1));
  try {
    await writeFile(join(sourceDirectory, "config.json.tmp"), "{ }");
    await rename(join(sourceDirectory, "config.json.tmp"), join(sourceDirectory, "config.json"));
    await expect.poll(() => calls).toBe(1);
    await writeFile(join(sourceDirectory, "config.json"), '{ "edited": true }');
    await expect.poll(() => calls).toBe(2);
  } finally {
    stop();
  }
});

it("ignores the store's lock files under sources/.locks", async () => {
  let calls = 0;
  const stop = watchSources({ home: home.home, debounceMs: 100 }, () => (calls += 1));
  await mkdir(join(home.home, "sources/.locks"), { recursive: true });
  await writeFile(join(home.home, "sources/.locks/demo.lock"), "");
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(calls).toBe(0);
  stop();
});

it("names the sources a burst touched: edited, added and removed ones", async () => {
  await mkdir(join(home.home, "sources/kept"), { recursive: true });
  await mkdir(join(home.home, "sources/gone"), { recursive: true });
  await writeFile(join(home.home, "sources/kept/config.json"), "{}");
  const reports: (string[] | undefined)[] = [];
  const stop = watchSources({ home: home.home, debounceMs: 150 }, (changed) =>
    reports.push(changed === undefined ? undefined : [...changed].sort()),
  );
  try {
    await writeFile(join(home.home, "sources/kept/config.json"), '{ "edited": true }');
    await mkdir(join(home.home, "sources/added"));
    await rm(join(home.home, "sources/gone"), { recursive: true });
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reports.flatMap((report) => report ?? ["(all)"]).sort()).toEqual(
      expect.arrayContaining(["added", "gone", "kept"]),
    );
    expect(reports.flat()).not.toContain(undefined);
  } finally {
    stop();
  }
});

it("watches a source directory added while running: a later edit of its config.json is reported with its slug", async () => {
  const reports: (string[] | undefined)[] = [];
  const stop = watchSources({ home: home.home, debounceMs: 100 }, (changed) =>
    reports.push(changed === undefined ? undefined : [...changed]),
  );
  try {
    await mkdir(join(home.home, "sources/late"), { recursive: true });
    await writeFile(join(home.home, "sources/late/config.json"), "{}");
    await expect.poll(() => reports.flat()).toContain("late");
    // Quiet: every event of the creation was reported (a busy machine may split them into several bursts).
    await new Promise((resolve) => setTimeout(resolve, 400));
    const before = reports.length;
    await writeFile(join(home.home, "sources/late/config.json"), '{ "edited": true }');
    await expect.poll(() => reports.slice(before)).toEqual([["late"]]);
  } finally {
    stop();
  }
});

/** Writes `text` to `file` from another process, and returns once that process has ended. */
function writeFromAnotherProcess(file: string, text: string): void {
  execFileSync(process.execPath, [
    "-e",
    `require("node:fs").writeFileSync(${JSON.stringify(file)}, ${JSON.stringify(text)})`,
  ]);
}

it("catchUp() reports at once a change another process finished before it was called, without the quiet time", async () => {
  await mkdir(join(home.home, "sources/demo"), { recursive: true });
  await writeFile(join(home.home, "sources/demo/config.json"), "{}");
  const reports: (string[] | undefined)[] = [];
  // A quiet time far longer than the test: only catchUp() can report within it.
  const stop = watchSources({ home: home.home, debounceMs: 60_000 }, (changed) =>
    reports.push(changed === undefined ? undefined : [...changed]),
  );
  try {
    await stop.catchUp?.();
    expect(reports).toEqual([]);
    writeFromAnotherProcess(join(home.home, "sources/demo/config.json"), '{ "edited": true }');
    await stop.catchUp?.();
    expect(reports).toEqual([["demo"]]);
    // Nothing is reported twice: the burst was handed over.
    await stop.catchUp?.();
    expect(reports).toEqual([["demo"]]);
    // A source added by another process: its directory is watched from then on.
    await mkdir(join(home.home, "sources/added"));
    await stop.catchUp?.();
    expect(reports.at(-1)).toEqual(["added"]);
    writeFromAnotherProcess(join(home.home, "sources/added/config.json"), "{}");
    await stop.catchUp?.();
    expect(reports.at(-1)).toEqual(["added"]);
    expect(reports).toHaveLength(3);
  } finally {
    stop();
  }
});
