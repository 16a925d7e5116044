import type { AnyAuthPluginV2 } from "../auth-plugin-v2";

/** What the conformance suite needs to exercise a plugin. */
export interface AuthPluginConformanceOptions {
  /** A valid `api` block fragment for the plugin (`{}` when it needs none); point any URL it holds (a token endpoint) at a local test server. */
  readonly config: Record<string, unknown>;
  /** A valid credential. Use values that cannot appear in a URL by chance. */
  readonly credential: Record<string, unknown>;
  /** A second valid credential, different from `credential`. Default: none (the check that needs it is skipped). */
  readonly otherCredential?: Record<string, unknown> | undefined;
  /** The fixed time every hook sees through `context.now()`. Default `2026-01-01T00:00:00Z`. */
  readonly now?: Date | undefined;
  /**
   * For a challenge-response mode (HTTP Digest): the rejection the suite shows
   * `onRejected` first, as a server's first answer, so that `authorize` has
   * something to answer. Default none.
   */
  readonly challenge?: { readonly status: number; readonly headers: Readonly<Record<string, string>> } | undefined;
  /**
   * Headers whose value legitimately changes on every authorization (a Digest
   * nonce count and client nonce): on retries and redirect hops they are compared
   * by presence, not value. Default none.
   */
  readonly varyingHeaders?: readonly string[] | undefined;
}

/** The default fixed clock of the suite. */
export const defaultConformanceTime = new Date("2026-01-01T00:00:00.000Z");

/** A check's outcome: one sentence per problem, empty when the plugin conforms. */
export type ConformanceProblems = string[];

/** One conformance check: a plain async function, usable without vitest. */
export type AuthPluginConformanceCheck = (
  plugin: AnyAuthPluginV2,
  options: AuthPluginConformanceOptions,
) => Promise<ConformanceProblems>;
