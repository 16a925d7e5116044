import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the upstream received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query as sent, e.g. `/v1/items?api_key=...`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type UpstreamHandler = (request: IncomingMessage, response: ServerResponse, recorded: RecordedRequest) => unknown;

/** A real HTTP server on a loopback address, recording every request it gets. */
export interface Upstream {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  host: string;
  port: number;
  requests: RecordedRequest[];
  server: Server;
  close(): Promise<void>;
}

/**
 * Starts a node:http server on `host` (127.0.0.1 by default; 127.0.0.2 plays
 * "another origin") on a free port. The body is read before `handler` runs
 * unless `readBody` is false.
 */
export async function startUpstream(handler: UpstreamHandler, { host = "127.0.0.1", readBody = true }: { host?: string; readBody?: boolean } = {}): Promise<Upstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const recorded: RecordedRequest = { method: request.method ?? "", url: request.url ?? "", headers: { ...request.headers }, body: "" };
    requests.push(recorded);
    const run = (): void => {
      Promise.resolve(handler(request, response, recorded) as Promise<unknown>).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500);
        response.end(String(error));
      });
    };
    if (!readBody) return run();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      recorded.body = Buffer.concat(chunks).toString("utf8");
      run();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    host,
    port,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends `value` as JSON with `status`. */
export function sendJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  response.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), ...headers });
  response.end(text);
}

/** A free port with nothing listening on it (bound, then closed). */
export async function findClosedPort(host = "127.0.0.1"): Promise<number> {
  const upstream = await startUpstream(() => undefined, { host });
  const { port } = upstream;
  await upstream.close();
  return port;
}
