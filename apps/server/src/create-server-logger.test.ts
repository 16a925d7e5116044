import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createServerLogger } from "./create-server-logger";
import { scalarLineLoggerOf } from "./scalar-line-logger";

const secret = "s3cr3t-value-never-logged";

function collectingLogger(level?: string) {
  const lines: string[] = [];
  const destination = new Writable({
    write: (chunk: Buffer, _encoding, callback) => {
      lines.push(chunk.toString("utf8"));
      callback();
    },
  });
  const logger = createServerLogger({ destination, level });
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("createServerLogger", () => {
  it.each([
    { why: "a top-level token", record: { token: secret } },
    { why: "an authorization header at the top", record: { authorization: `Bearer ${secret}` } },
    { why: "request headers", record: { request: { headers: { authorization: `Bearer ${secret}` } } } },
    { why: "headers of any object", record: { upstream: { headers: { authorization: secret } } } },
    { why: "a nested credential", record: { source: { credential: { token: secret } } } },
    { why: "a nested password", record: { basic: { password: secret } } },
    { why: "a nested key", record: { query: { key: secret } } },
    { why: "a body", record: { body: { anything: secret } } },
  ])("censors $why", ({ record }) => {
    const { logger, lines } = collectingLogger();
    logger.info(record, "line");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(secret);
    expect(lines[0]).toContain("[REDACTED]");
  });

  it("writes the per-request lines of scalar fields exactly as the redacting logger would", () => {
    const { logger, records } = collectingLogger();
    const line = { event: "tool_call", channel: "http", source: "github", method: "GET", path: "/items?key=[REDACTED]", status: 200, ok: true, durationMs: 3, attempts: 1, errorCode: null };
    logger.info(line, "agent call");
    scalarLineLoggerOf(logger).info(line, "agent call");
    const [redacting, scalar] = records().map(({ time: _time, ...rest }) => rest);
    expect(scalar).toEqual(redacting);
    expect(scalar).toMatchObject({ service: "src-server", event: "tool_call", path: "/items?key=[REDACTED]" });
  });

  it("keeps the scalar-line logger at the logger's level, also after a change", () => {
    const { logger, records } = collectingLogger("warn");
    scalarLineLoggerOf(logger).info({ event: "hidden" }, "hidden");
    logger.level = "info";
    scalarLineLoggerOf(logger).info({ event: "shown" }, "shown");
    expect(records().map((record) => record.event)).toEqual(["shown"]);
  });

  it("uses a logger from elsewhere as it is, with its own redaction", () => {
    const { logger } = collectingLogger();
    const child = logger.child({ part: "x" });
    expect(scalarLineLoggerOf(child)).toBe(child);
  });
});
