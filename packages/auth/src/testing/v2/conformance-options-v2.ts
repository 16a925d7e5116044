import type { AnyAuthPluginV2 } from "../../v2/auth-plugin-v2";
import type { ConformanceProblems } from "../conformance-options";

/** What the conformance suite needs to exercise a v2 plugin. */
export interface AuthPluginConformanceOptionsV2 {
  /** A valid `api` block fragment for the plugin; point any URL it holds (a token endpoint) at a local test server. */
  readonly config: Record<string, unknown>;
  /** A valid credential. Use values that cannot appear in a URL by chance. */
  readonly credential: Record<string, unknown>;
  /** A second valid credential, different from `credential`. Default: none (the check that needs it is skipped). */
  readonly otherCredential?: Record<string, unknown> | undefined;
  /** The fixed time every hook sees through `context.now()`. Default `2026-01-01T00:00:00Z`. */
  readonly now?: Date | undefined;
}

/** The default fixed clock of the suite. */
export const defaultConformanceTime = new Date("2026-01-01T00:00:00.000Z");

/** One v2 conformance check: a plain async function, usable without vitest. */
export type AuthPluginConformanceCheckV2 = (plugin: AnyAuthPluginV2, options: AuthPluginConformanceOptionsV2) => Promise<ConformanceProblems>;
