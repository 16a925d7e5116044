import { describe, expect, it } from "vitest";
import type { AnyAuthPlugin } from "../auth-plugin";
import type { AuthPluginConformanceOptions } from "./conformance-options";
import { authPluginConformanceChecks } from "./conformance-checks";

/**
 * Registers a vitest `describe` block with one test per conformance check.
 * Call it at the top level of a test file:
 *
 * ```ts
 * describeAuthPluginConformance(createBearerAuth(), { config: {}, credential: { token: "t0ken" } });
 * ```
 */
export function describeAuthPluginConformance<TPlugin extends AnyAuthPlugin>(plugin: TPlugin, options: AuthPluginConformanceOptions<TPlugin>): void {
  describe(`auth plugin "${String(plugin.type)}" conforms to AuthPlugin v1`, () => {
    for (const { title, check } of authPluginConformanceChecks) {
      it(title, () => {
        expect(check(plugin, options)).toEqual([]);
      });
    }
  });
}
