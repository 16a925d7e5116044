import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startTestPostgres } from "@src/store-postgres/testing";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthorizationServer } from "../../../packages/auth-oauth2/test/start-authorization-server";
import { startAuthorizationServer } from "../../../packages/auth-oauth2/test/start-authorization-server";
import { startUpstream, type Upstream } from "./helpers/start-upstream";
import { createTestHome, secretForms, type TestHome } from "./helpers/test-home";
import { bearerConfig, oauth2Config, startTestServer, type TestServer } from "./helpers/test-server";

// GET /metrics in the Prometheus text format, read with a Prometheus text-format parser: the counts match the calls
// this test makes, the labels stay bounded, the route needs the admin or the metrics token, and nothing in it is a
// secret. Each test starts its own server (its own counters), so it can run alone, in any order, and again.
const upstreamToken = `upstream-${randomBytes(12).toString("hex")}`;
const clientId = "metrics-agent";
const clientSecret = `oauth-secret-${randomBytes(12).toString("hex")}`;
let upstream: Upstream;
let authorization: AuthorizationServer;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  [upstream, authorization] = await Promise.all([
    startUpstream({ token: upstreamToken }),
    startAuthorizationServer({ clientId, clientSecret }),
  ]);
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await upstream.close();
  await authorization.stop();
}, 60_000);

async function startServerWithSources(
  extra: Record<string, unknown> = {},
): Promise<{ testHome: TestHome; server: TestServer; metricsToken: string }> {
  const testHome = await createTestHome();
  const metricsToken = `metrics-${randomBytes(16).toString("hex")}`;
  const server = await startTestServer(testHome, {
    env: { ...testHome.env, SRC_METRICS_TOKEN: metricsToken },
    ...extra,
  });
  cleanups.push(
    () => testHome.cleanup(),
    () => server.server.close(),
  );
  for (const [slug, token] of [
    ["alpha", upstreamToken],
    ["beta", "a-wrong-upstream-token-1234"],
  ] as const) {
    const created = await server.api("POST", "/v1/sources", {
      body: { config: bearerConfig(slug, upstream.url), credential: { token } },
    });
    expect(created.status).toBe(201);
  }
  return { testHome, server, metricsToken };
}

type Families = ReturnType<typeof parsePrometheusTextFormat>;

async function scrape(server: TestServer, token: string): Promise<{ text: string; families: Families }> {
  const answer = await server.api("GET", "/metrics", { token });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: answer.text, families: parsePrometheusTextFormat(answer.text) };
}

/** The value of the sample of `name` whose labels include `labels`; 0 when there is none. */
function valueOf(families: Families, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((candidate) => candidate.name === name);
  const sample = family?.metrics.find((metric) =>
    Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
  );
  if (sample === undefined) return 0;
  return Number(sample.value ?? sample.count);
}

const call = (server: TestServer, tool: string, input: unknown, token?: string) =>
  server.api("POST", `/v1/tools/${tool}/call`, { body: input, ...(token === undefined ? {} : { token }) });

describe("GET /metrics", () => {
  it("counts every final upstream answer once, a status from 600 to 999 under status_class other", async () => {
    const { server, metricsToken } = await startServerWithSources();
    for (const status of [200, 404, 600, 999]) {
      const result = await call(server, "api_alpha", { method: "GET", path: `/status/${status}` });
      expect(result.json.status, result.text).toBe(status);
    }
    const { text, families } = await scrape(server, metricsToken);
    expect(valueOf(families, "src_upstream_responses_total", { source: "alpha", status_class: "2xx" })).toBe(1);
    expect(valueOf(families, "src_upstream_responses_total", { source: "alpha", status_class: "4xx" })).toBe(1);
    expect(valueOf(families, "src_upstream_responses_total", { source: "alpha", status_class: "other" })).toBe(2);
    // The label stays one of a fixed set: the status itself never becomes a label value.
    const classes = [...text.matchAll(/^src_upstream_responses_total\{[^}]*status_class="([^"]*)"/gm)].map(
      (match) => match[1],
    );
    expect(new Set(classes)).toEqual(new Set(["2xx", "4xx", "other"]));
    const answered = families
      .find((family) => family.name === "src_upstream_responses_total")
      ?.metrics.filter((metric) => metric.labels?.source === "alpha")
      .reduce((sum, metric) => sum + Number(metric.value), 0);
    expect(answered).toBe(4);
  });

  it("counts the calls made, by source, channel and outcome, with status classes, latency and refusals", async () => {
    const { testHome, server, metricsToken } = await startServerWithSources();
    for (let index = 0; index < 3; index += 1)
      expect((await call(server, "api_alpha", { method: "GET", path: "/items" })).json.ok).toBe(true);
    for (let index = 0; index < 2; index += 1)
      expect((await call(server, "api_alpha", { method: "GET", path: "/nope" })).json.status).toBe(404);
    expect((await call(server, "api_beta", { method: "GET", path: "/items" })).json.status).toBe(401);
    expect(
      (await call(server, `api_unknown_${randomBytes(4).toString("hex")}`, { method: "GET", path: "/" })).status,
    ).toBe(404);
    const agent = await server.api("POST", "/v1/tokens", { body: { name: "beta-only", sources: ["beta"] } });
    expect(
      (await call(server, "api_alpha", { method: "GET", path: "/items" }, agent.json.token as string)).status,
    ).toBe(403);
    const client = new Client({ name: "metrics-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${testHome.adminToken}` } },
      }),
    );
    for (let index = 0; index < 2; index += 1)
      expect(
        (await client.callTool({ name: "api_alpha", arguments: { method: "GET", path: "/items" } })).isError,
      ).not.toBe(true);
    await client.close();

    const { text, families } = await scrape(server, metricsToken);
    expect(valueOf(families, "src_tool_calls_total", { source: "alpha", channel: "http", outcome: "ok" })).toBe(3);
    expect(
      valueOf(families, "src_tool_calls_total", { source: "alpha", channel: "http", outcome: "upstream_error" }),
    ).toBe(2);
    expect(valueOf(families, "src_tool_calls_total", { source: "alpha", channel: "http", outcome: "denied" })).toBe(1);
    expect(valueOf(families, "src_tool_calls_total", { source: "alpha", channel: "mcp-http", outcome: "ok" })).toBe(2);
    expect(valueOf(families, "src_tool_calls_total", { source: "beta", channel: "http", outcome: "needs_auth" })).toBe(
      1,
    );
    // An unknown tool's name is the agent's input: it is never a label.
    expect(valueOf(families, "src_tool_calls_total", { source: "_other", channel: "http", outcome: "invalid" })).toBe(
      1,
    );
    expect(text).not.toContain("api_unknown_");
    expect(valueOf(families, "src_upstream_responses_total", { source: "alpha", status_class: "2xx" })).toBe(5);
    expect(valueOf(families, "src_upstream_responses_total", { source: "alpha", status_class: "4xx" })).toBe(2);
    expect(valueOf(families, "src_upstream_responses_total", { source: "beta", status_class: "4xx" })).toBe(1);
    // The parser folds the series of a labelled histogram into one, so its count per source is read from its line.
    expect(families.find((family) => family.name === "src_tool_call_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(/^src_tool_call_duration_seconds_count\{source="alpha"\} (\d+)$/m.exec(text)?.[1]).toBe("8");
    expect(valueOf(families, "src_policy_refusals_total", { source: "alpha", code: "FORBIDDEN" })).toBe(1);
    expect(valueOf(families, "src_tool_calls_in_flight", { channel: "http" })).toBe(0);
    expect(families.find((family) => family.name === "process_cpu_seconds_total")).toBeDefined();
    for (const form of [
      upstreamToken,
      testHome.adminToken,
      metricsToken,
      agent.json.token as string,
      ...testHome.secrets,
    ].flatMap(secretForms))
      expect(text.includes(form)).toBe(false);
  });

  it("counts rate-limited calls: the per-source queue full", async () => {
    const { server, metricsToken } = await startServerWithSources({
      limits: { maxConcurrentCallsPerSource: 1, maxQueuedCallsPerSource: 0 },
    });
    const slow = call(server, "api_alpha", { method: "GET", path: "/slow" });
    await upstream.waitForSlow(1);
    const refused = await call(server, "api_alpha", { method: "GET", path: "/items" });
    expect(refused.status).toBe(429);
    upstream.release();
    await slow;
    const { families } = await scrape(server, metricsToken);
    expect(valueOf(families, "src_rate_limited_calls_total", { source: "alpha", limit: "concurrency" })).toBe(1);
    expect(valueOf(families, "src_tool_calls_total", { source: "alpha", outcome: "busy" })).toBe(1);
  });

  it("counts the policy's refusals: a denied call, one waiting for a confirmation, one over the rate limit", async () => {
    const { server, metricsToken } = await startServerWithSources();
    const policy = { deny: ["DELETE /**"], confirm: ["POST /items"], rateLimit: { calls: 2, perSeconds: 3600 } };
    const created = await server.api("POST", "/v1/sources", {
      body: {
        config: bearerConfig("guarded", upstream.url, {
          api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me", policy },
        }),
        credential: { token: upstreamToken },
      },
    });
    expect(created.status).toBe(201);
    expect((await call(server, "api_guarded", { method: "DELETE", path: "/items/1" })).status).toBe(403);
    expect((await call(server, "api_guarded", { method: "POST", path: "/items", body: {} })).json.error.code).toBe(
      "CONFIRMATION_REQUIRED",
    );
    const codes: string[] = [];
    for (let index = 0; index < 3; index += 1)
      codes.push(
        ((await call(server, "api_guarded", { method: "GET", path: "/items" })).json.error?.code as
          string | undefined) ?? "ok",
      );
    expect(codes.filter((code) => code === "RATE_LIMITED").length).toBeGreaterThanOrEqual(1);
    const { families } = await scrape(server, metricsToken);
    expect(valueOf(families, "src_tool_calls_total", { source: "guarded", outcome: "denied" })).toBe(1);
    expect(valueOf(families, "src_tool_calls_total", { source: "guarded", outcome: "needs_confirmation" })).toBe(1);
    expect(valueOf(families, "src_policy_refusals_total", { source: "guarded", code: "POLICY_DENIED" })).toBe(1);
    expect(valueOf(families, "src_policy_refusals_total", { source: "guarded", code: "CONFIRMATION_REQUIRED" })).toBe(
      1,
    );
    expect(valueOf(families, "src_rate_limited_calls_total", { source: "guarded", limit: "policy" })).toBe(
      codes.filter((code) => code === "RATE_LIMITED").length,
    );
    expect(valueOf(families, "src_tool_calls_total", { source: "guarded", outcome: "rate_limited" })).toBe(
      codes.filter((code) => code === "RATE_LIMITED").length,
    );
  });

  it("counts token requests and their failures as the authorization server saw them", async () => {
    const { server, metricsToken } = await startServerWithSources();
    const before = (await authorization.state()).requests.length;
    for (const [slug, secret] of [
      ["crm", clientSecret],
      ["crm-wrong", "not-the-client-secret-5678"],
    ] as const) {
      const created = await server.api("POST", "/v1/sources", {
        body: {
          config: oauth2Config(slug, slug, upstream.url, {
            tokenUrl: authorization.tokenUrl,
            grant: "client_credentials",
          }),
          credential: { clientId, clientSecret: secret },
        },
      });
      expect(created.status).toBe(201);
    }
    await call(server, "api_crm", { method: "GET", path: "/items" });
    expect((await call(server, "api_crm-wrong", { method: "GET", path: "/items" })).json.error.code).toBe(
      "AUTH_FAILED",
    );
    const made = (await authorization.state()).requests.length - before;
    const { text, families } = await scrape(server, metricsToken);
    const ok = valueOf(families, "src_token_requests_total", {
      source: "crm",
      grant: "client_credentials",
      outcome: "ok",
    });
    const refused = valueOf(families, "src_token_requests_total", {
      source: "crm-wrong",
      grant: "client_credentials",
      outcome: "needs_auth",
    });
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(ok + refused).toBe(made);
    expect(text.includes(clientSecret)).toBe(false);
  });

  it("counts vault and store failures", async () => {
    const { testHome, server, metricsToken } = await startServerWithSources();
    // Names no source can have are an agent's mistake (UNKNOWN_TOOL), never counted as a store failure.
    for (const name of ["api_Upper_X", `api_${"a".repeat(5000)}`]) {
      const refused = await call(server, name, { method: "GET", path: "/items" });
      expect([refused.status, refused.json.error.code]).toEqual([404, "UNKNOWN_TOOL"]);
    }
    await writeFile(join(testHome.home, "sources", "alpha", "config.json"), "{ not json");
    expect((await call(server, "api_alpha", { method: "GET", path: "/items" })).status).toBeGreaterThanOrEqual(400);
    await writeFile(join(testHome.home, "vault.json"), "{ not a vault");
    expect((await call(server, "api_beta", { method: "GET", path: "/items" })).status).toBeGreaterThanOrEqual(400);
    const { families } = await scrape(server, metricsToken);
    const total = (name: string): number =>
      (families.find((family) => family.name === name)?.metrics ?? []).reduce(
        (sum, metric) => sum + Number(metric.value),
        0,
      );
    expect(total("src_store_errors_total")).toBe(1);
    expect(total("src_vault_errors_total")).toBe(1);
    // The damaged config.json's calls count under its source, the one to mend, not under "_other".
    expect(valueOf(families, "src_tool_calls_total", { source: "alpha", channel: "http" })).toBe(1);
    expect(valueOf(families, "src_tool_calls_total", { source: "_other", channel: "http" })).toBe(2);
  });

  it("opens with the admin token or the metrics token only; the metrics token opens nothing else", async () => {
    const { testHome, server, metricsToken } = await startServerWithSources();
    expect((await server.api("GET", "/metrics", { token: null })).status).toBe(401);
    expect((await server.api("GET", "/metrics", { token: "not-a-token-of-this-server" })).status).toBe(401);
    expect((await server.api("GET", "/metrics", { token: testHome.adminToken })).status).toBe(200);
    expect((await server.api("GET", "/metrics", { token: metricsToken })).status).toBe(200);
    expect((await server.api("GET", "/v1/sources", { token: metricsToken })).status).toBe(401);
    expect((await call(server, "api_alpha", { method: "GET", path: "/items" }, metricsToken)).status).toBe(401);
    const agent = await server.api("POST", "/v1/tokens", { body: { name: "agent", sources: ["alpha"] } });
    const byAgent = await server.api("GET", "/metrics", { token: agent.json.token as string });
    expect(byAgent.status).toBe(403);
    expect(byAgent.json.error.message).toContain("needs the admin token or the metrics token");
    // A scraper with a wrong token is told what opens /metrics, not to use an agent token (which never does).
    const wrong = await server.api("GET", "/metrics", { token: "not-a-token-of-this-server" });
    expect(wrong.json.error.message).toContain(
      "GET /metrics takes Authorization: Bearer <token> with the admin token or the metrics token",
    );
    expect(wrong.json.error.message).not.toContain("agent token");
    // HEAD, as some probes send it, opens with the metrics token as GET does.
    expect((await server.api("HEAD", "/metrics", { token: metricsToken })).status).toBe(200);
  });

  it("refuses a metrics token that is too short before listening, calling it the metrics token", async () => {
    const testHome = await createTestHome();
    cleanups.push(() => testHome.cleanup());
    const refused = startTestServer(testHome, { metricsToken: "short" });
    await expect(refused).rejects.toThrow(/unusable metrics token from --metrics-token.*16/);
    await expect(refused).rejects.toThrow(
      /or leave --metrics-token out \(GET \/metrics then takes the admin token only\)/,
    );
  });

  it("shows the PostgreSQL pool of a replica", async () => {
    const database = await startTestPostgres();
    cleanups.push(() => database.close());
    const { server, metricsToken } = await startServerWithSources({ store: await database.createDatabase() });
    const { families } = await scrape(server, metricsToken);
    expect(valueOf(families, "src_store_pool_max_connections")).toBe(10);
    expect(valueOf(families, "src_store_pool_connections", { state: "active" })).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(families, "src_store_pool_connections", { state: "idle" }) +
        valueOf(families, "src_store_pool_connections", { state: "active" }),
    ).toBeLessThanOrEqual(11);
  }, 120_000);
});
