import { inspect } from "node:util";
import { describeAuthFields, type AuthorizeRequest } from "@src/auth";
import { createConformanceContext, describeAuthPluginConformance } from "@src/auth/testing";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
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
    async call(
      url: string,
      { cookie, method = "GET", body }: { cookie?: string; method?: string; body?: string } = {},
    ) {
      let attempt = 1;
      for (;;) {
        const request: AuthorizeRequest = {
          method,
          url: new URL(url),
          headers: new Headers(cookie !== undefined && attempt === 1 ? { cookie } : {}),
          body: body === undefined ? undefined : new TextEncoder().encode(body),
          attempt,
          signal: context.signal,
        };
        await plugin.authorize(request, context);
        sent.push(request.headers.get("authorization") ?? "(none)");
        const response = await fetch(request.url, { method, headers: request.headers, body: request.body ?? null });
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

  it.each(["MD5", "SHA-256", "SHA-512"])(
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

  it("answers qop=auth-int, hashing the (empty) body of a GET (httpbin offers auth-int alone)", async () => {
    const caller = createCaller({ username: "alice", password: "int-pass" });
    const url = `${httpbin.origin}/digest-auth/auth-int/alice/int-pass/SHA-256`;
    const answered = await caller.call(url);
    expect(answered.status).toBe(200);
    expect(caller.sent[1]).toMatch(/qop=auth-int, nc=00000001, /);
  });

  it("a server that forgot the nonce (a restart: a new one, no stale=true) is answered once with the new nonce", async () => {
    // In front of httpbin, which checks each digest, a server that knows only the nonces it issued since its start.
    const issued = new Set<string>();
    const forward = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
      const sentNonceOf = /\bnonce="([^"]*)"/.exec(incoming.headers.authorization ?? "")?.[1];
      const forgotten = sentNonceOf !== undefined && !issued.has(sentNonceOf);
      const answer = await fetch(`${httpbin.origin}${incoming.url}`, {
        headers:
          forgotten || incoming.headers.authorization === undefined
            ? {}
            : { authorization: incoming.headers.authorization },
      });
      const challenge = answer.headers.get("www-authenticate");
      const nonce = challenge === null ? undefined : /\bnonce="([^"]*)"/.exec(challenge)?.[1];
      if (nonce !== undefined) issued.add(nonce);
      outgoing
        .writeHead(answer.status, challenge === null ? {} : { "www-authenticate": challenge })
        .end(await answer.text());
    };
    const front = createServer((incoming, outgoing) => void forward(incoming, outgoing));
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
      const caller = createCaller({ username: "alice", password: "pw" });
      const url = `${origin}/digest-auth/auth/alice/pw/SHA-256`;
      expect((await caller.call(url)).status).toBe(200);
      issued.clear(); // the restart
      const after = await caller.call(url);
      expect(after.status).toBe(200);
      const [forgotten, answered] = caller.sent.slice(-2);
      expect(forgotten).toContain("nc=00000002");
      expect(answered).toContain("nc=00000001");
      expect(/nonce="([^"]*)"/.exec(answered!)?.[1]).not.toBe(/nonce="([^"]*)"/.exec(forgotten!)?.[1]);
    } finally {
      await new Promise((resolve) => front.close(resolve));
    }
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

describe("challenges digest cannot answer", () => {
  let server: Server;
  let origin = "";
  let challengeHeader = "";
  beforeAll(async () => {
    server = createServer((_incoming, outgoing) =>
      outgoing.writeHead(401, { "www-authenticate": challengeHeader }).end(),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([
    [
      'Digest realm="r", nonce="n1", algorithm=SHA3-256, qop="auth"',
      /asks for algorithm SHA3-256, qop auth, which this plugin does not answer \(it answers MD5, SHA-256/,
    ],
    [
      'Digest realm="r", nonce="n1", qop="auth-conf"',
      /asks for algorithm MD5, qop auth-conf, which this plugin does not answer/,
    ],
    ['Basic realm="camera"', /uses Digest, and the server asks for Basic instead/],
  ])("%s: the call fails saying what the server asks for and what to do", async (header, message) => {
    challengeHeader = header;
    const caller = createCaller({ username: "alice", password: "pw" });
    const failure = await caller.call(`${origin}/x`).catch((error: unknown) => error);
    expect(failure).toMatchObject({ outcome: "needs_auth", message: expect.stringMatching(message) });
    expect(caller.sent).toEqual(["(none)"]);
  });
});
