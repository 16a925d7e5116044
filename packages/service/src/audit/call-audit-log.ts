import { writeSync } from "node:fs";
import { chmod, mkdir, open, rename, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { CallAuditLine } from "./call-audit-line";
import { callAuditFileOf, rotatedCallAuditFiles } from "./call-audit-files";

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

/** How long the open audit file is trusted before `calls.jsonl` is looked at again, and kept open without lines, in ms. */
const recheckMs = 1000;

/**
 * The audit log of agent calls, `<home>/logs/calls.jsonl` (directory 0700,
 * file 0600), one JSON object a line. The rule, safe with several processes
 * appending at once without a lock: before a write, a file of `maxBytes` or
 * more is renamed `calls-<ISO time>-<pid>.jsonl` (a process that loses the race
 * finds nothing to rename, or renames a fresh small file: no line is lost), and
 * rotated files beyond the newest `keepRotated` are deleted. The file stays open
 * while lines keep coming: its size and identity are looked at again at most
 * once a second (at once when this process's own lines would fill it), so a
 * file another process rotated can get up to a second of this process's lines
 * after its rename, which `src logs` still reads.
 */
export function createCallAuditLog({
  home,
  maxBytes = defaultCallAuditMaxBytes,
  keepRotated = 4,
  onError = () => undefined,
}: CallAuditLogOptions): CallAuditLog {
  const file = callAuditFileOf(home);
  const directory = path.dirname(file);
  let directoryReady = false;
  /** Lines waiting for the next append, each with the resolver of its `record`. */
  let waiting: { text: string; written: () => void }[] = [];
  let draining = false;
  /**
   * The file kept open (append mode) while lines keep coming, with its inode and what is known of its size: a busy
   * server pays one write(2) per burst, not a stat, open, write and close. `calls.jsonl` is looked at again (size, and
   * whether another process rotated it) at most every `recheckMs`, and at once when this process's own lines would
   * reach `maxBytes`; the file is closed after `recheckMs` without lines.
   */
  let appendTarget:
    { handle: FileHandle; inode: number; checkedAt: number; sizeAtCheck: number; writtenSince: number } | undefined;
  let idleTimer: NodeJS.Timeout | undefined;

  async function closeFile(): Promise<void> {
    const current = appendTarget;
    appendTarget = undefined;
    await current?.handle.close().catch(() => undefined);
  }

  async function rotate(): Promise<void> {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    await rename(file, path.join(directory, `calls-${stamp}-${process.pid}.jsonl`)).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      },
    );
    const rotated = await rotatedCallAuditFiles(home);
    await Promise.all(
      rotated.slice(0, Math.max(0, rotated.length - keepRotated)).map((old) => unlink(old).catch(() => undefined)),
    );
  }

  /** The open file to append `bytes` to: checked, rotated when full, reopened when another process rotated it. */
  async function fileFor(bytes: number): Promise<NonNullable<typeof appendTarget>> {
    const now = performance.now();
    if (
      appendTarget !== undefined &&
      now - appendTarget.checkedAt < recheckMs &&
      appendTarget.sizeAtCheck + appendTarget.writtenSince + bytes <= maxBytes
    )
      return appendTarget;
    const onDisk = await stat(file).catch(() => undefined);
    if (onDisk !== undefined && onDisk.size >= maxBytes) {
      await closeFile();
      await rotate();
    } else if (appendTarget !== undefined && onDisk?.ino !== appendTarget.inode) {
      await closeFile();
    }
    if (appendTarget === undefined) {
      const handle = await open(file, "a", 0o600);
      const opened = await handle.stat().catch(async (error: unknown) => {
        await handle.close().catch(() => undefined);
        throw error;
      });
      appendTarget = { handle, inode: opened.ino, checkedAt: now, sizeAtCheck: opened.size, writtenSince: 0 };
    } else {
      appendTarget.checkedAt = now;
      appendTarget.sizeAtCheck = onDisk?.size ?? 0;
      appendTarget.writtenSince = 0;
    }
    return appendTarget;
  }

  async function write(text: string): Promise<void> {
    if (!directoryReady) {
      const created = await mkdir(directory, { recursive: true, mode: 0o700 });
      if (created !== undefined) await chmod(directory, 0o700);
      directoryReady = true;
    }
    const bytes = Buffer.from(text, "utf8");
    const target = await fileFor(bytes.length);
    try {
      // One write(2) of whole lines in append mode: lines of several processes never mix. Synchronous: an append to a
      // local file costs less than handing it to libuv's thread pool and back, and it runs after the answers of the
      // calls it records were sent (see `record`).
      writeSync(target.handle.fd, bytes);
      target.writtenSince += bytes.length;
    } catch (error) {
      await closeFile();
      throw error;
    }
  }

  // One append at a time per process, in order. The lines recorded while an append is under way go out together in
  // the next one: one append(2) of whole lines for a burst of calls, so lines of several processes still
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
    // Closed once lines stop coming (an unref'd timer: it never keeps a process alive).
    if (idleTimer === undefined) {
      idleTimer = setTimeout(() => {
        if (!draining && waiting.length === 0) void closeFile();
      }, recheckMs);
      idleTimer.unref();
    } else {
      idleTimer.refresh();
    }
  }

  return {
    file,
    record(line) {
      return new Promise<void>((resolve) => {
        waiting.push({ text: `${JSON.stringify(line)}\n`, written: resolve });
        if (draining) return;
        // After this turn of the event loop: the lines of every call that ends in it go out in one append, once their
        // answers were written.
        draining = true;
        setImmediate(() => void drain());
      });
    },
  };
}
