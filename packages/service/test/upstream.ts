import { sendJson, startUpstream as startTestUpstream, type RecordedRequest } from "@src/http-tool/testing";

/**
 * A small REST API on 127.0.0.1 (the shared `@src/http-tool/testing` upstream) that checks
 * `Authorization: Bearer <token>`: `GET /me`, `GET /echo` (returns the request, to prove redaction), 404 elsewhere.
 */
export async function startUpstream(
  token: string,
  host = "127.0.0.1",
): Promise<{ url: string; seen: RecordedRequest[]; close(): Promise<void> }> {
  const upstream = await startTestUpstream(
    (_request, response, { method, url, path, headers, body }) => {
      if (headers.authorization !== `Bearer ${token}`) return sendJson(response, 401, { error: "unauthorized" });
      if (path === "/me") return sendJson(response, 200, { id: 1, login: "octo" });
      if (path === "/echo") return sendJson(response, 200, { method, url, headers, body });
      return sendJson(response, 404, { error: "not found" });
    },
    { host },
  );
  return { url: upstream.url, seen: upstream.requests, close: () => upstream.close() };
}
