import { inspect } from "node:util";
import type { AuthContext, AuthorizeRequest } from "@src/auth";
import { AuthorizeError, createAuthSessionCache, defineAuthPluginV2 } from "@src/auth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { makeSource } from "../../test/source-fixture";
import { sendJson, startUpstream, type Upstream } from "../testing/test-upstream";
import { callSource, type CallSourceOptions } from "./call-source";
import { validateSource } from "../validation/validate-source";

// The executor and builder with a v2 plugin: a token fetched at run time (from a real token server on loopback),
// authorized on every attempt and redirect, one retry after a 401, run-time secrets redacted, token errors mapped.
let api: Upstream;
let other: Upstream;
let tokens: Upstream;
let issued = 0;
const valid = new Set<string>();
let rejectAll = false;
let flaky = 0;

beforeAll(async () => {
  tokens = await startUpstream((_request, response) => {
    issued += 1;
    const token = `run-time-token-${issued}-${"z".repeat(10)}`;
    valid.add(token);
    sendJson(response, 200, { token });
  });
  other = await startUpstream(
    (request, response) => sendJson(response, 200, { stolen: request.headers.authorization ?? null }),
    { host: "127.0.0.2" },
  );
  api = await startUpstream((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const token = String(request.headers.authorization ?? "").replace("Bearer ", "");
    if (path === "/v1/flaky") {
      flaky += 1;
      if (flaky === 1) return sendJson(response, 503, {}, { "retry-after": "0" });
    }
    if (path === "/v1/elsewhere") return response.writeHead(302, { location: `${other.origin}/v1/x` }).end();
    if (path === "/v1/moved") return response.writeHead(302, { location: "/v1/echo" }).end();
    if (rejectAll || !valid.has(token))
      return sendJson(
        response,
        401,
        { error: "invalid_token" },
        { "www-authenticate": 'Bearer error="invalid_token"' },
      );
    sendJson(response, 200, { echoed: request.headers.authorization, attempt: request.headers["x-attempt"] });
  });
});
afterAll(async () => {
  await Promise.all([api.close(), other.close(), tokens.close()]);
});
// What a test sets on the shared API is set back before the next one, even when that test failed half-way.
beforeEach(() => {
  rejectAll = false;
  flaky = 0;
});

type Config = { tokenUrl: string };
type Credential = { clientId: string };

/** A small token plugin: one token per session, a 401 drops it and asks for one retry. */
const tokenPlugin = defineAuthPluginV2<Config, Credential>({
  specificationVersion: "v2",
  type: "run-time-token",
  description: "a token fetched at run time",
  configSchema: z.object({ tokenUrl: z.string() }).loose(),
  credentialSchema: z.object({ clientId: z.string().meta({ label: "Client", secret: false }) }),
  placement: () => ({ headers: ["authorization", "x-attempt"], query: [] }),
  async authorize(request: AuthorizeRequest, context: AuthContext<Config, Credential>) {
    const token = await context.session.singleFlight("token", async () => {
      const cached = context.session.get<string>("token");
      if (cached !== undefined) return cached;
      const response = await fetch(context.config.tokenUrl, { signal: request.signal });
      if (response.status === 400)
        throw new AuthorizeError({
          outcome: "needs_auth",
          serverError: "invalid_grant",
          message: 'the token endpoint refused with "invalid_grant"',
          hint: `run \`src auth login ${context.slug}\``,
        });
      const fetched = ((await response.json()) as { token: string }).token;
      context.session.set("token", fetched);
      return fetched;
    });
    context.registerSecret(token);
    request.headers.set("authorization", `Bearer ${token}`);
    request.headers.set("x-attempt", String(request.attempt));
  },
  onRejected(_rejection, context) {
    context.session.delete("token");
    return Promise.resolve({ retry: true });
  },
  secretValues: () => [],
  describePlacement: () => "Authorization header (run-time token)",
});

const source = () =>
  makeSource(`${api.origin}/v1`, { authType: "run-time-token", tokenUrl: `${tokens.origin}/token`, retries: 2 });

/** Calls the source with the run-time token plugin and its stored client id; `options` change any of that. */
const callWithToken = (call: unknown, options: Partial<CallSourceOptions> = {}) =>
  callSource({ source: source(), call, plugin: tokenPlugin, credential: { clientId: "c" }, ...options });

describe("contract v2 through callSource", () => {
  it("a token fetched at run time is sent, reused by the session, and redacted from what the agent sees", async () => {
    const session = createAuthSessionCache();
    const before = issued;
    const results = await Promise.all(
      Array.from({ length: 16 }, () => callWithToken({ method: "GET", path: "/echo" }, { auth: { session } })),
    );
    expect(issued - before).toBe(1);
    for (const result of results)
      expect(result).toMatchObject({ ok: true, status: 200, body: { value: { echoed: "Bearer [REDACTED]" } } });
    expect(JSON.stringify(results)).not.toContain("run-time-token");
  });

  it("every retry and every followed redirect is authorized again, with its attempt number", async () => {
    flaky = 0;
    const retried = await callWithToken({ method: "GET", path: "/flaky" });
    expect(retried).toMatchObject({ ok: true, attempts: 2, body: { value: { attempt: "2" } } });
    const moved = await callWithToken({ method: "GET", path: "/moved" });
    expect(moved).toMatchObject({ ok: true, attempts: 1, body: { value: { attempt: "1" } } });
  });

  it("a 401 asks the plugin once, the retry gets a new token and counts in attempts; a second 401 is the result, no loop", async () => {
    const session = createAuthSessionCache();
    session.set("token", "revoked-token-value-123");
    const recovered = await callWithToken({ method: "POST", path: "/echo", body: {} }, { auth: { session } });
    expect(recovered).toMatchObject({ ok: true, status: 200, attempts: 2 });
    rejectAll = true;
    const before = api.requests.length;
    const refused = await callWithToken({ method: "GET", path: "/echo" }, { auth: { session } });
    expect(refused).toMatchObject({ ok: false, status: 401, attempts: 2 });
    expect(api.requests.length - before).toBe(2);
    expect(JSON.stringify(refused)).not.toContain("run-time-token");
    rejectAll = false;
  });

  it("a redirect to another origin is not followed and the other origin never sees the token", async () => {
    const before = other.requests.length;
    const result = await callWithToken({ method: "GET", path: "/elsewhere" });
    expect(result.error?.code).toBe("REDIRECT_BLOCKED");
    expect(other.requests.length).toBe(before);
  });

  it("a refused token request is AUTH_FAILED with the server's code and the hint, not retryable; validation says needs_auth", async () => {
    const refusing = makeSource(
      `${api.origin}/v1`,
      { authType: "run-time-token", tokenUrl: `${api.origin}/v1/does-not-issue` },
      "crm",
    );
    const badTokenUrl = {
      ...refusing,
      api: { ...refusing.api, tokenUrl: `${tokens.origin.replace(/:\d+$/, ":1")}/token` },
    };
    const refusedPlugin = {
      ...tokenPlugin,
      authorize: () =>
        Promise.reject(
          new AuthorizeError({
            outcome: "needs_auth",
            serverError: "invalid_grant",
            message: 'the token endpoint refused with "invalid_grant"',
            hint: "run `src auth login crm`",
          }),
        ),
    };
    const result = await callWithToken({ method: "GET", path: "/echo" }, { source: refusing, plugin: refusedPlugin });
    expect(result).toMatchObject({
      ok: false,
      status: 0,
      attempts: 0,
      error: { code: "AUTH_FAILED", retryable: false },
    });
    expect(result.error?.message).toMatch(/"invalid_grant".*src auth login crm/);
    const validation = await validateSource({ source: refusing, plugin: refusedPlugin, credential: { clientId: "c" } });
    expect(validation).toMatchObject({
      status: "needs_auth",
      reason: "AUTH_REFUSED",
      hint: "run `src auth login crm`",
    });
    const unreachable = await validateSource({
      source: badTokenUrl,
      plugin: tokenPlugin,
      credential: { clientId: "c" },
    });
    expect(unreachable.status).toBe("failed");
    expect(inspect(unreachable)).not.toMatch(/run-time-token-\d/);
  });
});
