import { createBearerAuth } from "@src/auth-bearer";
import type { ToolResult } from "../src/result/tool-result";
import { createResultStore } from "../src/stored-results/result-store";
import { createSourceRecordFixture } from "../src/testing/source-record-fixture";
import { callSource, type CallSourceOptions } from "../src/tool/call-source";

/** What a test changes in one call: `callSource`'s options, and `api` fields added to the source's. */
export type BearerCallOptions = Partial<CallSourceOptions> & { api?: Record<string, unknown> };

/**
 * Calls the bearer source `slug` at `origin()` (read at each call, once the upstream has started) with `token` stored
 * and a fresh result store; `options` change any of that.
 */
export function bearerSourceCaller({
  slug,
  name,
  origin,
  token,
}: {
  slug: string;
  name: string;
  origin: () => string;
  token: string;
}): (call: unknown, options?: BearerCallOptions) => Promise<ToolResult> {
  const plugin = createBearerAuth();
  return (call, { api, ...options } = {}) =>
    callSource({
      source: createSourceRecordFixture({ slug, name, api: { baseUrl: origin(), ...api } }),
      call,
      plugin,
      credential: { token },
      results: createResultStore(),
      ...options,
    });
}
