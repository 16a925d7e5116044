import type { AuthRegistry } from "@src/auth";
import type { SourceRecord, SourceStore } from "@src/config";
import type { ToolResult, ValidationOutcome } from "@src/http-tool";

/** A source as listed by the service: the record (never a secret) and whether a credential is stored. */
export type SourceSummary =
  | { ok: true; slug: string; source: SourceRecord; hasCredential: boolean }
  | { ok: false; slug: string; file: string; error: string; hasCredential: boolean };

/** One HTTP tool, as `/tools -v` shows it. */
export interface ToolSummary {
  /** `api_<slug>` */
  name: string;
  /** The source slug. */
  source: string;
  sourceName: string;
  baseUrl: string;
  authType: string;
  connectionStatus: SourceRecord["status"]["connectionStatus"];
  hasCredential: boolean;
  /** The source's fixed headers (`api.headers`), sent on every request; empty when none. */
  headers: Record<string, string>;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The source's OpenAPI document, when it has one: its title, version and operation count, or why it was not loaded. */
  openapi?: { title: string; version: string; operations: number } | { error: string };
  /** True for `api_<slug>_operations` (searches the document; sends nothing). */
  readOnly?: boolean;
}

/** The outcome of connect / reload / credential set. */
export interface SourceOperationResult {
  source: SourceRecord;
  /** `null` when the test was skipped (`test: false`). */
  validation: ValidationOutcome | null;
}

/**
 * Everything the CLI and the server do with sources, written once. Each call
 * reads the files afresh (or what changed, after `keepListingInMemory`), so
 * several processes can share one `SRC_HOME`.
 */
export interface SourceService<Store extends SourceStore = SourceStore> {
  /** The `SRC_HOME` directory in use (the audit log, the server's tokens; the sources too with the file store). */
  readonly home: string;
  readonly registry: AuthRegistry;
  /** Where the sources are: the file store, or the store the app gave (`@src/store-postgres`). */
  readonly store: Store;
  listSources(): Promise<SourceSummary[]>;
  getSource(slug: string): Promise<{ source: SourceRecord; hasCredential: boolean }>;
  /**
   * The stored credential of `slug`, bound to its current base URL, or
   * `undefined`. For operator commands in this process (`src auth status`);
   * never printed, never returned by a route.
   */
  getCredential(slug: string): Promise<Record<string, unknown> | undefined>;
  /** Writes `config.json`, stores the credential, then validates (spec 1.6) unless `test` is false. */
  addSource(options: { input: unknown; credential?: unknown; test?: boolean }): Promise<SourceOperationResult>;
  /** Partial update of the writable fields; re-validates the record. */
  updateSource(slug: string, changes: Record<string, unknown>): Promise<SourceRecord>;
  /** Re-reads `config.json`, re-checks it, re-tests it, saves the status (spec `/source reload {slug}`). */
  reloadSource(slug: string): Promise<SourceOperationResult>;
  setEnabled(slug: string, enabled: boolean): Promise<SourceRecord>;
  /** Removes the config and its credential. */
  removeSource(slug: string): Promise<void>;
  /** Stores or replaces the credential (checked against the plugin's schema), then validates unless `test` is false. */
  setCredential(slug: string, credential: unknown, options?: { test?: boolean }): Promise<SourceOperationResult>;
  deleteCredential(slug: string): Promise<boolean>;
  /** The HTTP tools of the enabled sources, each followed by its `api_<slug>_operations` tool when the source has a loaded OpenAPI document. */
  listTools(): Promise<ToolSummary[]>;
  /**
   * Runs an agent call; `name` is a tool name (`api_x`) or a slug. Never throws for upstream failures.
   * `caller` names who calls (an agent token's label; default `"local"`, this process): a cut result's
   * `resultRef` is read back only by the same caller.
   */
  callTool(name: string, input: unknown, options?: { signal?: AbortSignal; caller?: string }): Promise<ToolResult>;
  /**
   * A part (at most 256 K characters from `offset`) of a result kept by `resultRef`, for
   * MCP `resources/read`; only `caller` (default `"local"`) that made the call may read it.
   */
  readStoredResult(ref: string, options?: { caller?: string; offset?: number }): StoredResultRead;
  /**
   * From now on keeps the listing (`listSources`, `listTools`) in memory and
   * reads again only the sources named by `sourcesChanged` and those this
   * service changes itself. For a long-running process that watches the store
   * (`store.watch`) and passes what it reports to `sourcesChanged`; without
   * that, other processes' changes go unseen.
   * Agent calls read their source's file as before (a changed file is seen at once).
   */
  keepListingInMemory(): void;
  /** Sources changed elsewhere, as `store.watch` reports them; `undefined`: maybe every source, read them all again. */
  sourcesChanged(slugs: Iterable<string> | undefined): void;
  /**
   * Calls `listener` after this service changed a source (add, update, reload,
   * enable/disable, remove, credential set/delete). Changes made by other
   * processes are seen with `store.watch`. Returns an unsubscribe function.
   */
  onChange(listener: (change: { slug: string; kind: SourceChangeKind }) => void): () => void;
}

/** What changed, for `onChange` listeners. */
export type SourceChangeKind = "added" | "updated" | "reloaded" | "removed" | "credential";

/** What `readStoredResult` answers: a part of the stored text, or why it cannot be read. */
export type StoredResultRead =
  | { ok: true; text: string; mimeType: string; offset: number; totalChars: number; nextOffset?: number }
  | { ok: false; message: string };
