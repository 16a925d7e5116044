import { request } from "node:http";
import { startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";
import { bearerConfig, startTestServer, type TestServer } from "./helpers/test-server";

const upstreamToken = "upstream-token-disconnect-3f9a2c71d4";
let testHome: TestHome;
let server: TestServer;
let upstream: Upstream;
let upstreamUrl: string;
/** Each request to /hang: resolved when it arrives, and when the server closes it (it is never answered). */
const hanging: { arrived: Promise<void>; closed: Promise<void> }[] = [];
let onArrival: () => void = () => undefined;

beforeAll(async () => {
  testHome = await createTestHome();
  testHome.secrets.push(upstreamToken);
  upstream = await startUpstream((_incoming, outgoing, recorded) => {
    if (!recorded.path.startsWith("/hang")) {
      outgoing.writeHead(200, { "content-type": "application/json" });
      outgoing.end("{}");
      return;
    }
    let closed: () => void = () => undefined;
    hanging.push({ arrived: Promise.resolve(), closed: new Promise<void>((resolve) => (closed = resolve)) });
    outgoing.on("close", () => closed());
    onArrival();
  });
  upstreamUrl = upstream.url;
  server = await startTestServer(testHome);
  const created = await server.api("POST", "/v1/sources", {
    body: { config: bearerConfig("hang", upstreamUrl), credential: { token: upstreamToken } },
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await server?.server.close();
  await upstream?.close();
  expect(linesLeakingSecrets(server.logs.lines, testHome.secrets)).toEqual([]);
  await testHome?.cleanup();
});

/** Starts a tool call on a connection of its own and returns a function that drops that connection. */
function startCall(path: string): { drop: () => void; settled: Promise<string> } {
  const body = JSON.stringify({ method: "GET", path });
  const url = new URL(`${server.server.url}/v1/tools/api_hang/call`);
  let drop: () => void = () => undefined;
  const settled = new Promise<string>((resolve) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: false,
        headers: {
          authorization: `Bearer ${testHome.adminToken}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve("answered"));
      },
    );
    sent.on("error", () => resolve("dropped"));
    drop = () => sent.destroy();
    sent.end(body);
  });
  return { drop: () => drop(), settled };
}

describe("an agent that goes away", () => {
  it("cancels the upstream call when the agent's connection closes, and logs the call as cancelled", async () => {
    const arrived = new Promise<void>((resolve) => (onArrival = resolve));
    const before = server.logs.lines.length;
    const call = startCall("/hang");
    await arrived;
    call.drop();
    expect(await call.settled).toBe("dropped");
    // Without the cancellation the upstream request would stay open until the source's 30 s time-out.
    await hanging.at(-1)!.closed;
    await expect
      .poll(
        () =>
          server.logs
            .records()
            .slice(before)
            .filter((record) => record.event === "tool_call"),
        { timeout: 5000 },
      )
      .toEqual([expect.objectContaining({ source: "hang", ok: false, errorCode: "NETWORK" })]);
  }, 10_000);

  it("leaves the next call on another connection alone", async () => {
    const answer = await server.api("POST", "/v1/tools/api_hang/call", { body: { method: "GET", path: "/items" } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ ok: true, status: 200 });
  });
});
