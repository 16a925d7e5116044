import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSecondProcess } from "./helpers/run-second-process";
import { startUpstream, type Upstream } from "./helpers/start-upstream";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";
import { bearerConfig, startTestServer, type TestServer } from "./helpers/test-server";

const upstreamToken = "upstream-token-shared-8a2b4c6d0e";
let testHome: TestHome;
let upstream: Upstream;
let server: TestServer;

beforeAll(async () => {
  testHome = await createTestHome();
  testHome.secrets.push(upstreamToken);
  upstream = await startUpstream({ token: upstreamToken });
  server = await startTestServer(testHome);
});

afterAll(async () => {
  await server?.server.close();
  await upstream?.close();
  expect(linesLeakingSecrets(server.logs.lines, testHome.secrets)).toEqual([]);
  await testHome?.cleanup();
});

describe("the server and another process writing one SRC_HOME at once", () => {
  it("loses no source and no credential", async () => {
    const serverSlugs = ["srv-1", "srv-2", "srv-3", "srv-4"];
    const otherSlugs = ["cli-1", "cli-2", "cli-3", "cli-4"];
    const other = runSecondProcess({ env: testHome.env, baseUrl: upstream.url, slugs: otherSlugs, token: upstreamToken });
    const created = await Promise.all(
      serverSlugs.map((slug) => server.api("POST", "/v1/sources", { body: { config: bearerConfig(slug, upstream.url), credential: { token: upstreamToken } } })),
    );
    expect(created.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    await other;

    const listed = await server.api("GET", "/v1/sources");
    const entries = listed.json.sources as { slug: string; ok: boolean; hasCredential: boolean }[];
    expect(entries.map((entry) => entry.slug).sort()).toEqual([...serverSlugs, ...otherSlugs].sort());
    expect(entries.every((entry) => entry.ok && entry.hasCredential)).toBe(true);

    for (const slug of otherSlugs) {
      const answer = await server.api("POST", `/v1/tools/${slug}/call`, { body: { method: "GET", path: "/me" } });
      expect(answer.json, slug).toMatchObject({ ok: true, status: 200 });
    }
  });
});
