import type { SourceListEntry, SourceRecord, SourceStore } from "@src/config";
import { deepFreeze } from "./deep-freeze";
import type { ServiceObserver } from "./source-service-options";
import type { ToolSummary } from "./source-service";

/** A call tool's summary before the credential flag is known (that is read once per listing). */
export type CallToolSummary = Omit<ToolSummary, "hasCredential">;

/** The listing `keep()` keeps; its entries and tools are frozen (they are handed to every caller). */
interface KeptListing {
  entries: Map<string, SourceListEntry>;
  /** The call tools of each enabled source, with the record they were built from (a changed record builds them again). */
  tools: Map<string, { record: SourceRecord; summaries: CallToolSummary[] }>;
  stale: Set<string>;
  everything: boolean;
  /** The entries sorted by slug, until they change: every `tools/list` page lists them all. */
  sorted?: SourceListEntry[] | undefined;
}

/** Options of `keepListingInMemory`. */
export interface KeepListingOptions {
  /**
   * Awaited before each listing: reports what the store's watcher has heard but not yet told `sourcesChanged` (its
   * `catchUp`), so a change another process finished before the listing was asked for shows in it.
   */
  catchUp?: (() => Promise<void>) | undefined;
}

/** The listing of the sources: read from the store each time, or kept in memory after `keep()`. */
export interface SourceListing {
  /** Every entry, sorted by slug: from memory when the listing is kept, refreshing only the stale slugs. */
  entries(): Promise<SourceListEntry[]>;
  /** `keepListingInMemory()`: from now on the listing is kept, read again only where it went stale. */
  keep(options?: KeepListingOptions): void;
  /** `sourcesChanged(slugs)`: these slugs (`undefined`: every source) are read again before the next listing. */
  changed(slugs: Iterable<string> | undefined): void;
  /** The tools kept for exactly this record, if any. */
  keptTools(source: SourceRecord): CallToolSummary[] | undefined;
  /** Keeps the tools built from this record (frozen) when the listing is kept; returns them. */
  keepTools(source: SourceRecord, summaries: CallToolSummary[]): CallToolSummary[];
}

/** The entry with its record frozen (an error stays as it is). */
function freezeRecord(entry: SourceListEntry): SourceListEntry {
  if (entry.ok) deepFreeze(entry.record);
  return entry;
}

const bySlug = (a: SourceListEntry, b: SourceListEntry): number => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

/** Reads what changed since the last listing into the kept one: everything, or the stale slugs. */
async function refreshListing(store: SourceStore, current: KeptListing): Promise<void> {
  if (current.everything) {
    current.everything = false;
    current.stale.clear();
    const entries = await store.list();
    current.entries = new Map(entries.map((entry) => [entry.slug, freezeRecord(entry)]));
    current.tools.clear();
    current.sorted = undefined;
    return;
  }
  if (current.stale.size === 0) return;
  const stale = [...current.stale];
  current.stale.clear();
  current.sorted = undefined;
  const fresh = await store.listSome(stale);
  for (const slug of stale) {
    current.entries.delete(slug);
    current.tools.delete(slug);
  }
  for (const entry of fresh) current.entries.set(entry.slug, freezeRecord(entry));
}

/** The listing of `store`'s sources; a failure to read it is told to `observer.storeError`. */
export function createSourceListing({
  store,
  observer,
}: {
  store: SourceStore;
  observer: ServiceObserver | undefined;
}): SourceListing {
  /**
   * The listing kept in memory after `keep()`: the entries by slug, the tool each enabled one has (built once per
   * version of the record), and the slugs to read again before the next listing.
   */
  let listing: KeptListing | undefined;
  /** The refresh of the kept listing under way; refreshes run one after another, so none sees another's half-filled map. */
  let refreshing: Promise<void> = Promise.resolve();
  /** The watcher's `catchUp`, given to `keep()`. */
  let catchUp: (() => Promise<void>) | undefined;

  async function entriesUnobserved(): Promise<SourceListEntry[]> {
    if (listing === undefined) return store.list();
    await catchUp?.();
    const current = listing;
    const refresh = refreshing.then(async () => {
      try {
        await refreshListing(store, current);
      } catch (error) {
        current.everything = true;
        throw error;
      }
    });
    refreshing = refresh.catch(() => undefined);
    await refresh;
    current.sorted ??= [...current.entries.values()].sort(bySlug);
    return current.sorted;
  }

  return {
    async entries() {
      try {
        return await entriesUnobserved();
      } catch (error) {
        observer?.storeError?.(error);
        throw error;
      }
    },
    keep(options = {}) {
      catchUp = options.catchUp;
      listing ??= { entries: new Map(), tools: new Map(), stale: new Set(), everything: true };
    },
    changed(slugs) {
      if (listing === undefined) return;
      if (slugs === undefined) listing.everything = true;
      else for (const slug of slugs) listing.stale.add(slug);
    },
    keptTools(source) {
      const known = listing?.tools.get(source.slug);
      return known !== undefined && known.record === source ? known.summaries : undefined;
    },
    keepTools(source, summaries) {
      if (listing !== undefined) listing.tools.set(source.slug, { record: source, summaries: deepFreeze(summaries) });
      return summaries;
    },
  };
}
