import type { ChangedSources } from "./source-store-contract";

/** The changes a store's watcher has heard and not yet reported: gathered over a burst, reported once. */
export interface ChangeBurst {
  /** A change to `slug` (`undefined`: one that cannot be tied to a slug, so every source may have changed). */
  add(slug: string | undefined): void;
  /**
   * Reports the burst now instead of after its quiet time, once the events the operating system or the database
   * connection already holds have been read (two turns of the event loop: the next turn's poll reads what was
   * pending when this was called).
   */
  catchUp(): Promise<void>;
  /** Drops the burst without reporting it. */
  stop(): void;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Gathers changes and calls `report` once after `debounceMs` of quiet, or at once on `catchUp()`. */
export function createChangeBurst(debounceMs: number, report: (changed: ChangedSources) => void): ChangeBurst {
  let slugs: Set<string> | undefined = new Set();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const reportNow = (): void => {
    clearTimeout(timer);
    timer = undefined;
    const changed = slugs;
    slugs = new Set();
    report(changed);
  };
  return {
    add(slug) {
      if (stopped) return;
      if (slug === undefined) slugs = undefined;
      else slugs?.add(slug);
      clearTimeout(timer);
      timer = setTimeout(reportNow, debounceMs);
    },
    async catchUp() {
      await nextTurn();
      await nextTurn();
      if (!stopped && timer !== undefined) reportNow();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
