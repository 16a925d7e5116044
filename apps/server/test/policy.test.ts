import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { startUpstream as startRecordingUpstream } from "@src/http-tool/testing";
import { bearerConfig } from "./helpers/test-server";
import { useServerPerFile } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-token-policy-7c2e91ab55";
const setup = useServerPerFile({ upstreamToken });
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function addSource(slug: string, policy: Record<string, unknown>): Promise<void> {
  // Each test sets up its own state, also when vitest runs it again.
  await setup.server.api("DELETE", `/v1/sources/${slug}`);
  const answer = await setup.server.api("POST", "/v1/sources", {
    body: { config: bearerConfig(slug, setup.upstream.url, {}), credential: { token: upstreamToken } },
  });
  expect(answer.status, answer.text).toBe(201);
  const patched = await setup.server.api("PATCH", `/v1/sources/${slug}`, { body: { api: { policy } } });
  expect(patched.status, patched.text).toBe(200);
}

/** One call through the HTTP API, and which requests reached the upstream meanwhile. */
async function call(slug: string, body: Record<string, unknown>, token?: string) {
  const before = setup.upstream.seen.length;
  const answer = await setup.server.api("POST", `/v1/tools/api_${slug.replaceAll("-", "_")}/call`, {
    body,
    ...(token === undefined ? {} : { token }),
  });
  return { ...answer, sent: setup.upstream.seen.slice(before).map((request) => `${request.method} ${request.path}`) };
}

async function auditLines(): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(setup.testHome.home, "logs", "calls.jsonl"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function createToken(body: Record<string, unknown>): Promise<string> {
  await setup.server.api("DELETE", `/v1/tokens/${String(body.name)}`);
  const answer = await setup.server.api("POST", "/v1/tokens", { body });
  expect(answer.status, answer.text).toBe(201);
  setup.testHome.secrets.push(answer.json.token as string);
  return answer.json.token as string;
}

async function connectMcp(
  token: string,
  answer?: () => { action: "accept" | "decline"; content?: Record<string, unknown> },
): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const client = new Client(
    { name: "policy-server-test", version: "1.0.0" },
    answer === undefined ? {} : { capabilities: { elicitation: {} } },
  );
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return answer();
    });
  }
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${setup.server.server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return { client, asked };
}

describe("api.policy over the server API", () => {
  it("is taken like any api field, an invalid rule is a 422 listed with the others, and null removes it", async () => {
    await setup.server.api("DELETE", "/v1/sources/edit-me");
    const created = await setup.server.api("POST", "/v1/sources", {
      body: { config: bearerConfig("edit-me", setup.upstream.url, {}), credential: { token: upstreamToken } },
    });
    expect(created.status).toBe(201);
    const invalid = await setup.server.api("PATCH", "/v1/sources/edit-me", {
      body: { api: { policy: { allow: ["GETT /x"], deny: ["operation:x"] } } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.error.details).toEqual([
      { path: "api.policy.allow.0", message: expect.stringContaining('did you mean "GET /x"?') },
      {
        path: "api.policy.deny.0",
        message: expect.stringContaining("names operations of an OpenAPI document, and the source has none"),
      },
    ]);
    expect((await setup.server.api("GET", "/v1/sources/edit-me")).json.source.api.policy).toBeUndefined();
    expect(
      (await setup.server.api("PATCH", "/v1/sources/edit-me", { body: { api: { policy: { mode: "read-only" } } } }))
        .json.source.api.policy,
    ).toEqual({ mode: "read-only" });
    expect(
      (await setup.server.api("PATCH", "/v1/sources/edit-me", { body: { api: { policy: null } } })).json.source.api
        .policy,
    ).toBeUndefined();
  });

  it("a refused call is a 403 with the tool result naming the rule; nothing reaches the upstream; one audit line denied", async () => {
    await addSource("guarded", { allow: ["GET /items/**", "POST /items"], deny: ["GET /items/secret/**"] });
    const since = new Date().toISOString();
    const denied = await call("guarded", { method: "GET", path: "/items/secret/1" });
    expect(denied.status).toBe(403);
    expect(denied.sent).toEqual([]);
    expect(denied.json).toMatchObject({
      ok: false,
      status: 0,
      attempts: 0,
      error: { code: "POLICY_DENIED", rule: "GET /items/secret/**", retryable: false },
    });
    const notInAllow = await call("guarded", { method: "DELETE", path: "/items/1" });
    expect(notInAllow.status).toBe(403);
    expect(notInAllow.json.error).toMatchObject({ code: "POLICY_DENIED", rule: "not in allow" });
    const allowed = await call("guarded", { method: "GET", path: "/items/1" });
    expect(allowed.status).toBe(200);
    expect(allowed.sent).toEqual(["GET /items/1"]);
    await expect
      .poll(async () =>
        (await auditLines())
          .filter((line) => line.source === "guarded" && String(line.time) >= since)
          .map((line) => [line.channel, line.outcome, line.rule ?? null]),
      )
      .toEqual([
        ["http", "denied", "GET /items/secret/**"],
        ["http", "denied", "not in allow"],
        ["http", "sent", null],
      ]);
    expect(
      setup.server.logs
        .records()
        .find(
          (record) =>
            record.event === "tool_call" && record.source === "guarded" && record.errorCode === "POLICY_DENIED",
        ),
    ).toMatchObject({ rule: "GET /items/secret/**" });
  });

  it("a confirm rule over the HTTP API, where no person can be asked: 403 CONFIRMATION_REQUIRED naming the rule, nothing sent", async () => {
    await addSource("confirming", { confirm: ["DELETE /items/*"] });
    const refused = await call("confirming", { method: "DELETE", path: "/items/7" });
    expect(refused.status).toBe(403);
    expect(refused.sent).toEqual([]);
    expect(refused.json.error).toMatchObject({ code: "CONFIRMATION_REQUIRED", rule: "DELETE /items/*" });
  });

  it("over the rate limit: 429 with Retry-After and RATE_LIMITED; the upstream counts only the calls within it", async () => {
    await addSource("limited", { rateLimit: { calls: 2, perSeconds: 60 } });
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await call("limited", { method: "GET", path: "/items" }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 429]);
    expect(answers.flatMap((answer) => answer.sent)).toEqual(["GET /items", "GET /items"]);
    const over = answers[3]!;
    expect(over.json.error).toMatchObject({ code: "RATE_LIMITED", retryable: true, rule: "rateLimit 2/60s" });
    expect(over.headers.get("retry-after")).toBe(String(over.json.error.retryAfterSeconds));
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("documents api.policy and the refusal statuses in /openapi.json", async () => {
    const document = (await setup.server.api("GET", "/openapi.json")).json;
    const policy = document.components.schemas.ApiPolicy;
    expect(Object.keys(policy.properties).sort()).toEqual(["allow", "confirm", "deny", "mode", "rateLimit", "tools"]);
    expect(policy.properties.mode.enum).toEqual(["read-write", "read-only"]);
    expect(document.components.schemas.SourceRecord.properties.api.properties.policy.$ref).toBe(
      "#/components/schemas/ApiPolicy",
    );
    const responses = document.paths["/v1/tools/{name}/call"].post.responses;
    expect(responses["403"].description).toContain("POLICY_DENIED");
    expect(responses["429"].headers["Retry-After"]).toBeDefined();
    expect(document.components.schemas.CreatedAgentToken.properties.readOnly).toBeDefined();
  });
});

describe("agent tokens narrow the policy", () => {
  it("a read-only token can never write, whatever the source allows; its tools are read-only; its own rate limit holds", async () => {
    await addSource("open", { tools: "split" });
    const token = await createToken({ name: "reader", sources: ["open"], readOnly: true, rateLimit: "3/1m" });
    const tools = await setup.server.api("GET", "/v1/tools?verbose=1", { token });
    expect(
      (tools.json.tools as { name: string; readOnly?: boolean }[]).map((tool) => [tool.name, tool.readOnly === true]),
    ).toEqual([["api_open", true]]);
    const write = await call("open", { method: "POST", path: "/items", body: {} }, token);
    expect(write.status).toBe(403);
    expect(write.sent).toEqual([]);
    expect(write.json.error.message).toContain('agent token "reader" is read-only');
    const writeTool = await setup.server.api("POST", "/v1/tools/api_open_write/call", {
      token,
      body: { method: "POST", path: "/items", body: {} },
    });
    expect(writeTool.status).toBe(403);
    // Three calls counted by the token's limit (the refused write counted none), then 429.
    const reads = [];
    for (let index = 0; index < 4; index += 1) reads.push(await call("open", { method: "GET", path: "/items" }, token));
    expect(reads.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(reads[3]!.json.error.message).toContain('agent token "reader" is over its rate limit of 3 calls per 60 s');
    // The admin is not narrowed by the token: its writes go through the write tool of the split pair.
    const before = setup.upstream.seen.length;
    expect(
      (
        await setup.server.api("POST", "/v1/tools/api_open_write/call", {
          body: { method: "POST", path: "/items", body: {} },
        })
      ).status,
    ).toBe(200);
    expect(setup.upstream.seen.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /items",
    ]);
  });

  it("over /mcp, a read-only token's tools carry readOnlyHint and a write is refused as isError", async () => {
    await addSource("mcp-open", {});
    const token = await createToken({ name: "mcp-reader", sources: ["mcp-open"], readOnly: true });
    const { client } = await connectMcp(token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint])).toEqual(
      [["api_mcp_open", true, false]],
    );
    expect(tools[0]!.description).toContain("Read-only: GET, HEAD and OPTIONS only");
    const before = setup.upstream.seen.length;
    const refused = await client.callTool({ name: "api_mcp_open", arguments: { method: "DELETE", path: "/items/1" } });
    expect(refused.isError).toBe(true);
    expect((refused.structuredContent as { error: { code: string } }).error.code).toBe("POLICY_DENIED");
    expect(setup.upstream.seen.length).toBe(before);
  });
});

describe("confirmation over MCP (Streamable HTTP) with the official SDK client's elicitation handler", () => {
  it("accepted sends the call, declined sends nothing", async () => {
    await addSource("mcp-confirm", { confirm: ["DELETE /items/**"] });
    let action: "accept" | "decline" = "accept";
    const { client, asked } = await connectMcp(setup.testHome.adminToken, () =>
      action === "accept" ? { action, content: { confirm: true } } : { action },
    );
    const before = setup.upstream.seen.length;
    expect(
      (await client.callTool({ name: "api_mcp_confirm", arguments: { method: "DELETE", path: "/items/1" } })).isError,
    ).toBe(true); // the upstream answers 404 for /items/1: sent
    action = "decline";
    const declined = await client.callTool({
      name: "api_mcp_confirm",
      arguments: { method: "DELETE", path: "/items/2" },
    });
    expect((declined.structuredContent as { error: { code: string } }).error.code).toBe("CONFIRMATION_DECLINED");
    expect(setup.upstream.seen.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      "DELETE /items/1",
    ]);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('An agent wants to send DELETE /items/1 to "Test mcp-confirm" (source "mcp-confirm")');
  });
});

describe("audit: a credential with a lone UTF-16 surrogate", () => {
  it("is refused by PUT /v1/sources/{slug}/credential with 422, and the stored one is kept", async () => {
    await addSource("surrogate", {});
    const answer = await setup.server.api("PUT", "/v1/sources/surrogate/credential", {
      rawBody: '{"token":"abc\\ud800def"}',
    });
    expect(answer.status).toBe(422);
    expect(answer.json.error.details).toEqual([
      { path: "token", message: expect.stringContaining("lone UTF-16 surrogate") },
    ]);
    expect((await call("surrogate", { method: "GET", path: "/items" })).json.ok).toBe(true);
  });
});

describe("audit classes through the API, against the recording upstream", () => {
  const queryKey = "Qk-Case-Echo-77aa";

  it("a path segment some servers trim to .. is refused, nothing sent; a query name PHP folds into the credential's is refused; a secret echoed upper-cased is redacted", async () => {
    const recorder = await startRecordingUpstream((_request, response, recorded) => {
      const text = JSON.stringify({ shouted: recorded.url.toUpperCase(), whispered: recorded.url.toLowerCase() });
      response.writeHead(200, { "content-type": "application/json" }).end(text);
    });
    setup.testHome.secrets.push(queryKey);
    try {
      await setup.server.api("DELETE", "/v1/sources/echo-query");
      const config = {
        type: "api",
        name: "Echo query",
        slug: "echo-query",
        enabled: true,
        api: { baseUrl: recorder.url, authType: "query", queryParam: "api_key", testEndpoint: "/me" },
      };
      expect(
        (await setup.server.api("POST", "/v1/sources", { body: { config, credential: { key: queryKey } } })).status,
      ).toBe(201);
      const before = recorder.requests.length;
      const trimmed = await setup.server.api("POST", "/v1/tools/api_echo_query/call", {
        body: { method: "GET", path: "/files/..%20/admin" },
      });
      expect(trimmed.json.error).toMatchObject({ code: "INVALID_CALL" });
      for (const name of ["api[key", "api.key", " api_key", "API KEY"]) {
        const folded = await setup.server.api("POST", "/v1/tools/api_echo_query/call", {
          body: { method: "GET", path: "/items", query: { [name]: "attacker" } },
        });
        expect(folded.json.error?.code, name).toBe("INVALID_CALL");
      }
      expect(recorder.requests.length).toBe(before);
      const echoed = await setup.server.api("POST", "/v1/tools/api_echo_query/call", {
        body: { method: "GET", path: "/items" },
      });
      expect(echoed.json.ok).toBe(true);
      expect(recorder.requests.length).toBe(before + 1);
      expect(echoed.text.toLowerCase()).not.toContain(queryKey.toLowerCase());
      expect(echoed.json.body.value.shouted).toContain("[REDACTED]");
      expect(echoed.json.body.value.whispered).toContain("[REDACTED]");
    } finally {
      await recorder.close();
    }
  });
});
