import type { SourceRecord } from "@src/config";
import { buildRequest } from "../src/build-request";
import { createRequestAuthorizer } from "../src/request-authorizer";
import type { ExecuteOptions } from "../src/execute-options";
import { executeRequest } from "../src/execute-request";
import type { ToolCall } from "../src/tool-call";
import type { ToolResult } from "../src/tool-result";
import type { AuthMode } from "./auth-modes";
import { makeSource } from "./source-fixture";

/** Short backoff so retry tests stay fast. */
export const quickRetries = { baseMs: 5, maxRetryAfterMs: 2000 };

/** Builds `call` for a source at `baseUrl` with `mode`'s credential and executes it. */
export async function runCall(
  baseUrl: string,
  mode: AuthMode,
  call: ToolCall,
  extra: Partial<Omit<ExecuteOptions, "source" | "authorizer">> & { api?: Record<string, unknown> } = {},
): Promise<{ result: ToolResult; source: SourceRecord }> {
  const { api, ...options } = extra;
  const source = makeSource(baseUrl, { authType: mode.name, ...mode.api, ...api });
  const authorizer = createRequestAuthorizer({ source, plugin: mode.plugin, credential: mode.credential });
  const request = await buildRequest({ source, call, credential: mode.credential, plugin: mode.plugin, authorizer });
  const result = await executeRequest(request, { source, authorizer, retryDelay: quickRetries, ...options });
  return { result, source };
}
