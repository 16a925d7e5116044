import { describe, expect, it } from "vitest";
import { bearerConfig } from "./helpers/test-server";
import { useServerPerTest } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-token-routes-7f3a9c2e51";
const setup = useServerPerTest({ upstreamToken, secrets: ["wrong-token-routes-0c1d2e3f4a"] });

/** The source "alpha" on the upstream, with its credential. */
async function createAlpha(): Promise<void> {
  const created = await setup.server.api("POST", "/v1/sources", {
    body: { config: bearerConfig("alpha", setup.upstream.url), credential: { token: upstreamToken } },
  });
  expect(created.status, created.text).toBe(201);
}

describe("authentication", () => {
  it("serves /healthz without a token", async () => {
    const answer = await setup.server.api("GET", "/healthz", { token: null });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });
  });

  it.each([
    { why: "missing", token: null },
    { why: "wrong", token: "wrong-token-routes-0c1d2e3f4a" },
    { why: "empty", token: "" },
  ])("answers 401 with nothing else revealed when the token is $why", async ({ token }) => {
    for (const path of ["/v1/sources", "/v1/tools", "/openapi.json", "/mcp", "/v1/no-such-route"]) {
      const answer = await setup.server.api("GET", path, { token });
      expect(answer.status, path).toBe(401);
      expect(Object.keys(answer.json)).toEqual(["error"]);
      expect(answer.json.error.code).toBe("UNAUTHORIZED");
      expect(Object.keys(answer.json.error).sort()).toEqual(["code", "message"]);
    }
  });

  it("accepts the right token", async () => {
    expect((await setup.server.api("GET", "/v1/sources")).status).toBe(200);
  });
});

describe("sources", () => {
  it("POST /v1/sources creates, stores the credential and validates at once (201)", async () => {
    const answer = await setup.server.api("POST", "/v1/sources", {
      body: { config: bearerConfig("alpha", setup.upstream.url), credential: { token: upstreamToken } },
    });
    expect(answer.status).toBe(201);
    expect(answer.json.source).toMatchObject({
      slug: "alpha",
      enabled: true,
      status: { connectionStatus: "connected" },
    });
    expect(answer.json.validation).toMatchObject({ ok: true, status: "connected", httpStatus: 200 });
    expect(answer.text).not.toContain(upstreamToken);
    expect(setup.upstream.seen.at(-1)?.headers.authorization).toBe(`Bearer ${upstreamToken}`);
  });

  it("409 for a duplicate slug", async () => {
    await createAlpha();
    const answer = await setup.server.api("POST", "/v1/sources", {
      body: { config: bearerConfig("alpha", setup.upstream.url), credential: { token: upstreamToken } },
    });
    expect(answer.status).toBe(409);
    expect(answer.json.error.code).toBe("DUPLICATE_SLUG");
    expect(answer.json.error.message).toContain("alpha");
  });

  it("422 for an invalid record, listing every field error", async () => {
    const answer = await setup.server.api("POST", "/v1/sources", {
      body: {
        config: {
          type: "api",
          name: "",
          slug: "Bad Slug",
          enabled: true,
          api: { baseUrl: "not a url", authType: "bearer", testEndpoint: "me" },
        },
        credential: { token: upstreamToken },
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.error.code).toBe("INVALID_SOURCE");
    const paths = (answer.json.error.details as { path: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "slug", "api.baseUrl", "api.testEndpoint"]));
    expect(answer.text).not.toContain(upstreamToken);
  });

  it("422 for a credential of the wrong shape, naming the field and not the value", async () => {
    const answer = await setup.server.api("POST", "/v1/sources", {
      body: { config: bearerConfig("beta", setup.upstream.url), credential: { tokn: upstreamToken } },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.error.code).toBe("INVALID_CREDENTIAL");
    expect(answer.text).toContain("token");
    expect(answer.text).not.toContain(upstreamToken);
    expect((await setup.server.api("GET", "/v1/sources/beta")).status).toBe(404);
  });

  it.each([
    { why: "no Content-Type", rawBody: '{"config":{}}', contentType: "", status: 400, code: "INVALID_JSON" },
    { why: "text/plain", rawBody: '{"config":{}}', contentType: "text/plain", status: 400, code: "INVALID_JSON" },
    {
      why: "malformed JSON",
      rawBody: '{"config":',
      contentType: "application/json",
      status: 400,
      code: "INVALID_JSON",
    },
    {
      why: "a media type the JSON validator does not take",
      rawBody: '{"config":{}}',
      contentType: "application/vnd1+json",
      status: 400,
      code: "INVALID_JSON",
    },
    {
      why: "no config",
      rawBody: '{"credential":{}}',
      contentType: "application/json",
      status: 422,
      code: "INVALID_REQUEST",
    },
    { why: "a JSON array", rawBody: "[]", contentType: "application/json", status: 422, code: "INVALID_REQUEST" },
  ])("POST /v1/sources with $why → $status $code", async ({ rawBody, contentType, status, code }) => {
    const answer = await setup.server.api("POST", "/v1/sources", { rawBody, contentType });
    expect(answer.status).toBe(status);
    expect(answer.json.error.code).toBe(code);
  });

  it("413 for a body over 1 MiB", async () => {
    const answer = await setup.server.api("POST", "/v1/sources", {
      body: { config: bearerConfig("big", setup.upstream.url), credential: { token: "x".repeat(1024 * 1024 + 10) } },
    });
    expect(answer.status).toBe(413);
    expect(answer.json.error.code).toBe("BODY_TOO_LARGE");
  });

  it("GET /v1/sources lists the records with status and whether a credential is stored, never a secret", async () => {
    await createAlpha();
    const answer = await setup.server.api("GET", "/v1/sources");
    expect(answer.status).toBe(200);
    expect(answer.json.sources).toEqual([
      expect.objectContaining({
        ok: true,
        slug: "alpha",
        hasCredential: true,
        source: expect.objectContaining({ slug: "alpha" }),
      }),
    ]);
    expect(answer.text).not.toContain(upstreamToken);
  });

  it("GET /v1/sources/{slug}: 200, 404 unknown, 422 not a slug", async () => {
    await createAlpha();
    const found = await setup.server.api("GET", "/v1/sources/alpha");
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ hasCredential: true, source: { slug: "alpha", name: "Test alpha" } });
    const missing = await setup.server.api("GET", "/v1/sources/nope");
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("SOURCE_NOT_FOUND");
    const invalid = await setup.server.api("GET", "/v1/sources/..%2Fetc");
    expect(invalid.status).toBe(422);
    expect(invalid.json.error.details[0].path).toBe("slug");
  });

  it("PATCH /v1/sources/{slug}: partial update; 422 invalid change; 404 unknown", async () => {
    await createAlpha();
    const updated = await setup.server.api("PATCH", "/v1/sources/alpha", { body: { name: "Alpha renamed" } });
    expect(updated.status).toBe(200);
    expect(updated.json.source).toMatchObject({
      slug: "alpha",
      name: "Alpha renamed",
      api: { baseUrl: setup.upstream.url },
    });
    const invalid = await setup.server.api("PATCH", "/v1/sources/alpha", { body: { enabled: "yes" } });
    expect(invalid.status).toBe(422);
    expect(invalid.json.error.details.map((detail: { path: string }) => detail.path)).toContain("enabled");
    expect((await setup.server.api("PATCH", "/v1/sources/nope", { body: { name: "x" } })).status).toBe(404);
  });

  it("PUT /v1/sources/{slug}/credential stores, re-tests and never returns the credential", async () => {
    await createAlpha();
    const wrong = await setup.server.api("PUT", "/v1/sources/alpha/credential", {
      body: { token: "wrong-token-routes-0c1d2e3f4a" },
    });
    expect(wrong.status).toBe(200);
    expect(wrong.json.validation).toMatchObject({ ok: false, status: "needs_auth", httpStatus: 401 });
    expect(wrong.text).not.toContain("wrong-token-routes-0c1d2e3f4a");
    const right = await setup.server.api("PUT", "/v1/sources/alpha/credential", { body: { token: upstreamToken } });
    expect(right.json.validation).toMatchObject({ ok: true, status: "connected" });
    expect(right.text).not.toContain(upstreamToken);
    const shape = await setup.server.api("PUT", "/v1/sources/alpha/credential", {
      body: { username: "u", password: "p" },
    });
    expect(shape.status).toBe(422);
    expect(shape.json.error.code).toBe("INVALID_CREDENTIAL");
    expect(
      (await setup.server.api("PUT", "/v1/sources/nope/credential", { body: { token: upstreamToken } })).status,
    ).toBe(404);
    expect((await setup.server.api("GET", "/v1/sources/alpha/credential")).status).toBe(404);
  });

  it("PUT /v1/sources/{slug}/credential with a misspelt key: the field is required, the key sent is not a field", async () => {
    await createAlpha();
    const answer = await setup.server.api("PUT", "/v1/sources/alpha/credential", { body: { tokn: "abc" } });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.error.code).toBe("INVALID_CREDENTIAL");
    expect(answer.json.error.message).toBe(
      'invalid bearer credential: token: is required; tokn: is not a known field; did you mean "token"?',
    );
    expect(answer.json.error.details).toEqual([
      { path: "token", message: "is required" },
      { path: "tokn", message: 'is not a known field; did you mean "token"?' },
    ]);
    expect(answer.text).not.toContain("abc");
    // Nothing was stored: the credential from before still connects.
    const reload = await setup.server.api("POST", "/v1/sources/alpha/reload");
    expect(reload.json.validation).toMatchObject({ ok: true, status: "connected" });
  });

  it("POST /v1/sources/{slug}/reload re-tests; 404 unknown", async () => {
    await createAlpha();
    const answer = await setup.server.api("POST", "/v1/sources/alpha/reload");
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ source: { slug: "alpha" }, validation: { ok: true } });
    expect((await setup.server.api("POST", "/v1/sources/nope/reload")).status).toBe(404);
  });
});

describe("tools and commands", () => {
  it("GET /v1/tools, and ?verbose=1 with description and input schema", async () => {
    await createAlpha();
    const plain = await setup.server.api("GET", "/v1/tools");
    expect(plain.status).toBe(200);
    expect(plain.json.tools).toEqual([
      expect.objectContaining({ name: "api_alpha", source: "alpha", hasCredential: true }),
    ]);
    expect(plain.json.tools[0].description).toBeUndefined();
    const verbose = await setup.server.api("GET", "/v1/tools?verbose=1");
    expect(verbose.json.tools[0].description).toEqual(expect.any(String));
    expect(verbose.json.tools[0].inputSchema).toMatchObject({ type: "object" });
    expect((await setup.server.api("GET", "/v1/tools?verbose=maybe")).status).toBe(422);
  });

  it("POST /v1/commands runs the operator commands written literally", async () => {
    await createAlpha();
    const tools = await setup.server.api("POST", "/v1/commands", { body: { command: "/tools -v" } });
    expect(tools.status).toBe(200);
    expect(tools.json).toMatchObject({ command: "/tools -v", ok: true });
    expect(tools.json.text).toContain("api_alpha");
    const reload = await setup.server.api("POST", "/v1/commands", { body: { command: "/source reload alpha" } });
    expect(reload.json).toMatchObject({ ok: true });
    const unknown = await setup.server.api("POST", "/v1/commands", { body: { command: "/nope" } });
    expect(unknown.status).toBe(200);
    expect(unknown.json.ok).toBe(false);
    expect((await setup.server.api("POST", "/v1/commands", { body: {} })).status).toBe(422);
    expect(
      (await setup.server.api("POST", "/v1/commands", { rawBody: "/tools -v", contentType: "text/plain" })).status,
    ).toBe(400);
  });

  it("GET /openapi.json documents every route, /mcp included", async () => {
    const answer = await setup.server.api("GET", "/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.json.openapi).toBe("3.1.0");
    expect(Object.keys(answer.json.paths).sort()).toEqual(
      [
        "/.well-known/oauth-authorization-server",
        "/.well-known/oauth-protected-resource",
        "/.well-known/oauth-protected-resource/mcp",
        "/authorize",
        "/token",
        "/register",
        "/revoke",
        "/v1/oauth/consent",
        "/v1/oauth/consent/decision",
        "/healthz",
        "/mcp",
        "/readyz",
        "/v1/activity",
        "/v1/auth/callback",
        "/v1/commands",
        "/v1/connect/{token}",
        "/v1/connect/{token}/sign-in",
        "/v1/connect/{token}/sign-in/progress",
        "/v1/connections",
        "/v1/me/connections",
        "/v1/me/connections/{slug}",
        "/v1/me/session",
        "/v1/me/sign-in",
        "/v1/sources/{slug}/connections",
        "/v1/config-schema",
        "/v1/sources",
        "/v1/sources/{slug}",
        "/v1/sources/{slug}/auth",
        "/v1/sources/{slug}/auth/login",
        "/v1/sources/{slug}/auth/login/progress",
        "/v1/sources/{slug}/credential",
        "/v1/sources/{slug}/operations",
        "/v1/sources/{slug}/reload",
        "/v1/tokens",
        "/v1/tokens/{name}",
        "/v1/tools",
        "/v1/tools/{name}/call",
      ].sort(),
    );
    expect(Object.keys(answer.json.paths["/v1/sources/{slug}"]).sort()).toEqual(["delete", "get", "patch"]);
    expect(answer.json.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("404 JSON for an unknown route", async () => {
    const answer = await setup.server.api("GET", "/v2/everything");
    expect(answer.status).toBe(404);
    expect(answer.json.error.code).toBe("NOT_FOUND");
  });
});

describe("delete", () => {
  it("DELETE /v1/sources/{slug}/credential deletes the stored credential and keeps the source; false when none; 404 unknown", async () => {
    await createAlpha();
    const answer = await setup.server.api("DELETE", "/v1/sources/alpha/credential");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ slug: "alpha", deleted: true });
    expect((await setup.server.api("GET", "/v1/sources/alpha")).json.hasCredential).toBe(false);
    expect((await setup.server.api("DELETE", "/v1/sources/alpha/credential")).json).toEqual({
      slug: "alpha",
      deleted: false,
    });
    expect((await setup.server.api("DELETE", "/v1/sources/nope/credential")).status).toBe(404);
    expect(
      (await setup.server.api("PUT", "/v1/sources/alpha/credential", { body: { token: upstreamToken } })).json
        .validation,
    ).toMatchObject({ ok: true });
  });

  it("DELETE /v1/sources/{slug} removes config and credential; 404 after", async () => {
    await createAlpha();
    const answer = await setup.server.api("DELETE", "/v1/sources/alpha");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ slug: "alpha", deleted: true });
    expect((await setup.server.api("GET", "/v1/sources/alpha")).status).toBe(404);
    expect((await setup.server.api("DELETE", "/v1/sources/alpha")).status).toBe(404);
    const recreated = await setup.server.api("POST", "/v1/sources", {
      body: { config: bearerConfig("alpha", setup.upstream.url) },
    });
    expect(recreated.status).toBe(201);
    expect((await setup.server.api("GET", "/v1/sources/alpha")).json.hasCredential).toBe(false);
  });
});
