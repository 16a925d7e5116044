import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers/run-cli";
import { bearerConfig, startTestServer, type TestServer } from "./helpers/test-server";
import { createTestHome } from "./helpers/test-home";
import { useServerPerFile } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-secret-console-0123456789";
const setup = useServerPerFile({ upstreamToken });

function expectConsoleHeaders(headers: Headers): void {
  const policy = headers.get("content-security-policy") ?? "";
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain("unsafe-inline");
  expect(policy).not.toContain("unsafe-eval");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("set-cookie")).toBeNull();
}

describe("the console at /", () => {
  it("serves the page without a token, with strict headers, no inline script and no outside resource", async () => {
    const answer = await setup.server.api("GET", "/", { token: null });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expectConsoleHeaders(answer.headers);
    const scripts = [...answer.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/assets\//);
      expect(body?.trim()).toBe("");
    }
    expect(answer.text).not.toMatch(/\s(src|href)="(https?:)?\/\//);
    expect(answer.text).not.toMatch(/\son[a-z]+=/);
  });

  it("serves its hashed files with their types, cached for good, with the same headers", async () => {
    const page = await setup.server.api("GET", "/", { token: null });
    const files = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    expect(files.some((file) => file.endsWith(".css"))).toBe(true);
    for (const file of files) {
      const answer = await setup.server.api("GET", file, { token: null });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(file.endsWith(".js") ? /^text\/javascript/ : /^text\/css/);
      expect(answer.headers.get("cache-control")).toContain("immutable");
      expectConsoleHeaders(answer.headers);
    }
  });

  it("answers a missing console file 404 with the error shape", async () => {
    const answer = await setup.server.api("GET", "/assets/nothing-here.js", { token: null });
    expect(answer.status).toBe(404);
    expect(answer.json.error.code).toBe("NOT_FOUND");
  });

  it("is refused under a Host that is not the server's (DNS rebinding), like every route", async () => {
    const port = Number(new URL(setup.server.server.url).port);
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        { host: "127.0.0.1", port, path: "/", headers: { host: `rebind.attacker.example:${port}` }, setHost: false },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });
    expect(status).toBe(403);
  });

  it("gives nothing but the page without the token: the API routes it uses answer 401", async () => {
    for (const path of ["/v1/sources", "/v1/tools", "/v1/activity", "/v1/config-schema"]) {
      expect((await setup.server.api("GET", path, { token: null })).status).toBe(401);
    }
  });
});

describe("GET /v1/config-schema", () => {
  it("gives the config.json JSON Schema and each auth mode's fields, never a value", async () => {
    const answer = await setup.server.api("GET", "/v1/config-schema");
    expect(answer.status).toBe(200);
    expect(answer.json.schema.properties.api.properties.baseUrl.type).toBe("string");
    const header = answer.json.authTypes.find((type: { type: string }) => type.type === "header");
    expect(header.configSchema.properties.headerName).toBeDefined();
    expect(header.credentialFields).toEqual([expect.objectContaining({ name: "key", secret: true })]);
    const bearer = answer.json.authTypes.find((type: { type: string }) => type.type === "bearer");
    expect(bearer.credentialFields).toEqual([expect.objectContaining({ name: "token", secret: true })]);
  });
});

describe("GET /v1/activity", () => {
  /** A source of this test only (a retry gets another), so what other tests did to the shared home does not matter. */
  async function createSource(prefix: string): Promise<string> {
    const slug = `${prefix}-${randomBytes(3).toString("hex")}`;
    const created = await setup.server.api("POST", "/v1/sources", {
      body: { config: bearerConfig(slug, setup.upstream.url), credential: { token: upstreamToken } },
    });
    expect(created.status, created.text).toBe(201);
    return slug;
  }
  const toolOf = (slug: string): string => `api_${slug.replace(/-/g, "_")}`;
  const activity = async (query = ""): Promise<{ source: string; path: string | null; channel: string }[]> =>
    (
      (await setup.server.api("GET", `/v1/activity${query}`)).json as {
        calls: { source: string; path: string | null; channel: string }[];
      }
    ).calls;

  it("lists the last agent calls newest first, filtered by source, the path redacted", async () => {
    const alpha = await createSource("alpha");
    const beta = await createSource("beta");
    await setup.server.api("POST", `/v1/tools/${toolOf(alpha)}/call`, {
      body: { method: "GET", path: "/items", query: { echo: upstreamToken } },
    });
    await setup.server.api("POST", `/v1/tools/${toolOf(beta)}/call`, { body: { method: "GET", path: "/fail" } });
    await setup.server.api("POST", `/v1/tools/${toolOf(alpha)}/call`, { body: { method: "GET", path: "/me" } });

    // The audit line is appended as the answer goes out: wait for the last one.
    await expect.poll(async () => (await activity(`?source=${alpha}`)).length).toBe(2);
    const all = await setup.server.api("GET", "/v1/activity");
    expect(all.status).toBe(200);
    const ours = (all.json.calls as { source: string; path: string }[]).filter(
      (call) => call.source === alpha || call.source === beta,
    );
    expect(ours.map((call) => `${call.source} ${call.path}`)).toEqual([
      `${alpha} /me`,
      `${beta} /fail`,
      expect.stringMatching(new RegExp(`^${alpha} /items\\?echo=`)),
    ]);
    expect(all.text).not.toContain(upstreamToken);
    expect(ours[1]).toMatchObject({
      method: "GET",
      status: 500,
      ok: false,
      channel: "http",
      attempts: expect.any(Number),
      durationMs: expect.any(Number),
    });

    const limited = await setup.server.api("GET", `/v1/activity?source=${alpha}&limit=1`);
    expect(limited.json.calls).toHaveLength(1);
    expect(limited.json.calls[0]).toMatchObject({ source: alpha, path: "/me", status: 200, ok: true });
  });

  it("names whom each call was for (the principal), and a policy refusal's outcome and rule, never a token", async () => {
    const slug = await createSource("whom");
    const patched = await setup.server.api("PATCH", `/v1/sources/${slug}`, {
      body: { api: { policy: { deny: ["DELETE /**"] } } },
    });
    expect(patched.status, patched.text).toBe(200);
    const name = `agent-${randomBytes(3).toString("hex")}`;
    const created = await setup.server.api("POST", "/v1/tokens", { body: { name } });
    expect(created.status, created.text).toBe(201);
    const agentToken = created.json.token as string;
    setup.testHome.secrets.push(agentToken);
    const call = (method: string, path: string, token?: string) =>
      setup.server.api("POST", `/v1/tools/${toolOf(slug)}/call`, {
        ...(token === undefined ? {} : { token }),
        body: { method, path },
      });
    expect((await call("GET", "/items")).status).toBe(200);
    expect((await call("GET", "/items", agentToken)).status).toBe(200);
    expect((await call("DELETE", "/items/1", agentToken)).json.error.code).toBe("POLICY_DENIED");

    await expect.poll(async () => (await activity(`?source=${slug}`)).length).toBe(3);
    const answer = await setup.server.api("GET", `/v1/activity?source=${slug}`);
    const facts = (answer.json.calls as Record<string, unknown>[]).map(
      ({ principal, outcome, rule, errorCode, method }) => ({ principal, outcome, rule, errorCode, method }),
    );
    // Newest first: the agent's refused DELETE, its GET, the admin's (the operator, local) GET.
    expect(facts).toEqual([
      {
        principal: `token:${name}`,
        outcome: "denied",
        rule: "DELETE /**",
        errorCode: "POLICY_DENIED",
        method: "DELETE",
      },
      { principal: `token:${name}`, outcome: "sent", rule: null, errorCode: null, method: "GET" },
      { principal: "local", outcome: "sent", rule: null, errorCode: null, method: "GET" },
    ]);
    for (const secret of [agentToken, setup.testHome.adminToken, upstreamToken])
      expect(answer.text).not.toContain(secret);
  });

  it("records refused calls too, without a request", async () => {
    const missing = `nothing-${randomBytes(3).toString("hex")}`;
    await setup.server.api("POST", `/v1/tools/${toolOf(missing)}/call`, { body: { method: "GET", path: "/" } });
    await expect.poll(async () => (await activity(`?source=${missing}`)).length).toBe(1);
    const answer = await setup.server.api("GET", `/v1/activity?source=${missing}`);
    expect(answer.json.calls[0]).toMatchObject({
      source: missing,
      method: null,
      path: null,
      status: null,
      ok: false,
      attempts: 0,
    });
    expect(typeof answer.json.calls[0].errorCode).toBe("string");
  });

  it("shows calls made with `src call` in another process, from the audit log they share", async () => {
    const slug = await createSource("cli-made");
    const called = await runCli(["call", slug, "GET", "/items", "-q", "from=cli"], { env: setup.testHome.env });
    expect(called.code, called.stderr).toBe(0);
    await expect
      .poll(() => activity(`?source=${slug}`))
      .toEqual([expect.objectContaining({ source: slug, channel: "cli", path: "/items?from=cli" })]);
  });

  it("still shows the calls made before the server restarted", async () => {
    const ownHome = await createTestHome();
    let first: TestServer | undefined = await startTestServer(ownHome);
    let second: TestServer | undefined;
    try {
      const created = await first.api("POST", "/v1/sources", {
        body: { config: bearerConfig("before", setup.upstream.url), credential: { token: upstreamToken } },
      });
      expect(created.status, created.text).toBe(201);
      for (const path of ["/items", "/me"])
        await first.api("POST", "/v1/tools/api_before/call", { body: { method: "GET", path } });
      await first.server.close();
      first = undefined;
      second = await startTestServer(ownHome);
      const restarted = second;
      const paths = async (): Promise<string[]> =>
        ((await restarted.api("GET", "/v1/activity")).json as { calls: { path: string }[] }).calls.map(
          (call) => call.path,
        );
      await expect.poll(paths).toEqual(["/me", "/items"]);
    } finally {
      await first?.server.close();
      await second?.server.close();
      await ownHome.cleanup();
    }
  });

  it("is in /openapi.json with the config schema route", async () => {
    const document = await setup.server.api("GET", "/openapi.json");
    expect(Object.keys(document.json.paths)).toEqual(expect.arrayContaining(["/v1/activity", "/v1/config-schema"]));
  });

  it("refuses a malformed limit with the field named", async () => {
    const answer = await setup.server.api("GET", "/v1/activity?limit=0");
    expect(answer.status).toBe(422);
    expect(answer.json.error.details[0].path).toBe("limit");
  });
});
