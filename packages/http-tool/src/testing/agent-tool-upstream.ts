import { createServer } from "node:http";
import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the upstream received it. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local upstream for the agent tool tests, on 127.0.0.1 by default. */
export interface AgentToolUpstream {
  /** `http://<host>:<port>`. */
  readonly origin: string;
  /** Every request received, in order. */
  readonly received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * Starts an upstream that answers every request with JSON echoing what it
 * received (method, URL, headers, body): the hostile "echo" API that would
 * hand a credential back to the agent if nothing redacted it.
 */
export async function startAgentToolUpstream(host = "127.0.0.1"): Promise<AgentToolUpstream> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(entry);
      const payload = JSON.stringify({ echo: entry });
      response.writeHead(200, { "content-type": "application/json", "x-request-id": `request-${received.length}` });
      response.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
