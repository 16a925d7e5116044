import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startUpstream as startRecorder } from "@src/http-tool/testing";
import { describe, expect, it } from "vitest";
import { startAuthorizationServer } from "../../../packages/auth-oauth2/test/start-authorization-server";
import { runCli } from "./helpers/run-cli";
import { startOtlpReceiver, type ReceivedSpan } from "./helpers/start-otlp-receiver";
import { startReplica } from "./helpers/start-replica";
import { createTestHome, secretForms } from "./helpers/test-home";
import { oauth2Config } from "./helpers/test-server";
import { useFileSetup } from "./helpers/use-setup";

// Traces of `src serve` (and `src call`) exported over OTLP/HTTP (JSON) to a collector stand-in this test starts on
// 127.0.0.1: the span tree of each call, its attributes, a caller's traceparent continued on the call route and /mcp,
// traceparent sent upstream only with api.propagateTrace, and no secret or value of any call in anything exported.
const upstreamToken = `upstream-${randomBytes(12).toString("hex")}`;
const queryKey = `qkey-${randomBytes(12).toString("hex")}`;
const clientId = "telemetry-agent";
const clientSecret = `oauth-secret-${randomBytes(12).toString("hex")}`;
// Values of the calls: none may reach a span (a path value, a query value, a body value, a fixed header's value).
const pathValue = "pathvalue8c1d";
const queryValue = "queryvalue5e2f";
const bodyValue = "bodyvalue7a3b";
const headerValue = "headervalue9d4e";

const traceId = randomBytes(16).toString("hex");
const parentSpanId = randomBytes(8).toString("hex");
const traceparent = `00-${traceId}-${parentSpanId}-01`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any JSON answer
type JsonAnswer = { status: number; json: any };

async function api(
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  const response = await fetch(`${setup.serve.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${setup.testHome.adminToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

const document = {
  openapi: "3.0.3",
  info: { title: "Items", version: "1.0.0" },
  paths: {
    "/items/{id}": {
      get: {
        operationId: "getItem",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "filter", in: "query", schema: { type: "string" } },
        ],
        responses: { "200": { description: "the item" } },
      },
    },
    "/me": { get: { operationId: "me", responses: { "200": { description: "me" } } } },
  },
};

const spansNamed = (name: string): ReceivedSpan[] => setup.receiver.spans().filter((span) => span.name === name);
const childrenOf = (span: ReceivedSpan): ReceivedSpan[] =>
  setup.receiver.spans().filter((other) => other.traceId === span.traceId && other.parentSpanId === span.spanId);

/** The home, the collector stand-in, the authorization server, the API and `src serve` exporting to the collector. */
const setup = useFileSetup(async (keep) => {
  const testHome = await keep(createTestHome(), (home) => home.cleanup());
  const receiver = await keep(startOtlpReceiver(), (started) => started.close());
  // Tokens that live less than the 30 s renewal margin: every call requests one, under its own span.
  const authorization = await keep(startAuthorizationServer({ clientId, clientSecret, tokenTtl: 5 }), (started) =>
    started.stop(),
  );
  const upstream = await keep(
    startRecorder(async (_request, response, recorded) => {
      const answer = (status: number): void =>
        void response
          .writeHead(status, { "content-type": "application/json" })
          .end(JSON.stringify({ ok: status === 200, items: [1, 2, 3] }));
      const bearer = recorded.headers.authorization?.replace(/^Bearer /, "") ?? "";
      if (recorded.searchParams.get("key") === queryKey) return answer(200);
      if (bearer === upstreamToken) return answer(recorded.path === "/missing" ? 404 : 200);
      answer((await authorization.accepts(bearer)) ? 200 : 401);
    }),
    (started) => started.close(),
  );
  const serve = await keep(
    startReplica({
      ...testHome.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "50",
    }),
    (started) => started.stop(),
  );

  const documentFile = join(testHome.home, "items-openapi.json");
  await writeFile(documentFile, JSON.stringify(document));
  const sources = [
    {
      config: {
        type: "api",
        name: "Docs",
        slug: "docs",
        enabled: true,
        api: {
          baseUrl: upstream.url,
          authType: "bearer",
          testEndpoint: "/me",
          openapi: documentFile,
          headers: { "X-Team": headerValue },
        },
      },
      credential: { token: upstreamToken },
    },
    {
      config: {
        type: "api",
        name: "Keyed",
        slug: "keyed",
        enabled: true,
        api: { baseUrl: upstream.url, authType: "query", queryParam: "key", testEndpoint: "/me", propagateTrace: true },
      },
      credential: { key: queryKey },
    },
    {
      config: oauth2Config("crm", "CRM", upstream.url, {
        tokenUrl: authorization.tokenUrl,
        grant: "client_credentials",
      }),
      credential: { clientId, clientSecret },
    },
  ];
  for (const source of sources) {
    const created = await serve.api("POST", "/v1/sources", source);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
  }
  return { testHome, receiver, authorization, upstream, serve };
}, 90_000);

describe("traces over OTLP/HTTP", () => {
  it("continues the caller's traceparent on the call route: one tool span, one client span per attempt, the path template, no value of the call", async () => {
    setup.upstream.requests.length = 0;
    const answer = await api("POST", "/v1/tools/api_docs/call", {
      body: { method: "GET", path: `/items/${pathValue}`, query: { filter: queryValue } },
      headers: { traceparent },
    });
    expect(answer.json).toMatchObject({ ok: true, status: 200 });
    // Only with api.propagateTrace does the API hear of the trace.
    expect(setup.upstream.requests.at(-1)?.headers.traceparent).toBeUndefined();

    await expect
      .poll(
        () =>
          setup.receiver.spans().filter((span) => span.traceId === traceId && span.name === "execute_tool api_docs")
            .length,
        { timeout: 20_000 },
      )
      .toBe(1);
    const tool = setup.receiver
      .spans()
      .find((span) => span.traceId === traceId && span.name === "execute_tool api_docs") as ReceivedSpan;
    expect(tool.parentSpanId).toBe(parentSpanId);
    expect(tool.resource["service.name"]).toBe("src-server");
    expect(tool.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "api_docs",
      "src.source": "docs",
      "src.channel": "http",
      "http.request.method": "GET",
      "url.template": "/items/{id}",
      "src.operation_id": "getItem",
      "http.response.status_code": 200,
      "src.attempts": 1,
      "src.outcome": "ok",
    });
    expect(tool.attributes["src.bytes_in"]).toBeGreaterThan(0);
    await expect.poll(() => childrenOf(tool).length, { timeout: 20_000 }).toBe(1);
    const [attempt] = childrenOf(tool);
    expect(attempt?.name).toBe("GET");
    expect(attempt?.kind).toBe(3);
    expect(attempt?.attributes).toMatchObject({
      "http.request.method": "GET",
      "server.address": "127.0.0.1",
      "server.port": setup.upstream.port,
      "url.scheme": "http",
      "http.response.status_code": 200,
      "url.template": "/items/{id}",
    });
    expect(attempt?.attributes["url.full"]).toBeUndefined();
  });

  it("sends traceparent upstream only for a source with api.propagateTrace, naming the attempt's span", async () => {
    setup.upstream.requests.length = 0;
    const answer = await api("POST", "/v1/tools/api_keyed/call", {
      body: { method: "POST", path: "/things", body: { note: bodyValue } },
      headers: { traceparent },
    });
    expect(answer.json).toMatchObject({ ok: true });
    const sent = setup.upstream.requests.at(-1)?.headers.traceparent;
    expect(sent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    await expect
      .poll(() => spansNamed("POST").find((span) => sent?.includes(span.spanId) === true), { timeout: 20_000 })
      .toBeDefined();
    const tool = spansNamed("execute_tool api_keyed").at(-1) as ReceivedSpan;
    expect(tool.attributes).toMatchObject({
      "src.channel": "http",
      "src.outcome": "ok",
      "http.request.method": "POST",
    });
    expect(tool.attributes["src.bytes_out"]).toBe(Buffer.byteLength(JSON.stringify({ note: bodyValue })));
  });

  it("continues the trace on /mcp and puts the token request under the call", async () => {
    const client = new Client({ name: "telemetry-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${setup.serve.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${setup.testHome.adminToken}`, traceparent } },
      }),
    );
    try {
      const result = await client.callTool({ name: "api_crm", arguments: { method: "GET", path: "/contacts" } });
      expect(result.isError).not.toBe(true);
    } finally {
      await client.close();
    }
    await expect
      .poll(() => spansNamed("execute_tool api_crm").find((span) => span.traceId === traceId), { timeout: 20_000 })
      .toBeDefined();
    const tool = spansNamed("execute_tool api_crm").find((span) => span.traceId === traceId) as ReceivedSpan;
    expect(tool.parentSpanId).toBe(parentSpanId);
    expect(tool.attributes).toMatchObject({ "src.channel": "mcp-http", "src.source": "crm", "src.outcome": "ok" });
    await expect
      .poll(
        () =>
          childrenOf(tool)
            .map((span) => span.name)
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual(["GET", "token_request"]);
    const token = childrenOf(tool).find((span) => span.name === "token_request");
    expect(token?.attributes).toMatchObject({
      "src.source": "crm",
      "src.auth.grant": "client_credentials",
      "src.outcome": "ok",
      "server.address": "127.0.0.1",
    });
  });

  it("names the outcome of a refused call and of an API's error status", async () => {
    const unknown = await api("POST", "/v1/tools/api_nothing_here/call", { body: { method: "GET", path: "/x" } });
    expect(unknown.status).toBe(404);
    const missing = await api("POST", "/v1/tools/api_docs/call", { body: { method: "GET", path: "/missing" } });
    expect(missing.json).toMatchObject({ ok: false });
    await expect.poll(() => spansNamed("execute_tool api_nothing_here").length, { timeout: 20_000 }).toBe(1);
    expect(spansNamed("execute_tool api_nothing_here")[0]?.attributes).toMatchObject({
      "src.outcome": "invalid",
      "error.type": "UNKNOWN_TOOL",
    });
    expect(spansNamed("execute_tool api_nothing_here")[0]?.status.code).toBe(2);
    // A name no tool can have is bounded: one fixed name and source, whatever the agent sent.
    const madeUp = await api("POST", `/v1/tools/api_Made_Up_${"x".repeat(5000)}/call`, {
      body: { method: "GET", path: "/x" },
    });
    expect([madeUp.status, madeUp.json.error.code]).toEqual([404, "UNKNOWN_TOOL"]);
    await expect.poll(() => spansNamed("execute_tool _other").length, { timeout: 20_000 }).toBe(1);
    expect(spansNamed("execute_tool _other")[0]?.attributes).toMatchObject({
      "gen_ai.tool.name": "_other",
      "src.source": "_other",
      "error.type": "UNKNOWN_TOOL",
    });
    expect(setup.receiver.spans().some((span) => span.name.length > 100)).toBe(false);
  });

  it("gives a search of the operations tool no HTTP method: it sends no request", async () => {
    const search = await api("POST", "/v1/tools/api_docs_operations/call", { body: { query: "current user" } });
    expect(search.json).toMatchObject({ ok: true, attempts: 0 });
    await expect.poll(() => spansNamed("execute_tool api_docs_operations").length, { timeout: 20_000 }).toBe(1);
    const span = spansNamed("execute_tool api_docs_operations")[0] as ReceivedSpan;
    expect(span.attributes).toMatchObject({ "src.outcome": "ok", "src.attempts": 0 });
    expect(span.attributes).not.toHaveProperty("http.request.method");
  });

  it("traces src call on the cli channel, flushed before the process exits", async () => {
    const run = await runCli(["call", "docs", "GET", "/me"], {
      env: {
        ...setup.testHome.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: setup.receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      },
    });
    expect(run.code, run.stderr).toBe(0);
    await expect
      .poll(() => setup.receiver.spans().filter((span) => span.attributes["src.channel"] === "cli").length, {
        timeout: 20_000,
      })
      .toBe(1);
    const tool = setup.receiver.spans().find((span) => span.attributes["src.channel"] === "cli") as ReceivedSpan;
    expect(tool.resource["service.name"]).toBe("src");
    // Called by its slug, the span names the source's tool as every channel does.
    expect(tool.name).toBe("execute_tool api_docs");
    expect(tool.attributes).toMatchObject({
      "gen_ai.tool.name": "api_docs",
      "src.source": "docs",
      "src.principal": "local",
      "src.outcome": "ok",
      "src.operation_id": "me",
    });
  });

  it("names the principal each call is for: the agent token's, and local for the admin token", async () => {
    const created = await api("POST", "/v1/tokens", { body: { name: "trace-agent" } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const agentToken = created.json.token as string;
    setup.testHome.secrets.push(agentToken);
    const agentTrace = randomBytes(16).toString("hex");
    const adminTrace = randomBytes(16).toString("hex");
    const call = (token: string, trace: string) =>
      api("POST", "/v1/tools/api_docs/call", {
        body: { method: "GET", path: "/me" },
        headers: { authorization: `Bearer ${token}`, traceparent: `00-${trace}-${parentSpanId}-01` },
      });
    expect((await call(agentToken, agentTrace)).json).toMatchObject({ ok: true });
    expect((await call(setup.testHome.adminToken, adminTrace)).json).toMatchObject({ ok: true });
    const toolSpanOf = (trace: string) =>
      setup.receiver.spans().find((span) => span.traceId === trace && span.name === "execute_tool api_docs");
    await expect.poll(() => toolSpanOf(agentTrace), { timeout: 20_000 }).toBeDefined();
    await expect.poll(() => toolSpanOf(adminTrace), { timeout: 20_000 }).toBeDefined();
    expect(toolSpanOf(agentTrace)?.attributes).toMatchObject({ "src.principal": "token:trace-agent" });
    expect(toolSpanOf(adminTrace)?.attributes).toMatchObject({ "src.principal": "local" });
    expect(JSON.stringify(setup.receiver.bodies)).not.toContain(agentToken);
  });

  it("exports no secret, query value, body, header value or path value in any span of the run", async () => {
    await expect.poll(() => setup.receiver.bodies.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const issued = (await setup.authorization.state()).issued;
    const secrets = [
      upstreamToken,
      queryKey,
      clientSecret,
      setup.testHome.adminToken,
      ...setup.testHome.secrets,
      ...issued,
    ].flatMap(secretForms);
    const values = [pathValue, queryValue, bodyValue, headerValue];
    const exported = setup.receiver.bodies.join("\n");
    for (const secret of secrets) expect(exported.includes(secret), "a secret was exported").toBe(false);
    for (const value of values) expect(exported.includes(value), `"${value}" was exported`).toBe(false);
    expect(setup.serve.stderr().includes(upstreamToken)).toBe(false);
  });
});

/** A collector that takes connections and never answers (one that hangs), on 127.0.0.1. */
async function startHangingCollector(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe("a collector that does not answer, and endpoints the exporter cannot use", () => {
  it("src call answers, says its spans were not sent, and waits no longer than its deadline for the collector", async () => {
    const collector = await startHangingCollector();
    try {
      const run = await runCli(["call", "docs", "GET", "/me"], {
        env: { ...setup.testHome.env, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("200");
      expect(run.stderr).toContain(
        `the collector at ${collector.url}/v1/traces did not take the last spans within 1500 ms`,
      );
    } finally {
      await collector.close();
    }
  });

  it("src serve keeps answering and warns once in its log that traces are not sent", async () => {
    const collector = await startHangingCollector();
    const replica = await startReplica({
      ...setup.testHome.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_TIMEOUT: "300",
      OTEL_BSP_SCHEDULE_DELAY: "50",
    });
    try {
      for (let call = 0; call < 3; call += 1) {
        const answer = await fetch(`${replica.url}/v1/tools/api_docs/call`, {
          method: "POST",
          headers: { authorization: `Bearer ${setup.testHome.adminToken}`, "content-type": "application/json" },
          body: JSON.stringify({ method: "GET", path: "/me" }),
        });
        expect(((await answer.json()) as { ok: boolean }).ok).toBe(true);
      }
      await expect
        .poll(() => replica.stderr().includes('"event":"trace_export_failed"'), { timeout: 20_000 })
        .toBe(true);
      expect(replica.stderr().split('"event":"trace_export_failed"')).toHaveLength(2);
    } finally {
      await replica.stop();
      await collector.close();
    }
  });

  it.each([
    { endpoint: "127.0.0.1:4318", problem: "must be an http:// or https:// URL" },
    { endpoint: "ftp://127.0.0.1:4318", problem: "src exports traces over OTLP/HTTP only" },
    { endpoint: "http://127.0.0.1:4318?token=collector-secret-51e", problem: "must not carry a query or fragment" },
  ])(
    "refuses OTEL_EXPORTER_OTLP_ENDPOINT=$endpoint before the call, naming the variable",
    async ({ endpoint, problem }) => {
      const before = setup.upstream.requests.length;
      const run = await runCli(["call", "docs", "GET", "/me"], {
        env: { ...setup.testHome.env, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("OTEL_EXPORTER_OTLP_ENDPOINT");
      expect(run.stderr).toContain(problem);
      expect(run.stderr).not.toContain("collector-secret-51e");
      expect(setup.upstream.requests.length).toBe(before);
    },
  );

  it.each([
    { variable: "OTEL_EXPORTER_OTLP_TIMEOUT", value: "10s", problem: "must be a whole number of milliseconds" },
    { variable: "OTEL_BSP_MAX_EXPORT_BATCH_SIZE", value: "0", problem: "at least 1" },
    { variable: "OTEL_EXPORTER_OTLP_COMPRESSION", value: "zstd", problem: "must be gzip or none" },
    { variable: "OTEL_TRACES_SAMPLER", value: "ratio", problem: "must be one of always_on" },
    { variable: "OTEL_EXPORTER_OTLP_HEADERS", value: "x-team=a,Bearer collector-secret-51e", problem: "entry 2 of 2" },
  ])(
    "refuses $variable=$value, which the SDK would ignore without a word, naming the variable",
    async ({ variable, value, problem }) => {
      const before = setup.upstream.requests.length;
      const run = await runCli(["call", "docs", "GET", "/me"], {
        env: { ...setup.testHome.env, OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", [variable]: value },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(variable);
      expect(run.stderr).toContain(problem);
      expect(run.stderr).not.toContain("collector-secret-51e");
      expect(setup.upstream.requests.length).toBe(before);
    },
  );

  it("refuses a sampling ratio outside 0 to 1 for a ratio sampler, and leaves it alone for another", async () => {
    const env = { ...setup.testHome.env, OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" };
    const refused = await runCli(["call", "docs", "GET", "/me"], {
      env: { ...env, OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "10" },
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("OTEL_TRACES_SAMPLER_ARG");
    expect(refused.stderr).toContain("must be a number from 0 to 1");
    const off = await runCli(["call", "docs", "GET", "/me"], {
      env: { ...env, OTEL_TRACES_SAMPLER: "always_off", OTEL_TRACES_SAMPLER_ARG: "10" },
    });
    expect(off.stderr).not.toContain("OTEL_TRACES_SAMPLER_ARG");
    expect(off.code).toBe(0);
  });
});
