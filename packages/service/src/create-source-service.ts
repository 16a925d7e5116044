import { isAbsolute, join, resolve } from "node:path";
import { writeFileAtomic } from "@src/file-lock";
import { checkCredential, createAuthSessionCache, type AnyAuthPluginV2, type AuthRegistry, type AuthRuntime, type AuthSessionCache, type TokenRequestEvent } from "@src/auth";
import { createSourceStore, resolveSrcHome, type FileSourceStore, type SourceInput, type SourceListEntry, type SourceRecord, type SourceStore } from "@src/config";
import { callSource, createApiTools, createMemoryRateLimitStore, createOperationsTool, createResultStore, explainPolicy, validateSource, type RateLimitStore, type ResultStore, type TokenPolicy } from "@src/http-tool";
import { apiToolName, maxToolNameLength, operationsToolName, readStoredPart } from "@src/http-tool/internal";
import type { OperationCatalog } from "@src/openapi";
import { createRedactedCredential, openVault, type CredentialVault } from "@src/vault";
import { baseUrlMoved, statusAfterBaseUrlChange } from "./base-url-change";
import { bindCredential, credentialScopeOf, unbindCredential } from "./credential-scope";
import { deepFreeze } from "./deep-freeze";
import { SERVICE_ERROR_CODES, ServiceError } from "./errors/service-error";
import { SourceNotFoundError, isPerUserSource } from "@src/config";
import { localPrincipal } from "./principal";
import type { SourceChangeKind, SourceOperationResult, SourceService, SourceSummary, ToolSummary } from "./source-service";
import type { ToolResult } from "@src/http-tool";
import { slugOfToolName } from "./tool-name";
import { createSourceDocuments } from "./openapi/source-documents";
import { openApiSummaryOf } from "./openapi/openapi-summary";
import { slugOfOperationsTool } from "./openapi/operations-tool-slug";
import { slugOfWriteTool } from "./write-tool-slug";
import { discoverApiFields } from "./discover-api-fields";

/** Options of `createSourceService`. */
export interface SourceServiceOptions {
  /** The home directory. Default: `$SRC_HOME`, else `~/.src`. */
  home?: string;
  /** Environment to read `SRC_HOME` and the vault key variables from. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * The auth plugins, required: the service knows no concrete plugin. The apps
   * pass `createDefaultAuthRegistry()` of `@src/auth-presets` (the built-in
   * modes) plus the plugins of `SRC_AUTH_PLUGINS`.
   */
  registry: AuthRegistry;
  /** A `fetch` to send upstream calls with (tests, proxies). Default: `@src/http-tool`'s `node:http` transport. */
  fetch?: typeof fetch;
  /** Opens the credential vault. Default: `openVault({ home, env })` from `@src/vault` (the vault file in the home). */
  openVault?: () => Promise<CredentialVault>;
  /** Where the sources are. Default: the file store of `@src/config` in the home (`createSourceStore`). */
  store?: SourceStore;
  /**
   * Where the policies' rate limits (`api.policy.rateLimit`, an agent token's) are counted. Default: this process's
   * memory (`createMemoryRateLimitStore` of `@src/http-tool`); `@src/store-postgres`'s `rateLimits` share them between replicas.
   */
  rateLimits?: RateLimitStore;
  /**
   * Where cut results are kept for `resultRef` (and MCP `resources/read`).
   * Default: `createResultStore()` of `@src/http-tool`, one per service: 64 MiB
   * across all sources, 15 minutes each.
   */
  results?: ResultStore;
  /** Told of what an operator watches (an app's metrics): token requests, vault and store failures. Default: nobody. */
  observer?: ServiceObserver;
}

/** What the service tells an app about, as it happens; each must return at once and never throw. */
export interface ServiceObserver {
  /** A request an auth plugin made to a token endpoint during a call or a test (`traceTokenRequest` of `@src/auth`). */
  tokenRequest?(event: TokenRequestEvent): void;
  /** The credential vault failed to open or to read (a missing key, a damaged file, a lock held too long, the database). */
  vaultError?(error: unknown): void;
  /** The source store failed to read a source or the listing (not an unknown source: that is the caller's mistake). */
  storeError?(error: unknown): void;
}

/** Most characters one `readStoredResult` (an MCP `resources/read`) hands over: the rest is read with the next offset. */
export const storedResultPartChars = 256 * 1024;

/** The listing `keepListingInMemory` keeps; its entries and tools are frozen (they are handed to every caller). */
interface KeptListing {
  entries: Map<string, SourceListEntry>;
  /** The call tools of each enabled source, with the record they were built from (a changed record builds them again). */
  tools: Map<string, { record: SourceRecord; summaries: Omit<ToolSummary, "hasCredential">[] }>;
  stale: Set<string>;
  everything: boolean;
  /** The entries sorted by slug, until they change: every `tools/list` page lists them all. */
  sorted?: SourceListEntry[] | undefined;
}

/** The entry with its record frozen (an error stays as it is). */
function freezeRecord(entry: SourceListEntry): SourceListEntry {
  if (entry.ok) deepFreeze(entry.record);
  return entry;
}

/**
 * Creates the service the CLI and the server share. It knows the stores only
 * by their interfaces: the file store and vault file by default, or the ones
 * given (`@src/store-postgres`).
 */
export function createSourceService(options: SourceServiceOptions & { store?: undefined }): SourceService<FileSourceStore>;
export function createSourceService<Store extends SourceStore>(options: SourceServiceOptions & { store: Store }): SourceService<Store>;
export function createSourceService(options: SourceServiceOptions): SourceService;
export function createSourceService(options: SourceServiceOptions): SourceService {
  const env = options.env ?? process.env;
  const home = resolveSrcHome({ home: options.home, env });
  const { registry } = options;
  const store = options.store ?? createSourceStore({ home, registry });
  let vaultPromise: Promise<CredentialVault> | undefined;
  const vault = (): Promise<CredentialVault> => {
    vaultPromise ??= (options.openVault ?? (() => openVault({ home, env })))();
    vaultPromise.catch(() => (vaultPromise = undefined));
    return vaultPromise;
  };
  const documents = createSourceDocuments({ store, fetch: options.fetch });
  const rateLimits = options.rateLimits ?? createMemoryRateLimitStore();
  const results = options.results ?? createResultStore();
  const { observer } = options;
  const onTokenRequest = observer?.tokenRequest === undefined ? undefined : (event: TokenRequestEvent): void => observer.tokenRequest?.(event);
  /** Credentials already unbound from a vault entry, per entry object and scope: the vault hands out the same frozen entry while it is unchanged. */
  const unboundCredentials = new WeakMap<object, { scope: string; credential: Record<string, unknown> | undefined }>();
  /** The credential to send for `source`, or `undefined` when none is stored or it was stored for another base URL. */
  async function credentialFor(source: SourceRecord): Promise<Record<string, unknown> | undefined> {
    let entry;
    try {
      entry = await (await vault()).get(source.slug);
    } catch (error) {
      observer?.vaultError?.(error);
      throw error;
    }
    if (entry === undefined) return undefined;
    const scope = credentialScopeOf(source);
    const known = unboundCredentials.get(entry);
    if (known?.scope === scope) return known.credential;
    const unbound = unbindCredential(entry, source);
    const credential = unbound === undefined ? undefined : createRedactedCredential(unbound);
    // Only a frozen entry can be a key: nobody can change it after this check.
    if (Object.isFrozen(entry)) unboundCredentials.set(entry, { scope, credential });
    return credential;
  }

  /** `principal`'s own credential for a per-user source, or `undefined` (none, or stored for another base URL). Read on every call. */
  async function connectionFor(source: SourceRecord, principal: string): Promise<Record<string, unknown> | undefined> {
    let entry;
    try {
      entry = await (await vault()).getConnection(source.slug, principal);
    } catch (error) {
      observer?.vaultError?.(error);
      throw error;
    }
    if (entry === undefined) return undefined;
    const unbound = unbindCredential(entry, source);
    return unbound === undefined ? undefined : createRedactedCredential(unbound);
  }

  /** What a source's test call sends: its shared credential, or for a per-user source the local operator's own. */
  const credentialToTest = (source: SourceRecord): Promise<Record<string, unknown> | undefined> => (isPerUserSource(source) ? connectionFor(source, localPrincipal) : credentialFor(source));

  /** Refuses a principal's credential for a shared source, and a shared credential for a per-user source: the two never mix. */
  function assertCredentialMode(source: SourceRecord, perUser: boolean): void {
    if (isPerUserSource(source) === perUser) return;
    throw new ServiceError({
      code: SERVICE_ERROR_CODES.CREDENTIAL_MODE_MISMATCH,
      message: perUser
        ? `source "${source.slug}" shares one credential (api.credentials is "shared"): store it without a principal (src credential set ${source.slug}), or make the source per-user first (src source edit ${source.slug} --credentials per-user)`
        : `source "${source.slug}" sends each person's own credential (api.credentials is "per-user"): store one for a principal (src credential set ${source.slug} --principal P)`,
    });
  }

  const listeners = new Set<(change: { slug: string; kind: SourceChangeKind }) => void>();
  const notify = (slug: string, kind: SourceChangeKind): void => {
    listing?.stale.add(slug);
    for (const listener of listeners) listener({ slug, kind });
  };

  const pluginOf = (source: SourceRecord): AnyAuthPluginV2 => registry.get(source.api.authType);

  /** One session cache per source in this process (a v2 plugin keeps its access token there); dropped when the credential changes. */
  const sessions = new Map<string, AuthSessionCache>();
  const forgetSession = (slug: string, principal?: string): void => {
    if (principal !== undefined) return void sessions.delete(`${slug}\n${principal}`);
    for (const key of [...sessions.keys()]) if (key === slug || key.startsWith(`${slug}\n`)) sessions.delete(key);
  };
  /**
   * What a v2 plugin gets for `source`: its session, and saving an updated credential to the vault under the same
   * scope binding. A per-user source has a session per principal, and saves into that principal's own credential.
   */
  function authRuntimeFor(source: SourceRecord, principal?: string): AuthRuntime {
    const owner = isPerUserSource(source) ? (principal ?? localPrincipal) : undefined;
    const key = owner === undefined ? source.slug : `${source.slug}\n${owner}`;
    let session = sessions.get(key);
    if (session === undefined) {
      session = createAuthSessionCache();
      sessions.set(key, session);
    }
    return {
      session,
      onTokenRequest,
      saveCredential: async (credential) => {
        // vault.set writes atomically under the vault's inter-process lock; the scope is the source's own.
        const bound = bindCredential(checkCredential(pluginOf(source), credential), source);
        if (owner === undefined) await (await vault()).set(source.slug, bound);
        else await (await vault()).setConnection(source.slug, owner, bound);
      },
    };
  }

  /**
   * The listing kept in memory after `keepListingInMemory()`: the entries by
   * slug, the tool each enabled one has (built once per version of the
   * record), and the slugs to read again before the next listing
   * (`undefined`: read every source again).
   */
  let listing: KeptListing | undefined;

  /** The refresh of the kept listing under way; refreshes run one after another, so none sees another's half-filled map. */
  let refreshing: Promise<void> = Promise.resolve();

  /** Every entry, sorted by slug: from memory when the listing is kept, refreshing only the stale slugs. */
  async function listEntries(): Promise<SourceListEntry[]> {
    try {
      return await listEntriesUnobserved();
    } catch (error) {
      observer?.storeError?.(error);
      throw error;
    }
  }

  async function listEntriesUnobserved(): Promise<SourceListEntry[]> {
    const current = listing;
    if (current === undefined) return store.list();
    const refresh = refreshing.then(async () => {
      try {
        await refreshListing(current);
      } catch (error) {
        current.everything = true;
        throw error;
      }
    });
    refreshing = refresh.catch(() => undefined);
    await refresh;
    current.sorted ??= [...current.entries.values()].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
    return current.sorted;
  }

  /** Reads what changed since the last listing into the kept one: everything, or the stale slugs. */
  async function refreshListing(current: KeptListing): Promise<void> {
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

  /** The call tools of an enabled source (one, or the read and write tools of a split policy) without their credential flag; none for a disabled one. */
  function toolsOf(source: SourceRecord, operations?: OperationCatalog, token?: TokenPolicy): Omit<ToolSummary, "hasCredential">[] {
    // Kept only for the operator's view: a token's narrowed tools are built each time (a token is one in a few).
    const cacheable = token === undefined && source.api.openapi === undefined;
    const known = listing?.tools.get(source.slug);
    // A source with a document is built each time: its document may change without its record (the catalog is cached by file).
    if (cacheable && known !== undefined && known.record === source) return known.summaries;
    const tools = createApiTools(withAbsoluteCaFile(source), { registry, credentials: { get: () => credentialFor(source) }, fetch: options.fetch, auth: authRuntimeFor(source), operations, token, rateLimits });
    const summaries = tools.map((tool): Omit<ToolSummary, "hasCredential"> => ({
      name: tool.name,
      source: source.slug,
      sourceName: source.name,
      baseUrl: source.api.baseUrl,
      authType: source.api.authType,
      connectionStatus: source.status.connectionStatus,
      headers: { ...source.api.headers },
      description: tool.description,
      inputSchema: tool.inputSchema,
      ...openApiSummaryOf(source, operations),
      ...(tool.readOnly === true ? { readOnly: true } : {}),
      openWorld: true,
      kind: tool.access === "write" ? "write" : "call",
    }));
    if (listing !== undefined && cacheable) listing.tools.set(source.slug, { record: source, summaries: deepFreeze(summaries) });
    return summaries;
  }

  
  /** The source with a relative `api.caFile` made absolute (relative to the source's folder), as `@src/http-tool` takes it. */
  const withAbsoluteCaFile = (source: SourceRecord): SourceRecord => {
    const caFile = source.api.caFile;
    if (typeof caFile !== "string" || isAbsolute(caFile)) return source;
    return { ...source, api: { ...source.api, caFile: resolve(store.directoryOf(source.slug), caFile) } };
  };

  async function validateAndRecord(given: SourceRecord): Promise<SourceOperationResult> {
    const credential = await credentialToTest(given);
    // The document first (fetched with the credential on the source's origin, indexed); a bad one leaves the source as a plain source.
    const source = await documents.refresh(given, { plugin: pluginOf(given), credential, auth: authRuntimeFor(given) });
    const validation = await validateSource({ source: withAbsoluteCaFile(source), plugin: pluginOf(source), credential, fetch: options.fetch, store, auth: authRuntimeFor(source) });
    return { source: await store.get(source.slug), validation };
  }

  /** The slug a tool name (or a slug) stands for; names of long slugs end in a hash, so those are looked up. */
  async function slugOfTool(name: string): Promise<string> {
    const candidate = slugOfToolName(name);
    if (candidate === undefined || name.length < maxToolNameLength) return candidate ?? name;
    const match = (await store.list()).find((entry) => apiToolName(entry.slug) === name);
    return match?.slug ?? candidate;
  }

  async function callOperationsTool(slug: string, input: unknown): Promise<ToolResult> {
    const source = await store.get(slug);
    const operations = source.enabled ? await documents.catalogFor(source) : undefined;
    if (operations === undefined) {
      throw new ServiceError({
        code: SERVICE_ERROR_CODES.UNKNOWN_TOOL,
        message: `no tool "${operationsToolName(slug)}": source "${slug}" is disabled or has no loaded OpenAPI document; list the tools to see their names`,
      });
    }
    return createOperationsTool(source, operations).execute(input);
  }

  /**
   * The slugs with a vault entry, read once for a listing: asking the vault
   * about each of thousands of sources would check its file each time.
   * Nothing is opened for an empty listing.
   */
  async function storedCredentialSlugs(sourceCount: number): Promise<ReadonlySet<string>> {
    if (sourceCount === 0) return new Set();
    return new Set((await (await vault()).list()).map((entry) => entry.slug));
  }

  async function hasCredential(source: SourceRecord): Promise<boolean> {
    return (await credentialFor(source)) !== undefined;
  }

  /**
   * A `connected` source whose stored credential belongs to another base URL
   * (`config.json` edited by hand) is `connected` no more: its calls would
   * answer NO_CREDENTIAL. Its status becomes `untested`, saying why.
   */
  async function withCurrentStatus(source: SourceRecord): Promise<SourceRecord> {
    if (source.status.connectionStatus !== "connected" || (await credentialFor(source)) !== undefined) return source;
    if (!(await (await vault()).has(source.slug))) return source;
    return store.setStatus(source.slug, statusAfterBaseUrlChange(source));
  }

  return {
    home,
    registry,
    store,
    rateLimits,

    async listSources() {
      const entries = await listEntries();
      const stored = await storedCredentialSlugs(entries.length);
      const summaries: SourceSummary[] = [];
      for (const entry of entries) {
        const hasStored = stored.has(entry.slug) && (!entry.ok || (await hasCredential(entry.record)));
        summaries.push(
          entry.ok
            ? { ok: true, slug: entry.slug, source: await withCurrentStatus(entry.record), hasCredential: hasStored }
            : { ok: false, slug: entry.slug, file: entry.file, error: entry.error.message, hasCredential: hasStored },
        );
      }
      return summaries;
    },

    async getSource(slug) {
      const source = await withCurrentStatus(await store.get(slug));
      return { source, hasCredential: await hasCredential(source) };
    },

    async getCredential(slug) {
      return credentialFor(await store.get(slug));
    },

    async addSource({ input: given, credential, test = true, openapiDocument }) {
      const authType = (given as { api?: { authType?: unknown } } | null)?.api?.authType;
      const plugin = typeof authType === "string" ? registry.find(authType) : undefined;
      // The mode's discovery first (OAuth 2.0 endpoints from an issuer or the test endpoint): fields the operator gave stay.
      const discovered = await discoverApiFields(given, plugin);
      const discovery = discovered.discovery;
      let input = discovered.input;
      if (openapiDocument !== undefined && typeof input === "object" && input !== null) {
        const api = (input as { api?: unknown }).api;
        input = { ...input, api: { ...(typeof api === "object" && api !== null ? api : {}), openapi: openapiDocument.name } };
      }
      const checkedCredential = credential === undefined || plugin === undefined ? undefined : registry.parseCredential(plugin.type, credential);
      const source = await store.create(input as SourceInput);
      if (checkedCredential !== undefined) {
        try {
          // A per-user source's credential given when it is added is the operator's own (principal "local").
          if (isPerUserSource(source)) await (await vault()).setConnection(source.slug, localPrincipal, bindCredential(checkedCredential, source));
          else await (await vault()).set(source.slug, bindCredential(checkedCredential, source));
        } catch (error) {
          await store.remove(source.slug);
          throw error;
        }
      } else if (credential !== undefined) {
        await store.remove(source.slug);
        registry.parseCredential(source.api.authType, credential);
      }
      if (openapiDocument !== undefined) {
        try {
          await writeFileAtomic(join(store.directoryOf(source.slug), openapiDocument.name), openapiDocument.text);
        } catch (error) {
          await store.remove(source.slug);
          await (await vault()).delete(source.slug).catch(() => false);
          throw error;
        }
      }
      notify(source.slug, "added");
      const withDiscovery = discovery === undefined ? {} : { discovery };
      // A source that waits for a person to sign in (OAuth 2.0's authorization code or device code grant) has nothing to
      // test yet: the sign-in validates it (the CLI does the same locally; the server's POST /v1/sources comes here).
      // A per-user source without the operator's own credential has nothing to test with: each person connects their own.
      if (!test || waitsForSignIn(plugin, source, checkedCredential) || (isPerUserSource(source) && checkedCredential === undefined)) {
        return { source: await documents.refresh(source, { plugin: pluginOf(source), credential: await credentialToTest(source), auth: authRuntimeFor(source) }), validation: null, ...withDiscovery };
      }
      return { ...(await validateAndRecord(source)), ...withDiscovery };
    },

    async updateSource(slug, changes) {
      const before = await store.get(slug);
      let source = await store.update(slug, changes);
      if (baseUrlMoved(before, source)) source = await store.setStatus(slug, statusAfterBaseUrlChange(source));
      if (before.api.openapi !== source.api.openapi) source = await documents.refresh(source, { plugin: pluginOf(source), credential: await credentialToTest(source), auth: authRuntimeFor(source) });
      // Another credential mode: the sessions of the old one are dropped (a shared token is no one's own, and back).
      if (isPerUserSource(before) !== isPerUserSource(source)) forgetSession(slug);
      notify(slug, "updated");
      return source;
    },

    async reloadSource(slug) {
      const source = await store.get(slug);
      const result = await validateAndRecord(source);
      notify(slug, "reloaded");
      return result;
    },

    async setEnabled(slug, enabled) {
      const source = await store.update(slug, { enabled });
      notify(slug, "updated");
      return source;
    },

    async removeSource(slug) {
      await store.get(slug).catch((error: unknown) => {
        if (SourceNotFoundError.isInstance(error)) throw error;
      });
      await (await vault()).delete(slug);
      await (await vault()).deleteConnections(slug);
      await store.remove(slug);
      forgetSession(slug);
      notify(slug, "removed");
    },

    async setCredential(slug, credential, { test = true } = {}) {
      const source = await store.get(slug);
      assertCredentialMode(source, false);
      const checked = registry.parseCredential(source.api.authType, credential);
      await (await vault()).set(slug, bindCredential(checked, source));
      forgetSession(slug);
      notify(slug, "credential");
      if (!test) return { source, validation: null };
      return validateAndRecord(source);
    },

    async deleteCredential(slug) {
      await store.get(slug);
      const deleted = await (await vault()).delete(slug);
      forgetSession(slug);
      notify(slug, "credential");
      return deleted;
    },

    async listConnections(filter = {}) {
      if (filter.slug !== undefined) await store.get(filter.slug);
      return (await vault()).listConnections(filter);
    },

    async setConnection(slug, principal, credential) {
      const source = await store.get(slug);
      assertCredentialMode(source, true);
      const checked = registry.parseCredential(source.api.authType, credential);
      await (await vault()).setConnection(slug, principal, bindCredential(checked, source));
      forgetSession(slug, principal);
      notify(slug, "credential");
      return { source, validation: null };
    },

    async deleteConnection(slug, principal) {
      await store.get(slug);
      const deleted = await (await vault()).deleteConnection(slug, principal);
      forgetSession(slug, principal);
      notify(slug, "credential");
      return deleted;
    },

    async listTools({ token } = {}) {
      const tools: ToolSummary[] = [];
      const entries = await listEntries();
      const stored = await storedCredentialSlugs(entries.length);
      for (const entry of entries) {
        if (!entry.ok || !entry.record.enabled) continue;
        // Awaited only when there is something to check (every `tools/list` page lists thousands of sources):
        // only a connected source's status can change here, and only a source with a document has a catalog.
        const source = entry.record.status.connectionStatus === "connected" ? await withCurrentStatus(entry.record) : entry.record;
        const operations = source.api.openapi === undefined ? undefined : await documents.catalogFor(source);
        const callTools = toolsOf(source, operations, typeof token === "function" ? token(source.slug) : token);
        const [first] = callTools;
        if (first === undefined) continue;
        const withCredential = stored.has(first.source) && (await hasCredential(source));
        for (const tool of callTools) tools.push({ ...tool, hasCredential: withCredential });
        if (operations !== undefined) {
          const companion = createOperationsTool(source, operations);
          tools.push({ ...first, name: companion.name, description: companion.description, inputSchema: companion.inputSchema, readOnly: true, openWorld: false, kind: "operations", hasCredential: withCredential });
        }
      }
      return tools;
    },

    async callTool(name, input, { signal, token, confirm, caller, principal = localPrincipal } = {}) {
      const operationsSlug = await slugOfOperationsTool(store, name);
      if (operationsSlug !== undefined) return callOperationsTool(operationsSlug, input);
      const writeSlug = await slugOfWriteTool(store, name);
      const slug = writeSlug ?? (await slugOfTool(name));
      let source: SourceRecord;
      try {
        source = await store.get(slug);
      } catch (error) {
        if (!SourceNotFoundError.isInstance(error)) observer?.storeError?.(error);
        if (SourceNotFoundError.isInstance(error)) {
          throw new ServiceError({
            code: SERVICE_ERROR_CODES.UNKNOWN_TOOL,
            message: `no tool "${name}": no source "${slug}" exists; list the tools to see their names`,
            cause: error,
          });
        }
        throw error;
      }
      if (writeSlug !== undefined && source.api.policy?.tools !== "split") {
        throw new ServiceError({
          code: SERVICE_ERROR_CODES.UNKNOWN_TOOL,
          message: `no tool "${name}": source "${slug}" does not split its tools (api.policy.tools); call ${apiToolName(slug)} for every method`,
        });
      }
      const access = writeSlug !== undefined ? "write" : source.api.policy?.tools === "split" ? "read" : "any";
      const operations = source.api.openapi === undefined ? undefined : await documents.catalogFor(source);
      // The credential is read only once the policy allowed the call (a refusal reads nothing). A per-user source sends
      // the caller's principal's own credential, or nothing (NOT_CONNECTED): never the shared one, never another's.
      const perUser = isPerUserSource(source);
      return callSource({
        source: withAbsoluteCaFile(source),
        call: input,
        plugin: pluginOf(source),
        credential: perUser ? () => connectionFor(source, principal) : () => credentialFor(source),
        notConnected: perUser ? { message: notConnectedMessage(slug, principal) } : undefined,
        fetch: options.fetch,
        signal,
        auth: authRuntimeFor(source, principal),
        operations,
        token,
        access,
        confirm,
        rateLimits,
        results,
        caller,
      });
    },

    readStoredResult(ref, { caller, offset = 0 } = {}) {
      const read = readStoredPart({ store: results, owner: caller ?? "local", ref, offset, maxChars: storedResultPartChars });
      if (!read.ok) return { ok: false, message: read.message };
      const { part } = read;
      const end = part.offset + part.length;
      return {
        ok: true,
        text: part.text.slice(part.offset, end),
        mimeType: part.result.kind === "json" ? "application/json" : "text/plain",
        offset: part.offset,
        totalChars: part.text.length,
        ...(end < part.text.length ? { nextOffset: end } : {}),
      };
    },

    async explainPolicy(slug, call, { token } = {}) {
      const source = await store.get(slug);
      const operations = source.api.openapi === undefined ? undefined : await documents.catalogFor(source);
      return explainPolicy(source, call, { operations, token });
    },

    keepListingInMemory() {
      listing ??= { entries: new Map(), tools: new Map(), stale: new Set(), everything: true };
    },

    sourcesChanged(slugs) {
      if (listing === undefined) return;
      if (slugs === undefined) listing.everything = true;
      else for (const slug of slugs) listing.stale.add(slug);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What a caller without their own credential for a per-user source is told: nothing was sent, and how to connect. */
export function notConnectedMessage(slug: string, principal: string): string {
  return `source "${slug}" sends each person's own credential, and none is stored for ${JSON.stringify(principal)}; nothing was sent. Ask your person to connect their own (the link in error.connectUrl, when given), or an operator stores it: src credential set ${slug} --principal ${principal}`;
}

/** Whether the source's auth mode signs a person in and no one has yet: a test call could only fail. */
function waitsForSignIn(plugin: AnyAuthPluginV2 | undefined, source: SourceRecord, credential: unknown): boolean {
  const steps = plugin?.signIn;
  if (plugin === undefined || steps === undefined) return false;
  const config = plugin.configSchema.safeParse(source.api);
  const parsed = credential === undefined ? undefined : plugin.credentialSchema.safeParse(credential);
  if (!config.success) return false;
  const signInSource = { slug: source.slug, config: config.data as Record<string, unknown>, credential: parsed?.success === true ? (parsed.data as Record<string, unknown>) : undefined, now: () => new Date(), signal: new AbortController().signal };
  const typed = steps as unknown as { unavailable(source: typeof signInSource): unknown; status(source: typeof signInSource): { signedIn: boolean } };
  return typed.unavailable(signInSource) === undefined && !typed.status(signInSource).signedIn;
}
