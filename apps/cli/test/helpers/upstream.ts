import { findClosedPort, startUpstream as startTestUpstream, type RecordedRequest } from "@src/http-tool/testing";

/** How the upstream expects the credential (one per auth mode). */
export type UpstreamAuth =
  | { type: "bearer"; token: string }
  | { type: "header"; headerName: string; key: string }
  | { type: "query"; queryParam: string; key: string }
  | { type: "basic"; username: string; password: string };

/** A request the upstream accepted, with the credential left out. */
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
  /** The authorized requests, the credential left out. */
  received: ReceivedRequest[];
  /** Every request, exactly as it arrived (credential included). */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function authorized(recorded: RecordedRequest, auth: UpstreamAuth): boolean {
  switch (auth.type) {
    case "bearer":
      return recorded.headers.authorization === `Bearer ${auth.token}`;
    case "header":
      return recorded.headers[auth.headerName.toLowerCase()] === auth.key;
    case "query":
      return recorded.searchParams.get(auth.queryParam) === auth.key;
    case "basic":
      return (
        recorded.headers.authorization ===
        `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`
      );
  }
}

/**
 * An echo API on 127.0.0.1 (the shared `@src/http-tool/testing` upstream): 401 without the right
 * credential; `/missing` is a 404; every other path answers 200 with what it received (the credential left out).
 */
export async function startUpstream(auth: UpstreamAuth): Promise<Upstream> {
  const received: ReceivedRequest[] = [];
  const upstream = await startTestUpstream((_request, response, recorded) => {
    const searchParams = new URLSearchParams(recorded.searchParams);
    if (auth.type === "query") searchParams.delete(auth.queryParam);
    const query = Object.create(null) as Record<string, string | string[]>;
    for (const key of new Set(searchParams.keys())) {
      const values = searchParams.getAll(key);
      query[key] = values.length === 1 ? values[0]! : values;
    }
    const entry = {
      method: recorded.method,
      path: recorded.path,
      query,
      contentType: recorded.headers["content-type"],
      body: recorded.body,
    };
    const ok = authorized(recorded, auth);
    if (ok) received.push(entry);
    const status = !ok ? 401 : recorded.path === "/missing" ? 404 : 200;
    const body = JSON.stringify(
      status === 200 ? { echo: entry } : { error: status === 401 ? "unauthorized" : "not found" },
    );
    response.writeHead(status, { "content-type": "application/json" }).end(body);
  });
  return { url: upstream.url, received, requests: upstream.requests, close: () => upstream.close() };
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export const closedPort = (): Promise<number> => findClosedPort();
