/** One agent call as the console's Activity page shows it; never a secret (the path is the redacted one). */
export interface ActivityEntry {
  /** When the call ended (ISO 8601). */
  at: string;
  /** The source's slug. */
  source: string;
  /** Where the call came in: `http` (`POST /v1/tools/{name}/call`) or `mcp` (`/mcp`). */
  channel: "http" | "mcp";
  /** The upstream method, or `null` when the call was refused before a request was built. */
  method: string | null;
  /** Path and query of the request as sent, secrets replaced by `[REDACTED]`; `null` when refused. */
  path: string | null;
  /** The upstream status (0 without a response); `null` when refused. */
  status: number | null;
  ok: boolean;
  durationMs: number;
  /** Attempts made (retries included); 0 when refused. */
  attempts: number;
  /** The result's or refusal's error code, or `null`. */
  errorCode: string | null;
}

/** The last agent calls, in memory: oldest dropped first. */
export interface ActivityLog {
  record(entry: ActivityEntry): void;
  /** Newest first; only `source`'s when given; at most `limit`. */
  list(filter?: { source?: string; limit?: number }): ActivityEntry[];
}

/** How many calls the server keeps by default. */
export const defaultActivityCapacity = 500;

/** A ring buffer of the last `capacity` agent calls (default `defaultActivityCapacity`). */
export function createActivityLog({ capacity = defaultActivityCapacity }: { capacity?: number } = {}): ActivityLog {
  const entries: (ActivityEntry | undefined)[] = new Array<ActivityEntry | undefined>(capacity);
  let next = 0;
  let size = 0;
  return {
    record(entry) {
      entries[next] = entry;
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
    },
    list({ source, limit = capacity } = {}) {
      const newestFirst: ActivityEntry[] = [];
      for (let index = 1; index <= size && newestFirst.length < limit; index++) {
        const entry = entries[(next - index + capacity) % capacity];
        if (entry !== undefined && (source === undefined || entry.source === source)) newestFirst.push(entry);
      }
      return newestFirst;
    },
  };
}
