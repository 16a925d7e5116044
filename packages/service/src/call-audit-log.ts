import { appendFile, chmod, mkdir, readdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { ToolResult } from "@src/http-tool";
import type { SourceService } from "./source-service";
import { slugOfToolName } from "./tool-name";
import { slugOfOperationsTool } from "./openapi/operations-tool-slug";

/** Where an agent call came in: `src call`, `src mcp` (stdio), the server's tool route, the server's `/mcp`. */
export type CallAuditChannel = "cli" | "mcp-stdio" | "http" | "mcp-http";

/**
 * One line of `$SRC_HOME/logs/calls.jsonl`. Only redacted facts: the path
 * comes from the result's redacted URL, never a body, header or credential.
 */
export interface CallAuditLine {
  /** ISO 8601 time the call ended. */
  time: string;
  channel: CallAuditChannel;
  /** The source slug. */
  source: string;
  /** The method sent, `null` when the call was refused before a request was built. */
  method: string | null;
  /** Path and query as sent, secrets replaced by `[REDACTED]`; `null` when refused before a request was built. */
  path: string | null;
  /** HTTP status, 0 without a response, `null` when refused before the call. */
  status: number | null;
  ok: boolean;
  durationMs: number;
  attempts: number;
  /** The `ToolResult` error code, or the refusal's code (`UNKNOWN_TOOL`...), else `null`. */
  errorCode: string | null;
}

/** Options of `createCallAuditLog`. */
export interface CallAuditLogOptions {
  /** `$SRC_HOME`; the log is `<home>/logs/calls.jsonl`. */
  home: string;
  /** Size at which `calls.jsonl` is rotated, in bytes. Default 5 MiB. */
  maxBytes?: number;
  /** How many rotated files (`calls-<time>.jsonl`) are kept besides the current one. Default 4. */
  keepRotated?: number;
  /** Told when a line could not be written; the call itself is never failed by its audit line. Default: ignore. */
  onError?: (error: unknown) => void;
}

/** Appends audit lines; shared by every process using the same `SRC_HOME`. */
export interface CallAuditLog {
  /** `<home>/logs/calls.jsonl` */
  readonly file: string;
  /** Appends one line; resolves when it is written (or failed and was reported to `onError`). */
  record(line: CallAuditLine): Promise<void>;
}

/** Default rotation size of `calls.jsonl`: 5 MiB. */
export const defaultCallAuditMaxBytes = 5 * 1024 * 1024;

/** The file name of the current audit log inside `<home>/logs`. */
export const CALL_AUDIT_FILE_NAME = "calls.jsonl";

/** `<home>/logs/calls.jsonl` */
export function callAuditFileOf(home: string): string {
  return path.join(home, "logs", CALL_AUDIT_FILE_NAME);
}

/** Rotated audit files, oldest first (their names sort by time). */
export async function rotatedCallAuditFiles(home: string): Promise<string[]> {
  const directory = path.dirname(callAuditFileOf(home));
  const names = await readdir(directory).catch(() => [] as string[]);
  return names
    .filter((name) => /^calls-.+\.jsonl$/.test(name))
    .sort()
    .map((name) => path.join(directory, name));
}

/**
 * The audit log of agent calls, `<home>/logs/calls.jsonl` (directory 0700,
 * file 0600), one JSON object a line. The rule, safe with several processes
 * appending at once without a lock: before a write, a file of `maxBytes` or
 * more is renamed `calls-<ISO time>-<pid>.jsonl` (a process that loses the race
 * finds nothing to rename, or renames a fresh small file: no line is lost), and
 * rotated files beyond the newest `keepRotated` are deleted.
 */
export function createCallAuditLog({ home, maxBytes = defaultCallAuditMaxBytes, keepRotated = 4, onError = () => undefined }: CallAuditLogOptions): CallAuditLog {
  const file = callAuditFileOf(home);
  const directory = path.dirname(file);
  let directoryReady = false;
  /** Lines waiting for the next append, each with the resolver of its `record`. */
  let waiting: { text: string; written: () => void }[] = [];
  let draining = false;

  async function rotateIfFull(): Promise<void> {
    const size = await stat(file).then(
      (stats) => stats.size,
      () => 0,
    );
    if (size < maxBytes) return;
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    await rename(file, path.join(directory, `calls-${stamp}-${process.pid}.jsonl`)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    const rotated = await rotatedCallAuditFiles(home);
    await Promise.all(rotated.slice(0, Math.max(0, rotated.length - keepRotated)).map((old) => unlink(old).catch(() => undefined)));
  }

  async function write(text: string): Promise<void> {
    if (!directoryReady) {
      const created = await mkdir(directory, { recursive: true, mode: 0o700 });
      if (created !== undefined) await chmod(directory, 0o700);
      directoryReady = true;
    }
    await rotateIfFull();
    await appendFile(file, text, { mode: 0o600 });
  }

  // One append at a time per process, in order. The lines recorded while an append is under way go out together in
  // the next one: one stat and one append(2) of whole lines for a burst of calls, so lines of several processes still
  // never mix, and a busy server does not pay four file operations per call.
  async function drain(): Promise<void> {
    draining = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await write(batch.map((entry) => entry.text).join("")).catch((error: unknown) => onError(error));
      for (const entry of batch) entry.written();
    }
    draining = false;
  }

  return {
    file,
    record(line) {
      return new Promise<void>((resolve) => {
        waiting.push({ text: `${JSON.stringify(line)}\n`, written: resolve });
        if (!draining) void drain();
      });
    },
  };
}

/** The path and query of a redacted URL, without the origin. */
export function pathOfUrl(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(url);
  const rest = match?.[1] ?? url;
  return rest === "" ? "/" : rest;
}

/** The audit line of a finished call. */
export function auditLineOfResult(channel: CallAuditChannel, source: string, result: ToolResult): CallAuditLine {
  return {
    time: new Date().toISOString(),
    channel,
    source,
    method: result.request.method,
    path: pathOfUrl(result.request.url),
    status: result.status,
    ok: result.ok,
    durationMs: result.durationMs,
    attempts: result.attempts,
    errorCode: result.error?.code ?? null,
  };
}

/** The audit line of a call refused before it ran (unknown tool, vault locked...). */
export function auditLineOfRefusal(channel: CallAuditChannel, source: string, error: unknown, durationMs: number): CallAuditLine {
  const code = (error as { code?: unknown }).code;
  return {
    time: new Date().toISOString(),
    channel,
    source,
    method: null,
    path: null,
    status: null,
    ok: false,
    durationMs: Math.round(durationMs),
    attempts: 0,
    errorCode: typeof code === "string" ? code : "INTERNAL",
  };
}

/**
 * The same service with every `callTool` written to `log` on `channel`, ok or
 * not, refusals included. Used by `src call` and `src mcp`; the server writes
 * the same lines from its call gate.
 */
export function withCallAudit(service: SourceService, { channel, log }: { channel: CallAuditChannel; log: CallAuditLog }): SourceService {
  return {
    ...service,
    async callTool(name, input, options) {
      const source = (name.endsWith("_operations") ? await slugOfOperationsTool(service.store, name) : undefined) ?? slugOfToolName(name) ?? name;
      const started = performance.now();
      try {
        const result = await service.callTool(name, input, options);
        await log.record(auditLineOfResult(channel, source, result));
        return result;
      } catch (error) {
        await log.record(auditLineOfRefusal(channel, source, error, performance.now() - started));
        throw error;
      }
    },
  };
}
