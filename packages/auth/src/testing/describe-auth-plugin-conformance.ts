import { describe, expect, it } from "vitest";
import type { AnyAuthPluginV2 } from "../auth-plugin-v2";
import { authPluginConformanceChecks } from "./conformance-checks";
import type { AuthPluginConformanceOptions } from "./conformance-options";

/**
 * Registers a vitest `describe` block with one test per conformance check
 * (fixed clock, real local servers). Call it at the top level of a test file:
 *
 * ```ts
 * describeAuthPluginConformance(createBearerAuth(), { config: {}, credential: { token: "t0ken" } });
 * ```
 *
 * When the config points at a server the test starts in `beforeAll`, pass a
 * function: it is called when the checks run.
 */
export function describeAuthPluginConformance(
  plugin: AnyAuthPluginV2,
  options: AuthPluginConformanceOptions | (() => AuthPluginConformanceOptions),
): void {
  describe(`auth plugin "${String(plugin.type)}" conforms to the auth plugin contract`, () => {
    for (const { title, check } of authPluginConformanceChecks) {
      it(title, async () => {
        expect(await check(plugin, typeof options === "function" ? options() : options)).toEqual([]);
      });
    }
  });
}
