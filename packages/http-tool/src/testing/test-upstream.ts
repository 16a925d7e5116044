import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the upstream received it. */
export interface RecordedRequest {
  /** 1 for the first request this upstream received, then 2, 3 ... */
  sequence: number;
  method: string;
  /** Path and query exactly as sent, e.g. `/v1/items?api_key=...`. */
  url: string;
  /** The path alone, e.g. `/v1/items`. */
  path: string;
  /** The query, parsed. */
  searchParams: URLSearchParams;
  /** Header names in lower case, as node:http gives them (repeated headers joined or dropped as node:http does). */
  headers: IncomingHttpHeaders;
  /** Every header line as sent, `[name, value, name, value, ...]`, names as written: shows a header sent twice. */
  rawHeaders: string[];
  /** The body as UTF-8 text (`""` when `readBody` is false). */
  body: string;
}

/** Answers one request; `recorded` is the same object that `requests` holds. A throw or rejection answers 500. */
export type UpstreamHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  recorded: RecordedRequest,
) => unknown;

/** Options of `startUpstream`. */
export interface UpstreamOptions {
  /** Loopback address to listen on. Default `"127.0.0.1"`; `"127.0.0.2"` plays "another origin". */
  host?: string;
  /** Read the whole body before `handler` runs. Default `true`; `false` hands the handler the unread stream. */
  readBody?: boolean;
}

/** A real HTTP server on a loopback address, recording every request it gets. */
export interface Upstream {
  /** `http://<host>:<port>`. */
  readonly origin: string;
  /** The same as `origin`: the base URL to give a source. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Every request received, in order of arrival. */
  readonly requests: RecordedRequest[];
  readonly server: Server;
  /** Closes open connections and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts a node:http server on `host` (127.0.0.1 by default) on a free port,
 * recording every request before `handler` answers it; without a handler it
 * echoes each request back (`echoRequest`). The one test upstream of the
 * project, in the spirit of vercel/ai's provider-utils test server: tests
 * assert on `requests` (what was really sent) and on what the handler answered.
 */
export async function startUpstream(
  handler: UpstreamHandler = echoRequest,
  { host = "127.0.0.1", readBody = true }: UpstreamOptions = {},
): Promise<Upstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? "";
    const parsed = new URL(url, "http://upstream.invalid");
    const recorded: RecordedRequest = {
      sequence: requests.length + 1,
      method: request.method ?? "",
      url,
      path: parsed.pathname,
      searchParams: parsed.searchParams,
      headers: { ...request.headers },
      rawHeaders: [...request.rawHeaders],
      body: "",
    };
    requests.push(recorded);
    const run = (): void => {
      Promise.resolve()
        .then(() => handler(request, response, recorded))
        .catch((error: unknown) => {
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
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: origin,
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

/**
 * The hostile "echo" API: answers 200 with JSON `{ echo: { method, url, headers, body } }`
 * of what it received (credential included, so a test can prove it is redacted)
 * and an `x-request-id: request-<sequence>` header.
 */
export function echoRequest(_request: IncomingMessage, response: ServerResponse, recorded: RecordedRequest): void {
  const { method, url, headers, body } = recorded;
  const text = JSON.stringify({ echo: { method, url, headers, body } });
  response.writeHead(200, { "content-type": "application/json", "x-request-id": `request-${recorded.sequence}` });
  response.end(text);
}

/** Sends `value` as JSON with `status` and a `content-length`. */
export function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(value);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

/** A free port on `host` with nothing listening on it (bound, then closed). */
export async function findClosedPort(host = "127.0.0.1"): Promise<number> {
  const upstream = await startUpstream(() => undefined, { host });
  const { port } = upstream;
  await upstream.close();
  return port;
}
