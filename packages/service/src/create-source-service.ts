import { checkCredential, createAuthSessionCache, type AnyAuthPluginV2, type AuthRegistry, type AuthRuntime, type AuthSessionCache } from "@src/auth";
import { createSourceStore, resolveSrcHome, type SourceInput, type SourceRecord } from "@src/config";
import { callSource, createApiTool, validateSource } from "@src/http-tool";
import { apiToolName, maxToolNameLength } from "@src/http-tool/internal";
import { createRedactedCredential, openVault, type Vault } from "@src/vault";
import { baseUrlMoved, statusAfterBaseUrlChange } from "./base-url-change";
import { bindCredential, credentialScopeOf, unbindCredential } from "./credential-scope";
import { createDefaultAuthRegistry } from "./create-default-auth-registry";
import { SERVICE_ERROR_CODES, ServiceError } from "./errors/service-error";
import type { SourceChangeKind, SourceOperationResult, SourceService, SourceSummary, ToolSummary } from "./source-service";
import { slugOfToolName } from "./tool-name";

/** Options of `createSourceService`. */
export interface SourceServiceOptions {
  /** The home directory. Default: `$SRC_HOME`, else `~/.src`. */
  home?: string;
  /** Environment to read `SRC_HOME` and the vault key variables from. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Auth plugins. Default: the four built-in modes. */
  registry?: AuthRegistry;
  /** A `fetch` to send upstream calls with (tests, proxies). Default: `@src/http-tool`'s `node:http` transport. */
  fetch?: typeof fetch;
  /** Opens the vault. Default: `openVault({ home, env })` from `@src/vault`. */
  openVault?: () => Promise<Vault>;
}

/** Creates the service the CLI and the server share. */
export function createSourceService(options: SourceServiceOptions = {}): SourceService {
  const env = options.env ?? process.env;
  const home = resolveSrcHome({ home: options.home, env });
  const registry = options.registry ?? createDefaultAuthRegistry();
  const store = createSourceStore({ home, registry });
  let vaultPromise: Promise<Vault> | undefined;
  const vault = (): Promise<Vault> => {
    vaultPromise ??= (options.openVault ?? (() => openVault({ home, env })))();
    vaultPromise.catch(() => (vaultPromise = undefined));
    return vaultPromise;
  };
  /** Credentials already unbound from a vault entry, per entry object and scope: the vault hands out the same frozen entry while it is unchanged. */
  const unboundCredentials = new WeakMap<object, { scope: string; credential: Record<string, unknown> | undefined }>();
  /** The credential to send for `source`, or `undefined` when none is stored or it was stored for another base URL. */
  async function credentialFor(source: SourceRecord): Promise<Record<string, unknown> | undefined> {
    const entry = await (await vault()).get(source.slug);
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

  const listeners = new Set<(change: { slug: string; kind: SourceChangeKind }) => void>();
  const notify = (slug: string, kind: SourceChangeKind): void => {
    for (const listener of listeners) listener({ slug, kind });
  };

  const pluginOf = (source: SourceRecord): AnyAuthPluginV2 => registry.get(source.api.authType);

  /** One session cache per source in this process (a v2 plugin keeps its access token there); dropped when the credential changes. */
  const sessions = new Map<string, AuthSessionCache>();
  const forgetSession = (slug: string): void => void sessions.delete(slug);
  /** What a v2 plugin gets for `source`: its session, and saving an updated credential to the vault under the same scope binding. */
  function authRuntimeFor(source: SourceRecord): AuthRuntime {
    let session = sessions.get(source.slug);
    if (session === undefined) {
      session = createAuthSessionCache();
      sessions.set(source.slug, session);
    }
    return {
      session,
      saveCredential: async (credential) => {
        // vault.set writes atomically under the vault's inter-process lock; the scope is the source's own.
        await (await vault()).set(source.slug, bindCredential(checkCredential(pluginOf(source), credential), source));
      },
    };
  }

  async function validateAndRecord(source: SourceRecord): Promise<SourceOperationResult> {
    const credential = await credentialFor(source);
    const validation = await validateSource({ source, plugin: pluginOf(source), credential, fetch: options.fetch, store, auth: authRuntimeFor(source) });
    return { source: await store.get(source.slug), validation };
  }

  /** The slug a tool name (or a slug) stands for; names of long slugs end in a hash, so those are looked up. */
  async function slugOfTool(name: string): Promise<string> {
    const candidate = slugOfToolName(name);
    if (candidate === undefined || name.length < maxToolNameLength) return candidate ?? name;
    const match = (await store.list()).find((entry) => apiToolName(entry.slug) === name);
    return match?.slug ?? candidate;
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

    async listSources() {
      const entries = await store.list();
      const summaries: SourceSummary[] = [];
      for (const entry of entries) {
        const stored = entry.ok ? await hasCredential(entry.record) : await (await vault()).has(entry.slug);
        summaries.push(
          entry.ok
            ? { ok: true, slug: entry.slug, source: await withCurrentStatus(entry.record), hasCredential: stored }
            : { ok: false, slug: entry.slug, file: entry.file, error: entry.error.message, hasCredential: stored },
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

    async addSource({ input, credential, test = true }) {
      const authType = (input as { api?: { authType?: unknown } } | null)?.api?.authType;
      const plugin = typeof authType === "string" ? registry.find(authType) : undefined;
      const checkedCredential = credential === undefined || plugin === undefined ? undefined : registry.parseCredential(plugin.type, credential);
      const source = await store.create(input as SourceInput);
      if (checkedCredential !== undefined) {
        try {
          await (await vault()).set(source.slug, bindCredential(checkedCredential, source));
        } catch (error) {
          await store.remove(source.slug);
          throw error;
        }
      } else if (credential !== undefined) {
        await store.remove(source.slug);
        registry.parseCredential(source.api.authType, credential);
      }
      notify(source.slug, "added");
      if (!test) return { source, validation: null };
      return validateAndRecord(source);
    },

    async updateSource(slug, changes) {
      const before = await store.get(slug);
      let source = await store.update(slug, changes);
      if (baseUrlMoved(before, source)) source = await store.setStatus(slug, statusAfterBaseUrlChange(source));
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
        if ((error as { code?: string }).code === "SOURCE_NOT_FOUND") throw error;
      });
      await (await vault()).delete(slug);
      await store.remove(slug);
      forgetSession(slug);
      notify(slug, "removed");
    },

    async setCredential(slug, credential, { test = true } = {}) {
      const source = await store.get(slug);
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

    async listTools() {
      const tools: ToolSummary[] = [];
      for (const entry of await store.list()) {
        if (!entry.ok || !entry.record.enabled) continue;
        const source = await withCurrentStatus(entry.record);
        const tool = createApiTool(source, { registry, credentials: { get: () => credentialFor(source) }, fetch: options.fetch, auth: authRuntimeFor(source) });
        if (tool === undefined) continue;
        tools.push({
          name: tool.name,
          source: source.slug,
          sourceName: source.name,
          baseUrl: source.api.baseUrl,
          authType: source.api.authType,
          connectionStatus: source.status.connectionStatus,
          hasCredential: await hasCredential(source),
          headers: { ...source.api.headers },
          description: tool.description,
          inputSchema: tool.inputSchema,
        });
      }
      return tools;
    },

    async callTool(name, input, { signal } = {}) {
      const slug = await slugOfTool(name);
      let source: SourceRecord;
      try {
        source = await store.get(slug);
      } catch (error) {
        if ((error as { code?: string }).code === "SOURCE_NOT_FOUND") {
          throw new ServiceError({
            code: SERVICE_ERROR_CODES.UNKNOWN_TOOL,
            message: `no tool "${name}": no source "${slug}" exists; list the tools to see their names`,
            cause: error,
          });
        }
        throw error;
      }
      const credential = await credentialFor(source);
      return callSource({ source, call: input, plugin: pluginOf(source), credential, fetch: options.fetch, signal, auth: authRuntimeFor(source) });
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

