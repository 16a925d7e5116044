import { SourceBusyError } from "./errors/source-busy-error";

/** Per-source concurrency: at most `maxConcurrent` calls run for one source, `maxQueued` more wait in order, the rest are refused. */
export interface SourceCallLimiter {
  /** Runs `task` when the source has a free slot; throws `SourceBusyError` at once when the queue is full. */
  run<T>(slug: string, task: () => Promise<T>): Promise<T>;
  /** Calls running or waiting, all sources together. */
  pending(): number;
  /** Resolves when no call is running or waiting, or after `timeoutMs`; true when drained. */
  drain(timeoutMs: number): Promise<boolean>;
}

interface Lane {
  running: number;
  waiting: (() => void)[];
}

/** A small semaphore per source slug, created on demand and dropped when idle. */
export function createSourceCallLimiter({
  maxConcurrent,
  maxQueued,
  retryAfterSeconds,
}: {
  maxConcurrent: number;
  maxQueued: number;
  retryAfterSeconds: number;
}): SourceCallLimiter {
  const lanes = new Map<string, Lane>();
  let pendingCount = 0;
  let drainedListeners: (() => void)[] = [];

  const release = (slug: string, lane: Lane): void => {
    const next = lane.waiting.shift();
    if (next !== undefined) next();
    else {
      lane.running -= 1;
      if (lane.running === 0) lanes.delete(slug);
    }
    pendingCount -= 1;
    if (pendingCount === 0) {
      for (const listener of drainedListeners) listener();
      drainedListeners = [];
    }
  };

  return {
    async run(slug, task) {
      let lane = lanes.get(slug);
      if (lane === undefined) {
        lane = { running: 0, waiting: [] };
        lanes.set(slug, lane);
      }
      if (lane.running >= maxConcurrent) {
        if (lane.waiting.length >= maxQueued) {
          throw new SourceBusyError({ slug, running: lane.running, queued: lane.waiting.length, retryAfterSeconds });
        }
        pendingCount += 1;
        await new Promise<void>((resolve) => lane.waiting.push(resolve));
      } else {
        pendingCount += 1;
        lane.running += 1;
      }
      try {
        return await task();
      } finally {
        release(slug, lane);
      }
    },
    pending: () => pendingCount,
    drain(timeoutMs) {
      if (pendingCount === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
        drainedListeners.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
