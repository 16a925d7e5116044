import { mkdtemp, readdir, readFile, readlink, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callAuditFileOf, createCallAuditLog, rotatedCallAuditFiles, type CallAuditLine } from "./index";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "src-audit-"));
});
afterEach(() => rm(home, { recursive: true, force: true }));

const lineNumbered = (index: number): CallAuditLine => ({
  time: new Date(0).toISOString(),
  channel: "cli",
  source: "demo",
  method: "GET",
  path: `/items/${index}`,
  status: 200,
  ok: true,
  durationMs: 1,
  attempts: 1,
  errorCode: null,
  outcome: "sent",
});

async function allLines(): Promise<string[]> {
  const files = [...(await rotatedCallAuditFiles(home)), callAuditFileOf(home)];
  const texts = await Promise.all(files.map((file) => readFile(file, "utf8").catch(() => "")));
  return texts
    .join("")
    .split("\n")
    .filter((line) => line !== "");
}

describe("createCallAuditLog", () => {
  it("a burst of calls recorded at once: each record resolves after its line is written, every line whole and in order", async () => {
    const log = createCallAuditLog({ home });
    const written = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        await log.record(lineNumbered(index));
        // Resolved only once the line is in the file.
        return (await readFile(callAuditFileOf(home), "utf8")).includes(`"/items/${index}"`);
      }),
    );
    expect(written).toEqual(Array.from({ length: 40 }, () => true));
    expect((await allLines()).map((line) => (JSON.parse(line) as CallAuditLine).path)).toEqual(
      Array.from({ length: 40 }, (_, index) => `/items/${index}`),
    );
  });

  it("rotates calls.jsonl by size and keeps only the newest rotated files", async () => {
    const log = createCallAuditLog({ home, maxBytes: 400, keepRotated: 2 });
    for (let index = 0; index < 60; index += 1) await log.record(lineNumbered(index));
    const names = await readdir(join(home, "logs"));
    expect(names).toContain("calls.jsonl");
    expect(names.filter((name) => name.startsWith("calls-")).length).toBeLessThanOrEqual(2);
    const kept = await allLines();
    // Every kept line is whole, and the newest call is among them.
    for (const line of kept) expect(JSON.parse(line)).toMatchObject({ channel: "cli", source: "demo" });
    expect(kept.at(-1)).toContain("/items/59");
  });

  it("two writers on one home (as two processes) lose no line below the rotation size and never mix lines", async () => {
    const first = createCallAuditLog({ home });
    const second = createCallAuditLog({ home });
    await Promise.all(
      Array.from({ length: 100 }, (_, index) => (index % 2 === 0 ? first : second).record(lineNumbered(index))),
    );
    const lines = await allLines();
    expect(lines).toHaveLength(100);
    expect(new Set(lines.map((line) => (JSON.parse(line) as CallAuditLine).path)).size).toBe(100);
  });

  it("keeps the file open while lines come, sees within a second that another process rotated it, loses no line, and closes it when idle", async () => {
    const log = createCallAuditLog({ home });
    const openAuditFiles = async (): Promise<number> => {
      const descriptors = await readdir("/proc/self/fd");
      const targets = await Promise.all(descriptors.map((fd) => readlink(join("/proc/self/fd", fd)).catch(() => "")));
      return targets.filter((target) => target.startsWith(join(home, "logs"))).length;
    };
    await log.record(lineNumbered(0));
    expect(await openAuditFiles()).toBe(1);
    // Another process rotates calls.jsonl: this writer's next lines may still go to the renamed file for a second.
    await rename(callAuditFileOf(home), join(home, "logs", "calls-2000-01-01T00-00-00-000Z-1.jsonl"));
    await log.record(lineNumbered(1));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await log.record(lineNumbered(2));
    expect(await readFile(callAuditFileOf(home), "utf8")).toContain('"/items/2"');
    expect((await allLines()).map((line) => (JSON.parse(line) as CallAuditLine).path)).toEqual([
      "/items/0",
      "/items/1",
      "/items/2",
    ]);
    await expect.poll(openAuditFiles, { timeout: 3000 }).toBe(0);
  });

  it("a write that fails is reported to onError and never rejects", async () => {
    const problems: unknown[] = [];
    const log = createCallAuditLog({
      home: join(home, "file-not-dir", "x"),
      onError: (problem) => problems.push(problem),
    });
    // The home's parent is a file: the logs directory cannot be made.
    await import("node:fs/promises").then(({ writeFile }) => writeFile(join(home, "file-not-dir"), "x"));
    await expect(log.record(lineNumbered(1))).resolves.toBeUndefined();
    expect(problems).toHaveLength(1);
  });
});
