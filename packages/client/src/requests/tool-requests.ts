import type { RequestOptions, SendRequest } from "../send-request";
import type { ResponseBodyOf, ToolCall } from "../server-api-types";

/** The tool routes: `/v1/tools...` (the only ones an agent token may use, besides `/mcp`). */
export interface ToolRequests {
  /** `GET /v1/tools`: the tools of the enabled sources; `verbose` adds each one's description and input schema (`/tools -v`). */
  list(options?: RequestOptions & { verbose?: boolean }): Promise<ResponseBodyOf<"/v1/tools", "get">>;
  /** `POST /v1/tools/{name}/call`: the agent's call. Answers the tool result whatever the upstream said (`ok` tells). Never retried. */
  call(
    name: string,
    call: ToolCall,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/tools/{name}/call", "post">>;
}

export function createToolRequests(send: SendRequest): ToolRequests {
  return {
    list: ({ verbose = false, ...options } = {}) =>
      send({ method: "get", path: "v1/tools", searchParams: { verbose: verbose ? "1" : "0" } }, options),
    call: (name, call, options) =>
      send(
        { method: "post", path: `v1/tools/${encodeURIComponent(name)}/call`, json: call, callsUpstream: true },
        options,
      ),
  };
}
