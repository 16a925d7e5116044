/** A package's two entry points and what is expected of them. */
export interface PublicSurface {
  /** The package root's module namespace (`import * as root from "./index"`): its documented API. */
  root: Record<string, unknown>;
  /** The `/internal` subpath's namespace: what only other `@src/*` packages use. */
  internal: Record<string, unknown>;
  /** The package README, which must mention every runtime name of the root in backquotes. */
  readme: URL;
  /** Every runtime name `/internal` exports: a new one is a decision, made by listing it here. */
  internalNames: readonly string[];
}

/**
 * A vitest suite: every runtime name at the root is documented in the README, `/internal` exports exactly
 * `internalNames`, and no name is exported by both. Types are erased, so only runtime names are checked.
 */
export function describePublicSurface(surface: PublicSurface): void;
