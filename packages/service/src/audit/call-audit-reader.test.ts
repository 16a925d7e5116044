import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callAuditFileOf, createCallAuditLog, rotatedCallAuditFiles, type CallAuditLine } from "./index";
import { followCallAuditFile, readCallAuditLines, readRecentCallAuditLines } from "./call-audit-reader";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "src-audit-reader-"));
});
afterEach(() => rm(home, { recursive: true, force: true }));

/** A line whose path varies in length, so lines fall across the reader's 64 KiB chunks at every offset. */
const lineNumbered = (index: number, source = index % 3 === 0 ? "alpha" : "beta"): CallAuditLine => ({
  time: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, index)).toISOString(),
  channel: index % 2 === 0 ? "cli" : "http",
  source,
  method: "GET",
  path: `/items/${index}?pad=${"é".repeat(index % 97)}`,
  status: 200,
  ok: true,
  durationMs: index,
  attempts: 1,
  errorCode: null,
});

describe("reading the audit log", () => {
  it("the newest lines first, across calls.jsonl and its rotated files, by source and limit", async () => {
    // A real writer with a small rotation size: several rotated files and a current one.
    const log = createCallAuditLog({ home, maxBytes: 200 * 1024, keepRotated: 10 });
    const count = 3000;
    for (let index = 0; index < count; index += 1) await log.record(lineNumbered(index));
    expect((await rotatedCallAuditFiles(home)).length).toBeGreaterThan(1);
    const file = callAuditFileOf(home);

    const newest = await readRecentCallAuditLines(file, { limit: 5 });
    expect(newest.map((line) => line.durationMs)).toEqual([2999, 2998, 2997, 2996, 2995]);
    const everything = await readRecentCallAuditLines(file, { limit: 10_000 });
    expect(everything.map((line) => line.durationMs)).toEqual(
      Array.from({ length: count }, (_, index) => count - 1 - index),
    );
    expect(everything.find((line) => line.durationMs === 96)?.path).toBe(lineNumbered(96).path);
    const alpha = await readRecentCallAuditLines(file, { source: "alpha", limit: 4 });
    expect(alpha.map((line) => line.durationMs)).toEqual([2997, 2994, 2991, 2988]);

    const all = await readCallAuditLines(file);
    expect(all.lines.map((line) => line.durationMs)).toEqual(Array.from({ length: count }, (_, index) => index));
  });

  it("leaves out a line still being written, a line cut by a crash and JSON that is not an audit line", async () => {
    const file = callAuditFileOf(home);
    const log = createCallAuditLog({ home });
    await log.record(lineNumbered(1));
    await appendFile(
      file,
      '{"time":"2026-01-01T00:00:00.000Z","channel":"cli","sour\n["not", "a line"]\n{"hello":"world"}\n',
    );
    await log.record(lineNumbered(2));
    await appendFile(file, '{"time":"2026-01-01T00:00:00.000Z","channel":"cli"');
    expect((await readRecentCallAuditLines(file, { limit: 10 })).map((line) => line.durationMs)).toEqual([2, 1]);
    const all = await readCallAuditLines(file);
    expect(all.lines.map((line) => line.durationMs)).toEqual([1, 2]);
    expect(await readRecentCallAuditLines(join(home, "nothing", "calls.jsonl"), { limit: 10 })).toEqual([]);
  });

  it("follows new lines, and starts over on a file rotated by another process", async () => {
    const file = callAuditFileOf(home);
    const writer = createCallAuditLog({ home, maxBytes: 600 });
    await writer.record(lineNumbered(0));
    const { offset } = await readCallAuditLines(file);
    const seen: number[] = [];
    const stop = followCallAuditFile(file, {
      offset,
      intervalMs: 20,
      onLines: (lines) => seen.push(...lines.map((line) => line.durationMs)),
    });
    try {
      await writer.record(lineNumbered(1));
      await expect.poll(() => seen).toEqual([1]);
      // Another process's writer: it rotates the full file and writes to a new one.
      const other = createCallAuditLog({ home, maxBytes: 600 });
      for (const index of [2, 3, 4]) await other.record(lineNumbered(index));
      await expect.poll(() => seen.at(-1)).toBe(4);
    } finally {
      stop();
    }
  });
});
