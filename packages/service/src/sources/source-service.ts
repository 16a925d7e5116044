import type { VaultConnectionEntry } from "@src/vault";
import type { AuthRegistry } from "@src/auth";
import type { SourceRecord, SourceStore } from "@src/config";
import type {
  Confirmer,
  PolicyExplanation,
  PolicyRuleNamingNothing,
  RateLimitStore,
  TokenPolicy,
  ToolResult,
  ValidationOutcome,
} from "@src/http-tool";
import type { KeepListingOptions } from "./source-listing";

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
  /**
   * True for a tool that changes nothing upstream: `api_<slug>_operations` (searches the document; sends nothing), and
   * the call tool of a read-only source (`api.policy.mode`) or token, or the read tool of a split pair.
   */
  readOnly?: boolean;
  /** True for the call tools (they reach the external API, read-only ones too); false for `api_<slug>_operations`. */
  openWorld?: boolean;
  /** `call` (`api_<slug>`), `write` (`api_<slug>_write` of a source whose policy splits its tools) or `operations`. */
  kind: "call" | "write" | "operations";
}

/** Who makes an agent call, beyond the source's own policy: an agent token narrows it, a person may confirm. */
export interface CallToolOptions {
  signal?: AbortSignal | undefined;
  /** Who calls: an agent token's label; default `"local"` (this process). A cut result's `resultRef` is read back only by the same caller. */
  caller?: string | undefined;
  /** The caller's agent token (the server's): read-only, its rate limit. Default: none. */
  token?: TokenPolicy | undefined;
  /**
   * Who the agent acts for (`principalOf` of the server's caller): `token:NAME`, `grant:NAME`, `idp:SUB`, or `local` (the
   * operator: the CLI, `src mcp`, the admin token). A per-user source (`api.credentials: "per-user"`) sends this
   * principal's own credential only. Default `"local"`.
   */
  principal?: string | undefined;
  /** Asks a person before a call matching a `confirm` rule (MCP elicitation, a terminal). Default: none, `CONFIRMATION_REQUIRED`. */
  confirm?: Confirmer | undefined;
}

/** Options of `listTools`. */
export interface ListToolsOptions {
  /**
   * The agent token the list is for: a read-only token's tools are read-only (and a split source has no write tool);
   * a function gives each source's (a token read-only for some sources only). Default: none.
   */
  token?: TokenPolicy | ((slug: string) => TokenPolicy | undefined) | undefined;
  /** Only the sources this says yes to (an agent token's sources). Default: every enabled source. */
  sources?: ((slug: string) => boolean) | undefined;
  /** Only the sources from this slug on, in slug order (a page of MCP `tools/list` after its cursor). Default: all. */
  fromSource?: string | undefined;
  /** Stop once at least this many tools are listed, the last source's tools all in (a page and what tells if more follow). Default: all. */
  atLeast?: number | undefined;
}

/**
 * Options of `readStoredResult`. A stored result is handed out as its call would be made again, without sending it:
 * while its source exists and is enabled, and while its policy, narrowed by the caller's token, allows that call.
 */
export interface ReadStoredResultOptions {
  /** Who reads: only the caller that made the call may (default `"local"`). */
  caller?: string | undefined;
  /** The first character to read. Default 0. */
  offset?: number | undefined;
  /** The reading agent token's narrowing, for the result's source (as `ListToolsOptions.token`). Default: none. */
  token?: TokenPolicy | ((slug: string) => TokenPolicy | undefined) | undefined;
  /** Whether the reader may still call the result's source (an agent token's sources). Default: yes. */
  sources?: ((slug: string) => boolean) | undefined;
}

/** The outcome of connect / reload / credential set. */
export interface SourceOperationResult {
  source: SourceRecord;
  /** `null` when the test was skipped (`test: false`). */
  validation: ValidationOutcome | null;
  /** When the auth mode found `api` fields published by a server (OAuth 2.0 discovery) as the source was added: which, from where, and what to know. */
  discovery?: SourceDiscovery | undefined;
}

/** An OpenAPI document sent with a new source: its file name in the source's folder, and its text. */
export interface OpenApiDocumentUpload {
  readonly name: "openapi.json" | "openapi.yaml" | "openapi.yml";
  readonly text: string;
}

/** What an auth mode's discovery filled in when a source was added. */
export interface SourceDiscovery {
  /** The `api` fields it filled in, by name. */
  filled: string[];
  /** Where they came from, for people. */
  from: string;
  /** Facts to know (never a secret). */
  notes: string[];
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
  /**
   * `principal`'s own credential for the per-user source `slug`, bound to its current base URL, or `undefined`. For
   * the apps' own steps (a person's upstream sign-in starts from the operator's OAuth client, stored as principal
   * `local`); never printed, never returned by a route.
   */
  getConnection(slug: string, principal: string): Promise<Record<string, unknown> | undefined>;
  /** Writes `config.json`, stores the credential, then validates (spec 1.6) unless `test` is false. */
  /**
   * Adds a source. `openapiDocument` is the text of its OpenAPI document when the caller has it and this process
   * cannot read its file (`src source add --openapi FILE --server URL` uploads it): it is written into the source's
   * folder as `name` and `api.openapi` names it.
   */
  addSource(options: {
    input: unknown;
    credential?: unknown;
    test?: boolean;
    openapiDocument?: OpenApiDocumentUpload | undefined;
  }): Promise<SourceOperationResult>;
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
  /** Who is connected to which per-user source (`api.credentials: "per-user"`), sorted; never a value. `slug` must exist. */
  listConnections(filter?: {
    slug?: string | undefined;
    principal?: string | undefined;
  }): Promise<VaultConnectionEntry[]>;
  /**
   * Stores `principal`'s own credential for a per-user source (checked against the plugin's schema, bound to the
   * source's base URL). Refused (`CREDENTIAL_MODE_MISMATCH`) unless the source is per-user. Not tested: `validation` is null.
   */
  setConnection(slug: string, principal: string, credential: unknown): Promise<SourceOperationResult>;
  /** Removes `principal`'s own credential for `slug`; the next call of that principal answers `NOT_CONNECTED`. */
  deleteConnection(slug: string, principal: string): Promise<boolean>;
  /** The HTTP tools of the enabled sources, each followed by its `api_<slug>_operations` tool when the source has a loaded OpenAPI document. */
  listTools(options?: ListToolsOptions): Promise<ToolSummary[]>;
  /**
   * Runs an agent call; `name` is a tool name (`api_x`, `api_x_write`) or a slug. The source's policy (narrowed by
   * `token`) is checked before the credential is read. Never throws for upstream failures.
   * `caller` names who calls (an agent token's label; default `"local"`, this process): a cut result's
   * `resultRef` is read back only by the same caller.
   */
  callTool(name: string, input: unknown, options?: CallToolOptions): Promise<ToolResult>;
  /**
   * A part (at most 256 K characters from `offset`) of a result kept by `resultRef`, for
   * MCP `resources/read`; only `caller` (default `"local"`) that made the call may read it.
   */
  readStoredResult(ref: string, options?: ReadStoredResultOptions): Promise<StoredResultRead>;
  /**
   * What the source's policy (narrowed by `token`) would do with `METHOD PATH`, without sending, asking or counting
   * anything: refused and by which rule, allowed once confirmed, or allowed (`src policy SLUG --check`).
   */
  explainPolicy(
    slug: string,
    call: { method: string; path: string },
    options?: { token?: TokenPolicy | undefined },
  ): Promise<PolicyExplanation>;
  /**
   * The `operation:` and `tag:` rules of the source's policy, as it is now, that name no operation or tag of its
   * OpenAPI document as loaded now (none when it has no document, or one that does not load): `src policy SLUG`.
   */
  policyRulesNamingNothing(slug: string): Promise<PolicyRuleNamingNothing[]>;
  /** Where this service counts the policies' rate limits (memory by default; the PostgreSQL store's when given). */
  readonly rateLimits: RateLimitStore;
  /**
   * From now on keeps the listing (`listSources`, `listTools`) in memory and
   * reads again only the sources named by `sourcesChanged` and those this
   * service changes itself. For a long-running process that watches the store
   * (`store.watch`) and passes what it reports to `sourcesChanged`; without
   * that, other processes' changes go unseen. With `catchUp` (the watcher's own), each listing first has the
   * watcher report what it has already heard, so a change finished before the listing was asked for shows in it.
   * Agent calls read their source's file as before (a changed file is seen at once).
   */
  keepListingInMemory(options?: KeepListingOptions): void;
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
