// The one source every throughput bench calls, "bench" (bearer, on the bench's upstream), and the in-process server
// the benches start around it: a fresh home, a quiet logger and the bench's concurrency limits.
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { createServerLogger, startServer, type RunningServer } from "@src/server";

/** Where the bench source points and the admin token of the server it is added to. */
export interface BenchSourceTarget {
  adminToken: string;
  upstreamUrl: string;
  upstreamToken: string;
}

/** Adds the source "bench" through `POST /v1/sources` of the server at `serverUrl`; throws unless it was created. */
export async function addBenchSource(
  serverUrl: string,
  { adminToken, upstreamUrl, upstreamToken }: BenchSourceTarget,
): Promise<void> {
  const created = await fetch(`${serverUrl}/v1/sources`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({
      config: {
        type: "api",
        name: "Bench",
        slug: "bench",
        enabled: true,
        api: { baseUrl: upstreamUrl, authType: "bearer", testEndpoint: "/items" },
      },
      credential: { token: upstreamToken },
    }),
  });
  if (created.status !== 201)
    throw new Error(`could not create the bench source: ${created.status} ${await created.text()}`);
}

/** A server in this process with the source "bench" added; `home` is its new temp home (the caller removes it). */
export async function startBenchServer(
  target: BenchSourceTarget & { homePrefix: string; store?: string },
): Promise<{ server: RunningServer; home: string }> {
  const home = await mkdtemp(join(tmpdir(), target.homePrefix));
  const env = {
    SRC_HOME: home,
    SRC_VAULT_KEY: randomBytes(32).toString("base64"),
    SRC_SERVER_TOKEN: target.adminToken,
  };
  const server = await startServer({
    home,
    env,
    port: 0,
    ...(target.store === undefined ? {} : { store: target.store }),
    logger: createServerLogger({ destination: new Writable({ write: (_chunk, _encoding, callback) => callback() }) }),
    limits: { maxConcurrentCallsPerSource: 64, maxQueuedCallsPerSource: 1024 },
  });
  await addBenchSource(server.url, target);
  return { server, home };
}
