import type { AuthRegistry, TokenRequestEvent } from "@src/auth";
import type { SourceStore } from "@src/config";
import type { RateLimitStore, ResultStore } from "@src/http-tool";
import type { CredentialVault } from "@src/vault";

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
