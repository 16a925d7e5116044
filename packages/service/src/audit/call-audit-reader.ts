import { open, readdir, readFile, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { CallAuditLine } from "./call-audit-line";

const isStringOrNull = (value: unknown): boolean => value === null || typeof value === "string";
const isNumberOrNull = (value: unknown): boolean => value === null || typeof value === "number";

/** Whether a parsed value has the shape of a `CallAuditLine` (the fields readers show); other JSON is skipped. */
export function isCallAuditLine(value: unknown): value is CallAuditLine {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.time === "string" &&
    typeof line.channel === "string" &&
    typeof line.source === "string" &&
    isStringOrNull(line.method) &&
    isStringOrNull(line.path) &&
    isNumberOrNull(line.status) &&
    typeof line.ok === "boolean" &&
    typeof line.durationMs === "number" &&
    typeof line.attempts === "number" &&
    isStringOrNull(line.errorCode)
  );
}

/** One line of text as an audit line, or `undefined` for a blank line, a line cut by a crash mid-write, or other JSON. */
function parseLine(text: string): CallAuditLine | undefined {
  if (text.trim() === "") return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return isCallAuditLine(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The audit lines in the complete lines of `text` (those ending in a newline), and the unfinished rest. */
export function parseCallAuditLines(text: string): { lines: CallAuditLine[]; rest: string } {
  const parts = text.split("\n");
  const rest = parts.pop() ?? "";
  return { lines: parts.flatMap((part) => parseLine(part) ?? []), rest };
}

/** The rotated files next to `file` (`calls-<time>-<pid>.jsonl`), oldest first: their names sort by time. */
export async function rotatedCallAuditFilesBeside(file: string): Promise<string[]> {
  const directory = path.dirname(file);
  const names = await readdir(directory).catch(() => [] as string[]);
  return names
    .filter((name) => /^calls-.+\.jsonl$/.test(name))
    .sort()
    .map((name) => path.join(directory, name));
}

/**
 * Every audit line of `file` (`<home>/logs/calls.jsonl`) and its rotated files, oldest first, and `offset`: where the
 * complete lines of `file` end, for `followCallAuditFile`. What `src logs` prints.
 */
export async function readCallAuditLines(file: string): Promise<{ lines: CallAuditLine[]; offset: number }> {
  const lines: CallAuditLine[] = [];
  for (const rotated of await rotatedCallAuditFilesBeside(file))
    lines.push(...parseCallAuditLines(await readFile(rotated, "utf8").catch(() => "")).lines);
  const current = await readFile(file).catch(() => Buffer.alloc(0));
  const parsed = parseCallAuditLines(current.toString("utf8"));
  lines.push(...parsed.lines);
  return { lines, offset: current.length - Buffer.byteLength(parsed.rest) };
}

/** Bytes read at a time from the end of a file. */
const tailChunkBytes = 64 * 1024;

/**
 * The complete lines of `file`, last first, read backwards in chunks: the newest calls cost a read of the file's end,
 * not of the whole file. The text after the last newline (a line still being written) is left out.
 */
async function* linesFromEnd(file: string): AsyncGenerator<string> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch {
    return;
  }
  try {
    let position = (await handle.stat()).size;
    let carry = Buffer.alloc(0);
    let sawNewline = false;
    while (position > 0) {
      const length = Math.min(tailChunkBytes, position);
      position -= length;
      const chunk = Buffer.alloc(length);
      const { bytesRead } = await handle.read(chunk, 0, length, position);
      const buffer = Buffer.concat([chunk.subarray(0, bytesRead), carry]);
      let end = buffer.length;
      for (let index = buffer.length - 1; index >= 0; index -= 1) {
        if (buffer[index] !== 0x0a) continue;
        // The first newline from the end closes the last complete line; what follows it is unfinished.
        if (sawNewline) yield buffer.subarray(index + 1, end).toString("utf8");
        sawNewline = true;
        end = index;
      }
      carry = buffer.subarray(0, end);
    }
    if (sawNewline && carry.length > 0) yield carry.toString("utf8");
  } finally {
    await handle.close();
  }
}

/** What `readRecentCallAuditLines` returns. */
export interface RecentCallAuditOptions {
  /** Only this source's calls. */
  source?: string | undefined;
  /** At most this many lines. */
  limit: number;
}

/**
 * The newest audit lines of `file` and then of its rotated files, newest first, at most `limit`, only `source`'s when
 * given: read from each file's end, so a long log costs only what is shown.
 */
export async function readRecentCallAuditLines(
  file: string,
  { source, limit }: RecentCallAuditOptions,
): Promise<CallAuditLine[]> {
  const found: CallAuditLine[] = [];
  const files = [file, ...(await rotatedCallAuditFilesBeside(file)).reverse()];
  for (const current of files) {
    for await (const text of linesFromEnd(current)) {
      const line = parseLine(text);
      if (line === undefined || (source !== undefined && line.source !== source)) continue;
      found.push(line);
      if (found.length >= limit) return found;
    }
  }
  return found;
}

/** Options of `followCallAuditFile`. */
export interface FollowCallAuditOptions {
  /** Where to start reading `file` (the `offset` of `readCallAuditLines`). */
  offset: number;
  /** Told the new complete lines, in order. */
  onLines: (lines: CallAuditLine[]) => void;
  /** Told when the file could not be read; following goes on. */
  onError?: (error: unknown) => void;
  /** How often the file is looked at, in ms. Default 200. */
  intervalMs?: number;
}

/**
 * Follows `file` from `offset` as lines are appended (`src logs --follow`): every `intervalMs`, the new complete
 * lines go to `onLines`; a file that got shorter was rotated (or removed), and the new one is read from its start.
 * Returns `stop`.
 */
export function followCallAuditFile(
  file: string,
  { offset: start, onLines, onError = () => undefined, intervalMs = 200 }: FollowCallAuditOptions,
): () => void {
  let offset = start;
  let rest = "";
  let reading = false;
  const readNew = async (): Promise<void> => {
    const size = await stat(file).then(
      (stats) => stats.size,
      () => 0,
    );
    if (size < offset) {
      offset = 0;
      rest = "";
    }
    if (size <= offset) return;
    const handle = await open(file, "r");
    try {
      const chunk = Buffer.alloc(size - offset);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, offset);
      offset += bytesRead;
      const parsed = parseCallAuditLines(rest + chunk.subarray(0, bytesRead).toString("utf8"));
      rest = parsed.rest;
      if (parsed.lines.length > 0) onLines(parsed.lines);
    } finally {
      await handle.close();
    }
  };
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    void readNew()
      .catch((error: unknown) => onError(error))
      .finally(() => (reading = false));
  }, intervalMs);
  return () => clearInterval(timer);
}
