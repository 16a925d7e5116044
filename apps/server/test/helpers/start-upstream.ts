import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the upstream saw of one request (headers lower case). */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
}

/** A loopback API for tests: `/me` checks the bearer token, `/items` returns JSON, `/slow` waits for `release()`, `/fail` answers 500. */
export interface Upstream {
  url: string;
  seen: SeenRequest[];
  /** Requests to `/slow` currently waiting. */
  waiting(): number;
  /** Resolves once `count` requests wait on `/slow`. */
  waitForSlow(count: number): Promise<void>;
  /** Answers every waiting `/slow` request. */
  release(): void;
  close(): Promise<void>;
}

export async function startUpstream({ token, host = "127.0.0.1" }: { token: string; host?: string }): Promise<Upstream> {
  const seen: SeenRequest[] = [];
  let parked: (() => void)[] = [];
  let parkedListeners: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
    const path = (request.url ?? "/").split("?")[0];
    const authorized = request.headers.authorization === `Bearer ${token}`;
    const send = (status: number, body: unknown): void => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    request.resume();
    if (!authorized) return send(401, { message: "bad credentials" });
    if (path === "/me") return send(200, { login: "octo" });
    if (path === "/items") return send(200, { items: [{ id: 1, name: "first" }], query: request.url });
    if (path === "/fail") return send(500, { message: "upstream broke" });
    if (path === "/slow") {
      parked.push(() => send(200, { slow: true }));
      for (const listener of parkedListeners) listener();
      return;
    }
    send(404, { message: "no such path" });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    seen,
    waiting: () => parked.length,
    waitForSlow: (count) =>
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (parked.length >= count) resolve();
        };
        parkedListeners.push(check);
        check();
      }),
    release() {
      const answers = parked;
      parked = [];
      for (const answer of answers) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        parkedListeners = [];
        for (const answer of parked) answer();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
