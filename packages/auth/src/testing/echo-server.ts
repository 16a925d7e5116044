import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
/** A request to send: method, URL, headers and the body as text or bytes. */
interface AuthRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body?: string | Uint8Array | undefined;
}

/** What the echo server received. */
export interface EchoedRequest {
  readonly method: string;
  /** Path and query exactly as received on the request line. */
  readonly target: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A local HTTP server answering every request with a JSON `EchoedRequest`. */
export interface EchoServer {
  /** e.g. `http://127.0.0.1:40123` */
  readonly origin: string;
  /** Sends an applied request there (its URL must point at `origin`) and returns what the server saw. */
  send(request: AuthRequest): Promise<EchoedRequest>;
  close(): Promise<void>;
}

/**
 * Starts an echo server on a free port of `host`, for tests that prove a real
 * server receives the credential where the plugin says.
 *
 * @param host the loopback address to listen on. Default `"127.0.0.1"`.
 */
export async function startEchoServer(host = "127.0.0.1"): Promise<EchoServer> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const echoed: EchoedRequest = {
        method: incoming.method ?? "",
        target: incoming.url ?? "",
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      outgoing.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(echoed));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    async send(request) {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
      });
      return (await response.json()) as EchoedRequest;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
