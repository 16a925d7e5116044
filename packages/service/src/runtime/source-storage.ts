import type { AuthRegistry } from "@src/auth";
import type { SourceStore } from "@src/config";
import type { RateLimitStore } from "@src/http-tool";
import type { CredentialVault } from "@src/vault";

/**
 * A shared store an app opens instead of the files in the home: where the sources, the credentials and the rate
 * limits are, closed with the app. `@src/store-postgres`'s `openPostgresStore` returns one.
 */
export interface SourceStorage {
  readonly sources: SourceStore;
  readonly vault: CredentialVault;
  readonly rateLimits: RateLimitStore;
  close(): Promise<void>;
}

/** What `openStorage` is given: the registry (a store checks the records it reads) and where the home is. */
export interface SourceStorageContext {
  registry: AuthRegistry;
  home: string;
  env: Record<string, string | undefined>;
}
