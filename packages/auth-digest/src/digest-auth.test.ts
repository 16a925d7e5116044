import { inspect } from "node:util";
import { describeAuthFields, type AuthorizeRequest } from "@src/auth";
import { createConformanceContext, describeAuthPluginConformance } from "@src/auth/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpbin, type RealServer } from "@src/test-servers";
import { createDigestAuth } from "./digest-auth";

const plugin = createDigestAuth();
const challenge = {
  status: 401,
  headers: {
    "www-authenticate":
      'Digest realm="api@example.test", qop="auth", algorithm=SHA-256, nonce="bm9uY2UtMDE", opaque="b3BhcXVl"',
  },
};

describeAuthPluginConformance(plugin, {
  config: {},
  credential: { username: "alice", password: "digest-pass-0123" },
  otherCredential: { username: "alice", password: "other-pass-4567" },
  challenge,
  varyingHeaders: ["authorization"],
});

/**
 * What the executor does with the plugin, against a real server: authorize, send,
 * and on a 401 ask onRejected once and send again if it says so. `cookie` is sent
 * on the first attempt only (httpbin says a nonce is spent through a cookie).
 */
function createCaller(credential: { username: string; password: string }) {
  const context = createConformanceContext(plugin, {}, credential, new Date()).context as Parameters<
    typeof plugin.authorize
  >[1];
  const sent: string[] = [];
  return {
    sent,
    async call(url: string, { cookie }: { cookie?: string } = {}) {
      let attempt = 1;
      for (;;) {
        const request: AuthorizeRequest = {
          method: "GET",
          url: new URL(url),
          headers: new Headers(cookie !== undefined && attempt === 1 ? { cookie } : {}),
          body: undefined,
          attempt,
          signal: context.signal,
        };
        await plugin.authorize(request, context);
        sent.push(request.headers.get("authorization") ?? "(none)");
        const response = await fetch(request.url, { headers: request.headers });
        if (response.status !== 401 || attempt > 1) return response;
        const { retry } = await plugin.onRejected!(
          { status: response.status, headers: response.headers, request },
          context,
        );
        if (!retry) return response;
        attempt += 1;
      }
    },
  };
}

describe("digest against httpbin (python3-httpbin, a server nobody here wrote)", () => {
  let httpbin: RealServer;
  beforeAll(async () => {
    httpbin = await startHttpbin();
  }, 30_000);
  afterAll(() => httpbin?.stop());

  it.each(["MD5", "SHA-256"])(
    "%s: answers the challenge once, then reuses the nonce with nc 2, 3 and no new 401",
    async (algorithm) => {
      // httpbin checks the digest against the decoded path, so the password in its URL has nothing to percent-encode.
      const caller = createCaller({ username: "alice", password: "s3cret-pass" });
      const url = `${httpbin.origin}/digest-auth/auth/alice/s3cret-pass/${algorithm}`;
      const first = await caller.call(url);
      expect([first.status, await first.json()]).toEqual([200, { authenticated: true, user: "alice" }]);
      expect(caller.sent[0]).toBe("(none)");
      expect(caller.sent[1]).toMatch(
        new RegExp(`^Digest username="alice", .*algorithm=${algorithm}, .*qop=auth, nc=00000001, `),
      );
      for (const count of ["00000002", "00000003"]) {
        const again = await caller.call(url);
        expect(again.status).toBe(200);
        expect(caller.sent.at(-1)).toContain(`nc=${count}`);
      }
      expect(caller.sent).toHaveLength(4);
      const nonces = caller.sent.slice(1).map((header) => /nonce="([^"]+)"/.exec(header)?.[1]);
      expect(new Set(nonces).size).toBe(1);
      const cnonces = caller.sent.slice(1).map((header) => /cnonce="([^"]+)"/.exec(header)?.[1]);
      expect(new Set(cnonces).size).toBe(3);
    },
  );

  it("a nonce the server calls stale is replaced: one 401 with stale=TRUE, then the new nonce from nc 1", async () => {
    const caller = createCaller({ username: "alice", password: "pw" });
    const url = `${httpbin.origin}/digest-auth/auth/alice/pw/SHA-256`;
    expect((await caller.call(url)).status).toBe(200);
    const oldNonce = /nonce="([^"]+)"/.exec(caller.sent[1]!)?.[1];
    // httpbin calls a nonce stale when its last_nonce cookie names it.
    const refreshed = await caller.call(url, { cookie: `last_nonce=${oldNonce}` });
    expect(refreshed.status).toBe(200);
    const [stale, fresh] = caller.sent.slice(-2);
    expect(stale).toContain(`nonce="${oldNonce}"`);
    expect(fresh).toContain("nc=00000001");
    expect(fresh).not.toContain(`nonce="${oldNonce}"`);
  });

  it("registers each response hash it sends as a secret, so an API that echoes the header shows it redacted", async () => {
    const primed = createConformanceContext(plugin, {}, { username: "alice", password: "s3cret-pass" }, new Date());
    const context = primed.context as Parameters<typeof plugin.authorize>[1];
    const url = `${httpbin.origin}/digest-auth/auth/alice/s3cret-pass/MD5`;
    const request = (attempt: number): AuthorizeRequest => ({
      method: "GET",
      url: new URL(url),
      headers: new Headers(),
      body: undefined,
      attempt,
      signal: context.signal,
    });
    const first = request(1);
    await plugin.authorize(first, context);
    const refused = await fetch(url);
    await plugin.onRejected!({ status: refused.status, headers: refused.headers, request: first }, context);
    const second = request(2);
    await plugin.authorize(second, context);
    const response = /\bresponse="([^"]+)"/.exec(second.headers.get("authorization") ?? "")?.[1];
    expect(response).toMatch(/^[0-9a-f]{32}$/);
    expect(primed.registered).toContain(response);
    expect(primed.problems).toEqual([]);
  });

  it("a wrong password is refused once, without a second try: the 401 is the answer", async () => {
    const caller = createCaller({ username: "alice", password: "wrong" });
    const refused = await caller.call(`${httpbin.origin}/digest-auth/auth/alice/right/MD5`);
    expect(refused.status).toBe(401);
    expect(caller.sent).toHaveLength(2);
    expect(inspect(caller.sent)).not.toContain("wrong");
  });
});

describe("digest fields and placement", () => {
  it("asks for a plain username and a secret password, and declares Authorization as optional (nothing before the challenge)", () => {
    expect(describeAuthFields(plugin).credential.map(({ name, secret }) => [name, secret])).toEqual([
      ["username", false],
      ["password", true],
    ]);
    expect(plugin.placement({})).toEqual({ headers: [], optionalHeaders: ["authorization"], query: [] });
  });
});
