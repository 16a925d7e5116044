import type { SourceRecord } from "@src/config";
import { buildRequest } from "../src/request/build-request";
import { createHopAuthorizer } from "../src/request/create-hop-authorizer";
import type { ExecuteOptions } from "../src/execution/execute-options";
import { executeRequest } from "../src/execution/execute-request";
import type { ToolCall } from "../src/request/tool-call";
import type { ToolResult } from "../src/result/tool-result";
import type { AuthMode } from "./auth-modes";
import { makeSource } from "./source-fixture";

/** Short backoff so retry tests stay fast. */
export const quickRetries = { baseMs: 5, maxRetryAfterMs: 2000 };

/** What `runCall` takes besides the call: execute options, and `api` fields added to the source's. */
export type RunCallExtra = Partial<Omit<ExecuteOptions, "source" | "authorizeHop">> & { api?: Record<string, unknown> };

/** Builds `call` for a source at `baseUrl` with `mode`'s credential and executes it. */
export async function runCall(
  baseUrl: string,
  mode: AuthMode,
  call: ToolCall,
  extra: RunCallExtra = {},
): Promise<{ result: ToolResult; source: SourceRecord }> {
  const { api, ...options } = extra;
  const source = makeSource(baseUrl, { authType: mode.name, ...mode.api, ...api });
  const request = await buildRequest({ source, call, credential: mode.credential, plugin: mode.plugin });
  const result = await executeRequest(request, {
    source,
    authorizeHop: createHopAuthorizer({ plugin: mode.plugin, config: source.api, credential: mode.credential }),
    retryDelay: quickRetries,
    ...options,
  });
  return { result, source };
}

/**
 * `runCall` for the tests of a file that call one upstream with one mode, resolving to the result. `baseUrl` is read at
 * each call, once the upstream has started.
 */
export function bindRunCall(
  baseUrl: () => string,
  mode: AuthMode,
): (call: ToolCall, extra?: RunCallExtra) => Promise<ToolResult> {
  return async (call, extra = {}) => (await runCall(baseUrl(), mode, call, extra)).result;
}
