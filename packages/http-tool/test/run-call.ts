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

/** Builds `call` for a source at `baseUrl` with `mode`'s credential and executes it. */
export async function runCall(
  baseUrl: string,
  mode: AuthMode,
  call: ToolCall,
  extra: Partial<Omit<ExecuteOptions, "source" | "authorizeHop">> & { api?: Record<string, unknown> } = {},
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
