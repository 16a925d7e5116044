import { createServer, type IncomingMessage, type Server } from "node:http";

/** How the upstream expects the credential (one per auth mode). */
export type UpstreamAuth =
  | { type: "bearer"; token: string }
  | { type: "header"; headerName: string; key: string }
  | { type: "query"; queryParam: string; key: string }
  | { type: "basic"; username: string; password: string };

/** A request the upstream received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  contentType: string | undefined;
  body: string;
}

/** A running test upstream. */
export interface Upstream {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

function authorized(request: IncomingMessage, url: URL, auth: UpstreamAuth): boolean {
  switch (auth.type) {
    case "bearer":
      return request.headers.authorization === `Bearer ${auth.token}`;
    case "header":
      return request.headers[auth.headerName.toLowerCase()] === auth.key;
    case "query":
      return url.searchParams.get(auth.queryParam) === auth.key;
    case "basic":
      return request.headers.authorization === `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`;
  }
}

/**
 * An echo API on 127.0.0.1: 401 without the right credential; `/missing` is a 404;
 * every other path answers 200 with what it received (the credential left out).
 */
export async function startUpstream(auth: UpstreamAuth): Promise<Upstream> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      if (auth.type === "query") url.searchParams.delete(auth.queryParam);
      const query = Object.create(null) as Record<string, string | string[]>;
      for (const key of new Set(url.searchParams.keys())) {
        const values = url.searchParams.getAll(key);
        query[key] = values.length === 1 ? values[0]! : values;
      }
      const entry = { method: request.method ?? "", path: url.pathname, query, contentType: request.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") };
      const ok = authorized(request, new URL(request.url ?? "/", "http://127.0.0.1"), auth);
      if (ok) received.push(entry);
      const status = !ok ? 401 : url.pathname === "/missing" ? 404 : 200;
      const body = JSON.stringify(status === 200 ? { echo: entry } : { error: status === 401 ? "unauthorized" : "not found" });
      response.writeHead(status, { "content-type": "application/json" }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
