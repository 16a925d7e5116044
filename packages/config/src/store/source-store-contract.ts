import type { SourceInput, SourceRecord, SourceStatus } from "../source-schema";
import type { SourceChanges } from "./source-changes";

/** One entry of `list()`: a valid source, or a broken one with the reason. */
export type SourceListEntry =
  | { readonly ok: true; readonly slug: string; readonly record: SourceRecord }
  | { readonly ok: false; readonly slug: string; readonly file: string; readonly error: Error };

/**
 * The sources a burst of changes touched, by slug; `undefined` when the store
 * cannot tell (a lost event, a reconnected listener), so every source may have
 * changed.
 */
export type ChangedSources = ReadonlySet<string> | undefined;

/** Options of `SourceStore.watch`. */
export interface WatchSourceStoreOptions {
  /** Quiet time before a burst of changes is reported once. Default 150 ms. */
  readonly debounceMs?: number | undefined;
}

/**
 * What `SourceStore.watch` returns: call it to stop watching. `catchUp()`, when the store has it, reports at once
 * (without waiting out the debounce) every change made before it was called: a listing that awaits it first shows a
 * change another process finished before the listing was asked for.
 */
export interface SourceWatch {
  (): void;
  catchUp?: (() => Promise<void>) | undefined;
}

/**
 * Where the sources live, whatever holds them: the file store of `@src/config`
 * (`$SRC_HOME/sources/{slug}/config.json`) or a database (`@src/store-postgres`).
 * The service and the apps know only this interface.
 */
export interface SourceStore {
  /** Where the store is, for messages: a folder, or a database URL without its password. */
  readonly location: string;
  /** Every source, sorted by slug; a broken one is an `ok: false` entry and never hides the others. */
  list(): Promise<SourceListEntry[]>;
  /**
   * The entries `list()` would give for these slugs only, sorted by slug;
   * unknown slugs are left out. For a caller that knows which sources changed
   * (from `watch`) and keeps the rest of the listing.
   */
  listSome(slugs: Iterable<string>): Promise<SourceListEntry[]>;
  /** One source; throws `SourceNotFoundError`, or `SourceValidationError` naming where it is stored. */
  get(slug: string): Promise<SourceRecord>;
  /** Creates a source, filling in the service fields and deriving the slug from the name when absent; throws `DuplicateSlugError`. */
  create(input: SourceInput): Promise<SourceRecord>;
  /**
   * Changes operator fields, re-validates, keeps `id` and `createdAt`, bumps
   * `updatedAt`. Concurrent writers of one source never lose an update: each
   * change is applied to the latest stored record (or fails with a clear error).
   */
  update(slug: string, changes: SourceChanges): Promise<SourceRecord>;
  /** Merges `status` into the status block; changes nothing else (not even `updatedAt`). */
  setStatus(slug: string, status: Partial<SourceStatus>): Promise<SourceRecord>;
  /** Deletes the source; throws `SourceNotFoundError` when there is none. */
  remove(slug: string): Promise<void>;
  /** The folder relative file paths of the source (`api.caFile`) resolve against, after checking the slug. */
  directoryOf(slug: string): string;
  /**
   * Calls `listener` once after each burst of changes made by anyone (this or
   * another process, an operator editing a file, another replica), with the
   * slugs touched. Returns a function that stops watching (with `catchUp`, when the store can tell what is pending).
   */
  watch(listener: (changed: ChangedSources) => void, options?: WatchSourceStoreOptions): SourceWatch;
}
