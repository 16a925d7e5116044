import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the upstream saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/**
 * A small REST API on 127.0.0.1 that checks `Authorization: Bearer <token>`:
 * `GET /me`, `GET /echo` (returns the request, to prove redaction), 404 elsewhere.
 */
export async function startUpstream(token: string, host = "127.0.0.1"): Promise<{ url: string; seen: SeenRequest[]; close(): Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(value));
      };
      if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: "unauthorized" });
      const path = (request.url ?? "").split("?")[0];
      if (path === "/me") return send(200, { id: 1, login: "octo" });
      if (path === "/echo") return send(200, { method: request.method, url: request.url, headers: request.headers, body });
      return send(404, { error: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
