import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { createFileAgentAccessStore } from "@src/config";
import { createAgentTokenStore } from "../src/agent-tokens/agent-token-store";
import { runCli } from "./helpers/run-cli";
import { useServerPerTest } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-token-agents-5b8e2d71c9";
// A home and a server per test with the sources "alpha" and "beta": each test makes the tokens it needs, so it runs
// alone, in any order, and again (a token name is taken only in its own home).
const setup = useServerPerTest({ upstreamToken, sources: ["alpha", "beta"] });

/** Creates a token through the admin route and registers its value for the log scan. */
async function createToken(body: Record<string, unknown>): Promise<string> {
  const answer = await setup.server.api("POST", "/v1/tokens", { body });
  expect(answer.status, answer.text).toBe(201);
  const token = answer.json.token as string;
  setup.testHome.secrets.push(token);
  return token;
}

const call = (token: string, slug: string) =>
  setup.server.api("POST", `/v1/tools/api_${slug}/call`, { token, body: { method: "GET", path: "/items" } });

describe("agent tokens over /v1/tokens", () => {
  it("creates a token that lists and calls tools, and names itself in the call's log line", async () => {
    const created = await setup.server.api("POST", "/v1/tokens", { body: { name: "desk", expires: "30d" } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual([
      "expiresAt",
      "name",
      "rateLimit",
      "readOnly",
      "sources",
      "token",
    ]);
    expect(created.json).toMatchObject({ name: "desk", sources: null });
    expect(Date.parse(created.json.expiresAt as string) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const token = created.json.token as string;
    setup.testHome.secrets.push(token);

    const tools = await setup.server.api("GET", "/v1/tools", { token });
    expect(tools.status).toBe(200);
    expect((tools.json.tools as { name: string }[]).map((tool) => tool.name).sort()).toEqual(["api_alpha", "api_beta"]);
    const answer = await call(token, "alpha");
    expect(answer.status).toBe(200);
    expect(answer.json.ok).toBe(true);
    const line = setup.server.logs.records().findLast((record) => record.event === "tool_call");
    expect(line).toMatchObject({ caller: "agent:desk", source: "alpha", ok: true });
  });

  it("refuses every other route to an agent token with 403, and serves them to the admin", async () => {
    const token = await createToken({ name: "narrow-routes" });
    const refused = [
      ["GET", "/v1/sources"],
      ["POST", "/v1/sources"],
      ["GET", "/v1/sources/alpha"],
      ["PATCH", "/v1/sources/alpha"],
      ["DELETE", "/v1/sources/alpha"],
      ["PUT", "/v1/sources/alpha/credential"],
      ["POST", "/v1/sources/alpha/reload"],
      ["POST", "/v1/commands"],
      ["GET", "/v1/tokens"],
      ["POST", "/v1/tokens"],
      ["DELETE", "/v1/tokens/desk"],
      ["GET", "/openapi.json"],
      ["GET", "/v1/tools/api_alpha/call"],
    ] as const;
    for (const [method, path] of refused) {
      const answer = await setup.server.api(method, path, {
        token,
        body: method === "GET" || method === "DELETE" ? undefined : { token: "replaced", command: "/tools" },
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json.error.code).toBe("FORBIDDEN");
    }
    // Nothing changed: the source and its credential are intact.
    expect((await call(token, "alpha")).json.ok).toBe(true);
    expect((await setup.server.api("GET", "/v1/sources/alpha")).status).toBe(200);
  });

  it("limits a token to its sources: 403 outside the set, and only its tools listed", async () => {
    const token = await createToken({ name: "alpha-only", sources: ["alpha"] });
    expect((await call(token, "alpha")).json.ok).toBe(true);
    const outside = await call(token, "beta");
    expect(outside.status).toBe(403);
    expect(outside.json.error.code).toBe("FORBIDDEN");
    expect(outside.text).toContain("beta");
    // A tool no source has is refused the same way (nothing told about which sources exist), with advice that holds.
    const ghost = await call(token, "ghost");
    expect(ghost.status).toBe(403);
    expect(ghost.json.error.message).toBe(
      'agent token "alpha-only" may not call source "ghost"; if it is a source of this server, the operator can create a token for it (src token create NAME --sources ghost)',
    );
    const byName = await setup.server.api("POST", "/v1/tools/beta/call", {
      token,
      body: { method: "GET", path: "/items" },
    });
    expect(byName.status).toBe(403);
    const tools = await setup.server.api("GET", "/v1/tools", { token });
    expect((tools.json.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["api_alpha"]);
    expect(setup.server.logs.records().findLast((record) => record.event === "tool_call")).toMatchObject({
      caller: "agent:alpha-only",
      source: "beta",
      ok: false,
      errorCode: "FORBIDDEN",
    });
  });

  it("keeps a token to its sources for a call whose body comes chunked (no Content-Length), read-only too", async () => {
    const token = await createToken({ name: "chunked-alpha", sources: ["alpha"], readOnly: true });
    /** A tool call sent with `Transfer-Encoding: chunked`: the body is a stream, so no Content-Length is sent. */
    const chunkedCall = (slug: string, method: string) =>
      fetch(`${setup.server.server.url}/v1/tools/api_${slug}/call`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(JSON.stringify({ method, path: "/items" })));
            controller.close();
          },
        }),
        duplex: "half",
      });
    const before = setup.upstream.seen.length;
    const outside = await chunkedCall("beta", "GET");
    expect(outside.status).toBe(403);
    expect(((await outside.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining('may not call source "beta"') as string,
    });
    const write = await chunkedCall("alpha", "DELETE");
    expect(write.status).toBe(403);
    expect(((await write.json()) as { error: { code: string } }).error.code).toBe("POLICY_DENIED");
    expect(setup.upstream.seen.length).toBe(before);
    expect((await chunkedCall("alpha", "GET")).status).toBe(200);
    expect(setup.server.logs.records().findLast((record) => record.event === "tool_call")).toMatchObject({
      caller: "agent:chunked-alpha",
      source: "alpha",
    });
  });

  it("answers 401 once a token is revoked, through the route or the CLI", async () => {
    const viaRoute = await createToken({ name: "short-lived" });
    expect((await call(viaRoute, "alpha")).status).toBe(200);
    const revoked = await setup.server.api("DELETE", "/v1/tokens/short-lived");
    expect(revoked.status).toBe(200);
    expect(revoked.json).toEqual({ name: "short-lived", revoked: true, connectionsRemoved: [] });
    expect((await call(viaRoute, "alpha")).status).toBe(401);
    expect((await setup.server.api("DELETE", "/v1/tokens/short-lived")).status).toBe(404);

    const viaCli = await createToken({ name: "cli-revoked" });
    expect((await call(viaCli, "alpha")).status).toBe(200);
    const run = await runCli(["token", "revoke", "cli-revoked"], { env: setup.testHome.env });
    expect(run.code, run.stderr).toBe(0);
    // The very next call is refused: the server checks the file's signature on every look-up.
    const afterRevoke = await call(viaCli, "alpha");
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.json.error.code).toBe("UNAUTHORIZED");

    // Revoked through a store of its own on the home (another process), a moment after the server last read the file.
    const elsewhere = await createToken({ name: "revoked-elsewhere" });
    expect((await call(elsewhere, "alpha")).status).toBe(200);
    await createFileAgentAccessStore({ home: setup.testHome.home }).removeToken("revoked-elsewhere");
    expect((await call(elsewhere, "alpha")).status).toBe(401);
  });

  it("takes a token created by the CLI at once", async () => {
    const run = await runCli(["--json", "token", "create", "from-cli", "--sources", "beta"], {
      env: setup.testHome.env,
    });
    expect(run.code, run.stderr).toBe(0);
    const created = JSON.parse(run.stdout) as { name: string; token: string; sources: string[]; expiresAt: null };
    setup.testHome.secrets.push(created.token);
    expect(created).toMatchObject({ name: "from-cli", sources: ["beta"], expiresAt: null });
    expect((await call(created.token, "beta")).json.ok).toBe(true);
    expect((await call(created.token, "alpha")).status).toBe(403);
  });

  it("answers 401 for an expired token", async () => {
    // The same store the CLI uses, on the same home, with a clock two minutes back: a one-minute token made then has expired now.
    const store = createAgentTokenStore({ home: setup.testHome.home, now: () => Date.now() - 120_000 });
    const { token, expiresAt } = await store.create({ name: "expiring", expires: "1m" });
    setup.testHome.secrets.push(token);
    expect(Date.parse(expiresAt!)).toBeLessThan(Date.now());
    const answer = await call(token, "alpha");
    expect(answer.status).toBe(401);
    expect(answer.json.error.code).toBe("UNAUTHORIZED");
    expect(answer.json.error.message).toContain("expired");
    const listed = await setup.server.api("GET", "/v1/tokens");
    expect(
      (listed.json.tokens as { name: string; expired: boolean }[]).find((entry) => entry.name === "expiring")?.expired,
    ).toBe(true);
  });

  it("stores only hashes and prefixes; list and the file never hold a value", async () => {
    const token = await createToken({ name: "hashed" });
    const text = await readFile(join(setup.testHome.home, "agent-tokens.json"), "utf8");
    for (const secret of setup.testHome.secrets) expect(text).not.toContain(secret);
    const listed = await setup.server.api("GET", "/v1/tokens");
    expect(listed.status).toBe(200);
    const entry = (listed.json.tokens as { name: string; prefix: string }[]).find(
      (candidate) => candidate.name === "hashed",
    );
    expect(entry?.prefix).toBe(token.slice(0, 12));
    expect(listed.text).not.toContain(token);
    const run = await runCli(["token", "list"], { env: setup.testHome.env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("hashed");
    expect(run.stdout).toContain(token.slice(0, 12));
    expect(run.stdout).not.toContain(token);
  });

  it.each([
    { why: "a name with a space", body: { name: "two words" }, code: "INVALID_AGENT_TOKEN_REQUEST", status: 422 },
    {
      why: "a source that is not a slug",
      body: { name: "bad-source", sources: ["Not A Slug"] },
      code: "INVALID_AGENT_TOKEN_REQUEST",
      status: 422,
    },
    {
      why: "a lifetime without a unit",
      body: { name: "bad-expiry", expires: "30" },
      code: "INVALID_AGENT_TOKEN_REQUEST",
      status: 422,
    },
    {
      why: "a name taken",
      body: { name: "desk" },
      code: "DUPLICATE_AGENT_TOKEN",
      status: 409,
      first: { name: "desk" },
    },
  ])("refuses $why", async ({ body, code, status, first }) => {
    if (first !== undefined) await createToken(first);
    const answer = await setup.server.api("POST", "/v1/tokens", { body });
    expect(answer.status).toBe(status);
    expect(answer.json.error.code).toBe(code);
  });

  it("refuses sources no source is configured under, before anything is written; the CLI over the server too", async () => {
    const answer = await setup.server.api("POST", "/v1/tokens", {
      body: { name: "typo", sources: ["githib", "alpha"] },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.error.code).toBe("INVALID_AGENT_TOKEN_REQUEST");
    expect(answer.json.error.message).toBe(
      'sources: there is no source "githib"; the configured sources are alpha, beta. ' +
        "Check the slugs with `src source list`, or add the source first (`src source add`), then create the token",
    );
    const several = await setup.server.api("POST", "/v1/tokens", { body: { name: "typos", sources: ["b", "a"] } });
    expect(several.json.error.message).toContain(
      'there are no sources "a", "b"; the configured sources are alpha, beta',
    );
    const remote = await runCli(["token", "create", "typo2", "--sources", "githib"], {
      env: { ...setup.testHome.env, SRC_SERVER: setup.server.server.url },
    });
    expect(remote.code).toBe(2);
    expect(remote.stdout).toBe("");
    expect(remote.stderr).toContain('there is no source "githib"; the configured sources are alpha, beta');
    const listed = await setup.server.api("GET", "/v1/tokens");
    expect((listed.json.tokens as { name: string }[]).map((token) => token.name)).toEqual([]);
    // Every source (no sources) and a configured one still work.
    await createToken({ name: "every-source" });
    await createToken({ name: "beta-only", sources: ["beta"] });
  });

  it("refuses an unknown (misspelt) field with 422 naming it and the field meant, and creates nothing", async () => {
    const answer = await setup.server.api("POST", "/v1/tokens", {
      body: { name: "typo-agent", readonly: true, source: ["alpha"], expiresIn: "1h", rate_limit: "1/1m" },
    });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.error.code).toBe("INVALID_AGENT_TOKEN_REQUEST");
    expect(answer.json.error.details).toEqual([
      { path: "readonly", message: 'is not a known field; did you mean "readOnly"?' },
      { path: "source", message: 'is not a known field; did you mean "sources"?' },
      { path: "expiresIn", message: 'is not a known field; did you mean "expires"?' },
      { path: "rate_limit", message: 'is not a known field; did you mean "rateLimit"?' },
    ]);
    expect(answer.json.error.message).toContain(
      'no agent token was created: readonly: is not a known field; did you mean "readOnly"?',
    );
    expect(answer.text).not.toContain("srca_");
    const unrelated = await setup.server.api("POST", "/v1/tokens", { body: { name: "typo-agent", colour: "red" } });
    expect(unrelated.status).toBe(422);
    expect(unrelated.json.error.details).toEqual([
      {
        path: "colour",
        message: "is not a known field; remove it (known here: name, sources, expires, readOnly, rateLimit)",
      },
    ]);
    const listed = await setup.server.api("GET", "/v1/tokens");
    expect((listed.json.tokens as { name: string }[]).map((token) => token.name)).toEqual([]);
    // Spelt right, the same request makes the narrow token meant.
    const created = await setup.server.api("POST", "/v1/tokens", {
      body: { name: "typo-agent", readOnly: true, sources: ["alpha"], expires: "1h", rateLimit: "1/1m" },
    });
    expect(created.status, created.text).toBe(201);
    setup.testHome.secrets.push(created.json.token as string);
    expect(created.json).toMatchObject({ sources: ["alpha"], readOnly: true, rateLimit: { calls: 1, perSeconds: 60 } });
  });

  it("answers a valid agent token 503 AGENT_TOKENS_DAMAGED, never 401, while the token file is damaged", async () => {
    const token = await createToken({ name: "kept" });
    expect((await call(token, "alpha")).json.ok).toBe(true);
    // The call's last-use write (not awaited by the call) lands first, so `saved` has it; one landing after the damage
    // would write nothing (agent-token-last-use.test.ts).
    await new Promise((resolve) => setTimeout(resolve, 400));
    const file = join(setup.testHome.home, "agent-tokens.json");
    const saved = await readFile(file, "utf8");
    await writeFile(file, '{"broken');
    // The file store looks at its file's signature at most every 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const mcp = await fetch(`${setup.server.server.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    const mcpText = await mcp.text();
    const answers = [
      await call(token, "alpha"),
      await setup.server.api("GET", "/v1/tools", { token }),
      { status: mcp.status, headers: mcp.headers, text: mcpText, json: JSON.parse(mcpText) as typeof mcpText },
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.headers.get("www-authenticate")).toBeNull();
      const { error } = JSON.parse(answer.text) as { error: { code: string; message: string } };
      expect(error.code).toBe("AGENT_TOKENS_DAMAGED");
      expect(error.message).toContain("the server's agent token store cannot be read");
      expect(error.message).toContain("The server's operator must restore the store");
      expect(answer.text).not.toContain(setup.testHome.home);
    }
    expect(setup.server.logs.records().some((record) => record.event === "agent_tokens_damaged")).toBe(true);
    // The admin is told the same code; once the file is restored, the same token works again.
    expect((await setup.server.api("GET", "/v1/tokens")).json.error.code).toBe("AGENT_TOKENS_DAMAGED");
    await writeFile(file, saved);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await call(token, "alpha")).json.ok).toBe(true);
  });

  it("keeps an agent token to its sources over /mcp, and a session to the token that opened it", async () => {
    const token = await createToken({ name: "mcp-alpha", sources: ["alpha"] });
    const transport = new StreamableHTTPClientTransport(new URL(`${setup.server.server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    const client = new Client({ name: "agent-token-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["api_alpha"]);
      const allowed = await client.callTool({ name: "api_alpha", arguments: { method: "GET", path: "/items" } });
      expect(allowed.isError).not.toBe(true);
      const refused = await client.callTool({ name: "api_beta", arguments: { method: "GET", path: "/items" } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain("may not call source");
      expect(JSON.stringify(refused.content)).toContain("src token create NAME --sources beta");
      expect(setup.server.logs.records().findLast((record) => record.event === "tool_call")).toMatchObject({
        channel: "mcp",
        caller: "agent:mcp-alpha",
        source: "beta",
      });

      // The admin token cannot ride this session, and neither can another agent token.
      const other = await createToken({ name: "mcp-other" });
      for (const bearer of [other, setup.testHome.adminToken]) {
        const borrowed = await fetch(`${setup.server.server.url}/mcp`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${bearer}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-session-id": transport.sessionId ?? "",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
        });
        expect(borrowed.status).toBe(404);
      }
      // Nor end it: DELETE answers 404 to another token, and the session goes on.
      for (const bearer of [other, setup.testHome.adminToken]) {
        const ended = await fetch(`${setup.server.server.url}/mcp`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${bearer}`, "mcp-session-id": transport.sessionId ?? "" },
        });
        expect(ended.status).toBe(404);
      }
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["api_alpha"]);
      // The token that opened it ends it (the SDK client's DELETE), and the session is gone.
      const sessionId = transport.sessionId ?? "";
      await transport.terminateSession();
      const after = await fetch(`${setup.server.server.url}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": sessionId,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/list" }),
      });
      expect(after.status).toBe(404);
    } finally {
      await client.close();
    }
  });
});
