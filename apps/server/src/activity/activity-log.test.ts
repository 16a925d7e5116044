import { describe, expect, it } from "vitest";
import { createActivityLog, type ActivityEntry } from "./activity-log";

const entry = (source: string, status: number): ActivityEntry => ({
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, status)).toISOString(),
  source,
  channel: "http",
  method: "GET",
  path: `/items/${status}`,
  status,
  ok: true,
  durationMs: 1,
  attempts: 1,
  errorCode: null,
});

describe("createActivityLog", () => {
  it("lists newest first and drops the oldest past its capacity", () => {
    const log = createActivityLog({ capacity: 3 });
    for (const status of [1, 2, 3, 4, 5]) log.record(entry("a", status));
    expect(log.list().map((call) => call.status)).toEqual([5, 4, 3]);
  });

  it("filters by source and limits the count", () => {
    const log = createActivityLog({ capacity: 10 });
    log.record(entry("a", 1));
    log.record(entry("b", 2));
    log.record(entry("a", 3));
    log.record(entry("a", 4));
    expect(log.list({ source: "a" }).map((call) => call.status)).toEqual([4, 3, 1]);
    expect(log.list({ source: "a", limit: 2 }).map((call) => call.status)).toEqual([4, 3]);
    expect(log.list({ source: "c" })).toEqual([]);
  });

  it("is empty before any call", () => {
    expect(createActivityLog().list()).toEqual([]);
  });
});
