import type { AnyAuthPlugin, AuthPluginConfig, AuthPluginCredential } from "../auth-plugin";

/** What the conformance suite needs to exercise a plugin. */
export interface AuthPluginConformanceOptions<TPlugin extends AnyAuthPlugin = AnyAuthPlugin> {
  /** A valid `api` block fragment for the plugin, e.g. `{ headerName: "X-Api-Key" }`; `{}` when it needs none. */
  readonly config: AuthPluginConfig<TPlugin> | Record<string, unknown>;
  /** A valid credential, e.g. `{ token: "t0ken" }`. Use a value that cannot appear in a URL by chance. */
  readonly credential: AuthPluginCredential<TPlugin> | Record<string, unknown>;
  /** A second valid credential, different from `credential`. Default: none (the checks that need it are skipped). */
  readonly otherCredential?: AuthPluginCredential<TPlugin> | Record<string, unknown> | undefined;
}

/** A check's outcome: one sentence per problem, empty when the plugin conforms. */
export type ConformanceProblems = string[];

/** One conformance check, a plain function so it can be run and tested without vitest. */
export type AuthPluginConformanceCheck = (plugin: AnyAuthPlugin, options: AuthPluginConformanceOptions) => ConformanceProblems;
