/**
 * In-memory state a plugin keeps for one source across calls in one process
 * (an access token and its expiry), with single-flight: concurrent callers of
 * `singleFlight(key, …)` share one running task.
 */
export interface AuthSessionCache {
  /** The value stored under `key`, or undefined. */
  get<TValue>(key: string): TValue | undefined;
  /** Stores `value` under `key`. */
  set(key: string, value: unknown): void;
  /** Forgets `key`. */
  delete(key: string): void;
  /**
   * Runs `task` unless one for `key` is already running, in which case the
   * running one's promise is returned: 16 concurrent calls needing a token cause
   * one token request. A failed task is not remembered.
   */
  singleFlight<TValue>(key: string, task: () => Promise<TValue>): Promise<TValue>;
  /** Forgets every value (not running tasks). */
  clear(): void;
}

/** Creates an empty session cache. The service keeps one per source. */
export function createAuthSessionCache(): AuthSessionCache {
  const values = new Map<string, unknown>();
  const running = new Map<string, Promise<unknown>>();
  return {
    get: <TValue>(key: string) => values.get(key) as TValue | undefined,
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
    clear: () => values.clear(),
    singleFlight<TValue>(key: string, task: () => Promise<TValue>): Promise<TValue> {
      const existing = running.get(key);
      if (existing !== undefined) return existing as Promise<TValue>;
      const promise = (async () => {
        try {
          return await task();
        } finally {
          running.delete(key);
        }
      })();
      running.set(key, promise);
      return promise;
    },
  };
}
