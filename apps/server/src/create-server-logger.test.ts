import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createServerLogger } from "./create-server-logger";
import { scalarLineLoggerOf } from "./scalar-line-logger";

const secret = "s3cr3t-value-never-logged";

function collectingLogger(level?: string) {
  const lines: string[] = [];
  /** Each write the destination got: the per-request lines of one turn of the event loop come in one. */
  const writes: string[] = [];
  const destination = new Writable({
    write: (chunk: Buffer, _encoding, callback) => {
      writes.push(chunk.toString("utf8"));
      lines.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter((line) => line !== ""),
      );
      callback();
    },
  });
  const logger = createServerLogger({ destination, level });
  return { logger, lines, writes, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** After the current turn of the event loop, when held per-request lines are written. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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

  it("writes the per-request lines of scalar fields exactly as the redacting logger would", async () => {
    const { logger, records } = collectingLogger();
    const line = {
      event: "tool_call",
      channel: "http",
      source: "github",
      method: "GET",
      path: "/items?key=[REDACTED]",
      status: 200,
      ok: true,
      durationMs: 3,
      attempts: 1,
      errorCode: null,
    };
    logger.info(line, "agent call");
    scalarLineLoggerOf(logger).info(line, "agent call");
    await nextTurn();
    const [redacting, scalar] = records().map(({ time: _time, ...rest }) => rest);
    expect(scalar).toEqual(redacting);
    expect(scalar).toMatchObject({ service: "src-server", event: "tool_call", path: "/items?key=[REDACTED]" });
  });

  it("writes the per-request lines of one turn in one write, after the turn; any other line at once, after them", async () => {
    const { logger, writes, records } = collectingLogger();
    scalarLineLoggerOf(logger).info({ event: "tool_call", source: "a" }, "agent call");
    scalarLineLoggerOf(logger).info({ event: "http_request", path: "/v1/tools" }, "request");
    expect(writes).toHaveLength(0);
    await nextTurn();
    expect(writes).toHaveLength(1);
    scalarLineLoggerOf(logger).info({ event: "tool_call", source: "b" }, "agent call");
    logger.info({ event: "stopped" }, "stopped");
    expect(records().map((record) => record.event)).toEqual(["tool_call", "http_request", "tool_call", "stopped"]);
    await nextTurn();
    expect(records()).toHaveLength(4);
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
