import type { ToolResult } from "../src/result/tool-result";
import { useUpstream } from "../src/testing/use-upstream";
import type { AuthMode } from "./auth-modes";
import { runCall } from "./run-call";

/** One echo route: what the API answers, given the credential it received and the request URL as sent. */
export type EchoRoute = (secret: string, requestUrl: string) => { contentType: string; body: string | Buffer };

/**
 * An API on 127.0.0.1 that hands the credential it received (the `api_key` query value or the bearer token) back
 * through the route matching the path; 404 for any other path. The echo tests' upstream: it serves the file's tests
 * (started before them, closed after them), and the function returned sends `GET /v1<path>` to it through `mode`,
 * with `api` added to the source's fields, and resolves to the tool result.
 */
export function useEchoRoutes(
  routes: Record<string, EchoRoute>,
): (mode: AuthMode, path: string, api?: Record<string, unknown>) => Promise<ToolResult> {
  const upstream = useUpstream((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const secret = url.searchParams.get("api_key") ?? (request.headers.authorization ?? "").replace(/^Bearer /, "");
    const route = routes[url.pathname];
    if (route === undefined) {
      response.writeHead(404);
      return response.end();
    }
    const { contentType, body } = route(secret, request.url ?? "");
    response.writeHead(200, { "content-type": contentType });
    response.end(body);
  });
  return async (mode, path, api = {}) => {
    const { result } = await runCall(`${upstream().origin}/v1`, mode, { method: "GET", path }, { api });
    return result;
  };
}
