import { describe, expect, it } from "vitest";
import type { AnyAuthPlugin } from "../auth-plugin";
import type { AnyAuthPluginV2 } from "../v2/auth-plugin-v2";
import type { AuthPluginConformanceOptions } from "./conformance-options";
import { authPluginConformanceChecks } from "./conformance-checks";
import { authPluginConformanceChecksV2 } from "./v2/conformance-checks-v2";
import type { AuthPluginConformanceOptionsV2 } from "./v2/conformance-options-v2";

/**
 * Registers a vitest `describe` block with one test per conformance check: the
 * v1 suite for a v1 plugin, the v2 suite (fixed clock, real local servers) for
 * a v2 plugin. Call it at the top level of a test file:
 *
 * ```ts
 * describeAuthPluginConformance(createBearerAuth(), { config: {}, credential: { token: "t0ken" } });
 * ```
 *
 * For a v2 plugin whose config points at a server the test starts in
 * `beforeAll`, pass a function: it is called when the checks run.
 */
export function describeAuthPluginConformance<TPlugin extends AnyAuthPlugin>(plugin: TPlugin, options: AuthPluginConformanceOptions<TPlugin>): void;
export function describeAuthPluginConformance(plugin: AnyAuthPluginV2, options: AuthPluginConformanceOptionsV2 | (() => AuthPluginConformanceOptionsV2)): void;
export function describeAuthPluginConformance(
  plugin: AnyAuthPlugin | AnyAuthPluginV2,
  options: AuthPluginConformanceOptions | AuthPluginConformanceOptionsV2 | (() => AuthPluginConformanceOptionsV2),
): void {
  if (plugin.specificationVersion === "v2") {
    describe(`auth plugin "${String(plugin.type)}" conforms to AuthPlugin v2`, () => {
      for (const { title, check } of authPluginConformanceChecksV2) {
        it(title, async () => {
          expect(await check(plugin, typeof options === "function" ? options() : options)).toEqual([]);
        });
      }
    });
    return;
  }
  describe(`auth plugin "${String(plugin.type)}" conforms to AuthPlugin v1`, () => {
    for (const { title, check } of authPluginConformanceChecks) {
      it(title, () => {
        expect(check(plugin, options as AuthPluginConformanceOptions)).toEqual([]);
      });
    }
  });
}
