import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { createAuthRegistry } from "@src/auth";
import { createBearerAuth } from "@src/auth-bearer";
import type { ApiPolicy } from "@src/config";
import { buildOperationIndex, createOperationCatalog } from "@src/openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSourceRecordFixture } from "../testing/source-record-fixture";
import { sendJson, startUpstream, type Upstream } from "../testing/test-upstream";
import { createApiTools, type ApiToolDependencies } from "../tool/create-api-tool";
import type { ConfirmationRequest } from "./confirmation";
import { createMemoryRateLimitStore } from "./rate-limit-store";

const token = "pol-secret-4fd1c2";
let upstream: Upstream;
let credentialReads = 0;

beforeAll(async () => {
  upstream = await startUpstream((_request, response, recorded) => {
    if (recorded.path === "/v1/redirect-to-admin")
      return response.writeHead(302, { location: "/v1/admin/users" }).end();
    if (recorded.path === "/v1/redirect-to-repo") return response.writeHead(307, { location: "/v1/repos/a/b" }).end();
    const page = /^\/v1\/(pages|admin)\/(\d)$/.exec(recorded.path);
    if (page !== null) {
      const number = Number(page[2]);
      const next = number === 1 ? "/v1/pages/2" : number === 2 ? "/v1/admin/3" : undefined;
      return sendJson(response, 200, [{ id: number }], next === undefined ? {} : { link: `<${next}>; rel="next"` });
    }
    sendJson(response, 200, { method: recorded.method, path: recorded.path });
  });
});
afterAll(() => upstream.close());

function toolsFor(policy: ApiPolicy | undefined, dependencies: Partial<ApiToolDependencies> = {}) {
  const source = createSourceRecordFixture({
    slug: "gh",
    name: "GitHub",
    api: { baseUrl: `${upstream.url}/v1`, ...(policy === undefined ? {} : { policy }) },
  });
  return createApiTools(source, {
    registry: createAuthRegistry([createBearerAuth()]),
    credentials: {
      get: async () => {
        credentialReads += 1;
        return { token };
      },
    },
    rateLimits: createMemoryRateLimitStore(),
    ...dependencies,
  });
}

/** Runs one call and says what reached the upstream because of it. */
async function send(
  policy: ApiPolicy | undefined,
  method: string,
  path: string,
  dependencies: Partial<ApiToolDependencies> = {},
  toolIndex = 0,
) {
  const before = upstream.requests.length;
  const readsBefore = credentialReads;
  const result = await toolsFor(policy, dependencies)[toolIndex]!.execute({
    method,
    path,
    ...(["POST", "PUT", "PATCH"].includes(method) ? { body: { title: "x" } } : {}),
  });
  return {
    result,
    sent: upstream.requests.slice(before).map((request) => `${request.method} ${request.path}`),
    credentialRead: credentialReads > readsBefore,
  };
}

describe("api.policy: what reaches the upstream", () => {
  it.each([
    { why: "no policy: any call", policy: undefined, call: ["DELETE", "/repos/a/b"], sent: true },
    {
      why: "an allow rule with * (one segment)",
      policy: { allow: ["POST /repos/*/*/issues"] },
      call: ["POST", "/repos/a/b/issues"],
      sent: true,
    },
    {
      why: "* does not cross a segment",
      policy: { allow: ["POST /repos/*/issues"] },
      call: ["POST", "/repos/a/b/issues"],
      sent: false,
      rule: "not in allow",
    },
    {
      why: "** matches any number of segments",
      policy: { allow: ["GET /repos/**"] },
      call: ["GET", "/repos/a/b/c/d"],
      sent: true,
    },
    { why: "a GET rule covers HEAD", policy: { allow: ["GET /repos/**"] }, call: ["HEAD", "/repos/a"], sent: true },
    { why: "* as the method", policy: { allow: ["* /repos/**"] }, call: ["PATCH", "/repos/a"], sent: true },
    {
      why: "not in allow",
      policy: { allow: ["GET /repos/**"] },
      call: ["GET", "/user"],
      sent: false,
      rule: "not in allow",
    },
    {
      why: "deny wins over allow",
      policy: { allow: ["* /**"], deny: ["DELETE /repos/**"] },
      call: ["DELETE", "/repos/a/b"],
      sent: false,
      rule: "DELETE /repos/**",
    },
    {
      why: "deny alone leaves the rest allowed",
      policy: { deny: ["DELETE /**"] },
      call: ["PUT", "/repos/a"],
      sent: true,
    },
    {
      why: "deny reads a percent-encoded letter",
      policy: { deny: ["DELETE /repos/*/secret"] },
      call: ["DELETE", "/repos/a/s%65cret"],
      sent: false,
      rule: "DELETE /repos/*/secret",
    },
    {
      why: "deny reads another letter case",
      policy: { deny: ["DELETE /repos/**"] },
      call: ["DELETE", "/REPOS/a"],
      sent: false,
      rule: "DELETE /repos/**",
    },
    {
      why: "deny reads ;params away",
      policy: { deny: ["DELETE /repos/*/b"] },
      call: ["DELETE", "/repos/a;x=1/b"],
      sent: false,
      rule: "DELETE /repos/*/b",
    },
    {
      why: "deny reads doubled slashes and a trailing slash",
      policy: { deny: ["DELETE /repos/a/b"] },
      call: ["DELETE", "/repos//a/b/"],
      sent: false,
      rule: "DELETE /repos/a/b",
    },
    ...(
      [
        ["a trailing dot", "/admin./x"],
        ["an encoded trailing dot", "/admin%2e/x"],
        ["an encoded trailing space", "/admin%20/x"],
        ["a dot and a space at the end of the path", "/admin/x.%20"],
      ] as const
    ).map(([what, path]) => ({
      why: `deny reads ${what} away, as Windows and IIS do (${path})`,
      policy: { deny: ["GET /admin/**", "GET /admin/x"] },
      call: ["GET", path] as const,
      sent: false,
      rule: "GET /admin/**",
    })),
    {
      why: "allow reads the canonical path: a trailing slash is the same call",
      policy: { allow: ["POST /repos/*/*/issues"] },
      call: ["POST", "/repos/a/b/issues/"],
      sent: true,
    },
    {
      why: "allow matches letter case as written",
      policy: { allow: ["GET /repos/**"] },
      call: ["GET", "/Repos/a"],
      sent: false,
      rule: "not in allow",
    },
  ] as const)("$why", async ({ policy, call, sent, ...expected }) => {
    const outcome = await send(policy as ApiPolicy | undefined, call[0], call[1]);
    expect(outcome.sent.length > 0).toBe(sent);
    if (sent) {
      expect(outcome.result.ok).toBe(true);
      return;
    }
    expect(outcome.credentialRead).toBe(false);
    expect(outcome.result).toMatchObject({
      ok: false,
      status: 0,
      attempts: 0,
      error: { code: "POLICY_DENIED", rule: (expected as { rule: string }).rule },
    });
    expect(outcome.result.error?.message).toContain(`the policy of source "gh" refuses ${call[0]}`);
  });

  it.each(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"])(
    "read-only against %s: only GET, HEAD and OPTIONS are sent, and no rule widens it",
    async (method) => {
      const outcome = await send({ mode: "read-only", allow: ["* /**"] }, method, "/repos/a");
      const reads = ["GET", "HEAD", "OPTIONS"].includes(method);
      expect(outcome.sent).toEqual(reads ? [`${method} /v1/repos/a`] : []);
      if (!reads) expect(outcome.result.error).toMatchObject({ code: "POLICY_DENIED", rule: "read-only" });
    },
  );

  it("checks each redirect hop: a followed redirect the policy refuses is not sent", async () => {
    const outcome = await send({ deny: ["* /admin/**"] }, "GET", "/redirect-to-admin");
    expect(outcome.sent).toEqual(["GET /v1/redirect-to-admin"]);
    expect(outcome.result.error).toMatchObject({ code: "POLICY_DENIED", rule: "* /admin/**" });
    expect(outcome.result.error?.message).toContain("the redirect to GET /admin/users");
    expect(outcome.result.error?.message).toContain("the redirect was not followed");
  });

  it("follows a redirect the policy allows", async () => {
    const outcome = await send({ allow: ["GET /redirect-to-repo", "GET /repos/**"] }, "GET", "/redirect-to-repo");
    expect(outcome.sent).toEqual(["GET /v1/redirect-to-repo", "GET /v1/repos/a/b"]);
  });

  it("a read-only token narrows a read-write source", async () => {
    const outcome = await send({ mode: "read-write" }, "POST", "/repos/a/b/issues", {
      token: { name: "reader", readOnly: true },
    });
    expect(outcome.sent).toEqual([]);
    expect(outcome.result.error?.message).toContain('agent token "reader" is read-only');
  });

  it("split tools: api_<slug> reads, api_<slug>_write writes, each refusing the other's methods", async () => {
    const policy: ApiPolicy = { tools: "split" };
    const [read, write] = toolsFor(policy);
    expect([read?.name, read?.readOnly, write?.name, write?.readOnly]).toEqual(["api_gh", true, "api_gh_write", false]);
    expect((await send(policy, "GET", "/x", {}, 0)).sent).toEqual(["GET /v1/x"]);
    expect((await send(policy, "POST", "/x", {}, 0)).result.error?.message).toContain(
      "api_gh only reads (GET, HEAD, OPTIONS); send POST through api_gh_write",
    );
    expect((await send(policy, "POST", "/x", {}, 1)).sent).toEqual(["POST /v1/x"]);
    expect((await send(policy, "GET", "/x", {}, 1)).result.error?.message).toContain(
      "api_gh_write only writes; send GET through api_gh",
    );
  });

  it("split tools of a read-only source: only the read tool", () => {
    expect(toolsFor({ tools: "split", mode: "read-only" }).map((tool) => [tool.name, tool.readOnly])).toEqual([
      ["api_gh", true],
    ]);
  });

  it("describes the policy early in the tool description", () => {
    const [tool] = toolsFor({
      allow: ["GET /**", "POST /repos/*/*/issues", "PUT /repos/*/*/collaborators/*"],
      deny: ["DELETE /**"],
      confirm: ["PUT /repos/*/*/collaborators/*"],
      rateLimit: { calls: 60, perSeconds: 60 },
    });
    expect(tool!.description).toContain(
      "Allowed: reads anywhere; writes only to POST /repos/*/*/issues, PUT /repos/*/*/collaborators/*; anything else is refused.",
    );
    expect(tool!.description).toContain("Never allowed: DELETE /**.");
    expect(tool!.description).toContain("A person must confirm: PUT /repos/*/*/collaborators/*.");
    expect(tool!.description).toContain("At most 60 calls per 60 s.");
    expect(Buffer.byteLength(tool!.description)).toBeLessThanOrEqual(1023);
    expect(toolsFor({ mode: "read-only" })[0]!.description).toContain("Read-only: GET, HEAD and OPTIONS only");
  });
});

describe("the confirm rules a description names", () => {
  const confirmSentence = (policy: ApiPolicy, index = 0): string | undefined =>
    /A person must confirm: [^.]*\./.exec(toolsFor(policy)[index]!.description)?.[0];

  it("are only those a call the tool lets through can match", () => {
    const confirm = ["PUT /repos/*/*/collaborators/*", "GET /admin/**", "operation:repos/delete"];
    expect(confirmSentence({ confirm })).toBe(
      "A person must confirm: PUT /repos/*/*/collaborators/*, GET /admin/**, operation:repos/delete.",
    );
    // The allow list lets no PUT through: asking for a confirmation of one would only mislead the agent.
    expect(confirmSentence({ allow: ["GET /**", "POST /repos/*/*/issues"], confirm })).toBe(
      "A person must confirm: GET /admin/**, operation:repos/delete.",
    );
    expect(confirmSentence({ allow: ["* /repos/**"], confirm })).toBe(
      "A person must confirm: PUT /repos/*/*/collaborators/*, GET /admin/**, operation:repos/delete.",
    );
    expect(confirmSentence({ mode: "read-only", confirm: ["PUT /repos/*/*/collaborators/*"] })).toBeUndefined();
    expect(confirmSentence({ mode: "read-only", confirm })).toBe(
      "A person must confirm: GET /admin/**, operation:repos/delete.",
    );
  });
});

describe("the READMEs' policy examples", () => {
  const readmes = ["../../../../README.md", "../../../config/README.md"].map((path) => new URL(path, import.meta.url));
  // The examples have operation and tag rules: a document is loaded, holding the call they confirm.
  const githubLike = createOperationCatalog(
    buildOperationIndex(
      {
        openapi: "3.0.3",
        info: { title: "GitHub", version: "1" },
        paths: {
          "/repos/{owner}/{repo}/collaborators/{username}": {
            put: { operationId: "repos/add-collaborator", tags: ["repos"], responses: { 201: { description: "ok" } } },
          },
        },
      },
      { documentSha256: "0".repeat(64), writtenIn: "openapi.json" },
    ),
  );

  it.each(readmes.map((url) => ({ url, name: fileURLToPath(url) })))(
    "$name: each confirm rule asks a person and the call is sent (the allow list lets it through)",
    async ({ url }) => {
      const block = /```json\n"policy": (\{[\s\S]*?\n\})\n```/.exec(await readFile(url, "utf8"))?.[1];
      const policy = JSON.parse(block!) as ApiPolicy;
      expect(policy.confirm?.length).toBeGreaterThan(0);
      for (const rule of policy.confirm!) {
        const [method, pattern] = rule.split(" ") as [string, string];
        const path = pattern.replaceAll("**", "x").replaceAll("*", "x");
        const asked: string[] = [];
        const outcome = await send(policy, method, path, {
          operations: githubLike,
          confirm: async (request) => (asked.push(request.rule), "accepted"),
        });
        expect(outcome.result.error, rule).toBeUndefined();
        expect(asked).toEqual([rule]);
        expect(outcome.sent).toEqual([`${method} /v1${path}`]);
      }
    },
  );
});

describe("confirm rules", () => {
  const policy: ApiPolicy = { confirm: ["PUT /repos/*/*/collaborators/*"] };

  it("without a person to ask: CONFIRMATION_REQUIRED naming the rule, nothing sent", async () => {
    const outcome = await send(policy, "PUT", "/repos/a/b/collaborators/c");
    expect(outcome.sent).toEqual([]);
    expect(outcome.result.error).toMatchObject({
      code: "CONFIRMATION_REQUIRED",
      rule: "PUT /repos/*/*/collaborators/*",
    });
  });

  it("asks with the source, method, path and a body summary (never a value), and sends once accepted", async () => {
    const asked: ConfirmationRequest[] = [];
    const outcome = await send(policy, "PUT", "/repos/a/b/collaborators/c", {
      confirm: async (request) => (asked.push(request), "accepted"),
    });
    expect(asked).toEqual([
      {
        source: "gh",
        sourceName: "GitHub",
        method: "PUT",
        path: "/repos/a/b/collaborators/c",
        queryNames: [],
        bodySummary: "JSON object with keys title (13 bytes)",
        rule: "PUT /repos/*/*/collaborators/*",
      },
    ]);
    expect(outcome.sent).toEqual(["PUT /v1/repos/a/b/collaborators/c"]);
  });

  it.each(["declined", "cancelled"] as const)("%s: nothing is sent", async (answer) => {
    const outcome = await send(policy, "PUT", "/repos/a/b/collaborators/c", { confirm: async () => answer });
    expect(outcome.sent).toEqual([]);
    expect(outcome.credentialRead).toBe(false);
    expect(outcome.result.error).toMatchObject({
      code: "CONFIRMATION_DECLINED",
      rule: "PUT /repos/*/*/collaborators/*",
    });
  });

  it("a call no confirm rule matches is not asked about", async () => {
    let asked = 0;
    const outcome = await send(policy, "GET", "/repos/a/b", { confirm: async () => (asked++, "declined") });
    expect([asked, outcome.sent]).toEqual([0, ["GET /v1/repos/a/b"]]);
  });
});

describe("rate limits", () => {
  it("the source's limit: over it, RATE_LIMITED with retryAfterSeconds and nothing sent", async () => {
    const rateLimits = createMemoryRateLimitStore();
    const policy: ApiPolicy = { rateLimit: { calls: 2, perSeconds: 60 } };
    const outcomes = [];
    for (let call = 0; call < 3; call += 1) outcomes.push(await send(policy, "GET", "/items", { rateLimits }));
    expect(outcomes.map((outcome) => outcome.sent.length)).toEqual([1, 1, 0]);
    expect(outcomes[2]!.result.error).toMatchObject({ code: "RATE_LIMITED", retryable: true, rule: "rateLimit 2/60s" });
    expect(outcomes[2]!.result.error?.retryAfterSeconds).toBeGreaterThan(0);
    expect(outcomes[2]!.result.error?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("the token's limit counts across sources, apart from the source's", async () => {
    const rateLimits = createMemoryRateLimitStore();
    const tokenPolicy = { name: "agent-1", rateLimit: { calls: 1, perSeconds: 60 } };
    expect((await send(undefined, "GET", "/a", { rateLimits, token: tokenPolicy })).sent).toHaveLength(1);
    const second = await send(undefined, "GET", "/b", { rateLimits, token: tokenPolicy });
    expect(second.sent).toEqual([]);
    expect(second.result.error?.message).toContain('agent token "agent-1" is over its rate limit of 1 call per 60 s');
  });

  it("a refused call counts against no limit", async () => {
    const rateLimits = createMemoryRateLimitStore();
    const policy: ApiPolicy = { deny: ["DELETE /**"], rateLimit: { calls: 1, perSeconds: 60 } };
    await send(policy, "DELETE", "/x", { rateLimits });
    expect((await send(policy, "GET", "/x", { rateLimits })).sent).toEqual(["GET /v1/x"]);
  });
});

describe("the same check for every request of a call: select and paginate", () => {
  it("select does not get past a deny rule", async () => {
    const before = upstream.requests.length;
    const result = await toolsFor({ deny: ["GET /secret/**"] })[0]!.execute({
      method: "GET",
      path: "/secret/1",
      select: "items",
    });
    expect(result.error).toMatchObject({ code: "POLICY_DENIED", rule: "GET /secret/**" });
    expect(upstream.requests.length).toBe(before);
  });

  it.each<{ why: string; policy: ApiPolicy; stopped: string; next: unknown }>([
    {
      why: "paginate asks the policy about each next page (kind page): a page it refuses is not fetched, nor offered as the call to go on",
      policy: { deny: ["GET /admin/**"] },
      stopped:
        'page 3 answered POLICY_DENIED: the policy of source "gh" refuses GET /admin/3: rule "GET /admin/**" in deny',
      next: undefined,
    },
    {
      why: "each next page counts against the rate limit (and is the call to go on with later)",
      policy: { rateLimit: { calls: 2, perSeconds: 60 } },
      stopped: 'page 3 answered RATE_LIMITED: source "gh" is over its rate limit of 2 calls per 60 s',
      next: { method: "GET", path: "/admin/3" },
    },
  ])("$why", async ({ policy, stopped, next }) => {
    const before = upstream.requests.length;
    const result = await toolsFor(policy)[0]!.execute({ method: "GET", path: "/pages/1", paginate: { maxPages: 5 } });
    expect(upstream.requests.slice(before).map((request) => request.path)).toEqual(["/v1/pages/1", "/v1/pages/2"]);
    expect(result.note).toContain(stopped);
    expect(result.pagination?.more).toBe(true);
    expect(result.pagination?.next).toEqual(next);
  });
});

describe("operation and tag rules, read from the source's OpenAPI document", () => {
  const responses = { 200: { description: "ok" } };
  const catalogOf = (paths: Record<string, unknown>) =>
    createOperationCatalog(
      buildOperationIndex(
        { openapi: "3.0.3", info: { title: "Repos", version: "1" }, paths },
        { documentSha256: "0".repeat(64), writtenIn: "openapi.json" },
      ),
    );
  const lowerCase = catalogOf({
    "/repos/{owner}/{repo}": {
      get: { operationId: "repos/get", tags: ["repos"], responses },
      delete: { operationId: "repos/delete", tags: ["repos"], responses },
    },
  });
  const upperCase = catalogOf({
    "/Repos/{owner}/{repo}": {
      get: { operationId: "repos/get", tags: ["repos"], responses },
      delete: { operationId: "repos/delete", tags: ["repos"], responses },
    },
  });

  it.each([
    { why: "deny names the operation", catalog: lowerCase, path: "/repos/a/b", rule: "operation:repos/delete" },
    {
      why: "deny reads another case of the path",
      catalog: lowerCase,
      path: "/REPOS/a/b",
      rule: "operation:repos/delete",
    },
    {
      why: "deny reads the document's upper-case literal in any case",
      catalog: upperCase,
      path: "/repos/a/b",
      rule: "operation:repos/delete",
    },
    { why: "allow names only the GET operation", catalog: lowerCase, path: "/repos/a/b/c", rule: "not in allow" },
  ])("$why: refused before anything is sent", async ({ catalog, path, rule }) => {
    const policy: ApiPolicy = { allow: ["tag:repos"], deny: ["operation:repos/delete"] };
    const before = upstream.requests.length;
    const result = await toolsFor(policy, { operations: catalog })[0]!.execute({ method: "DELETE", path });
    expect(result.error).toMatchObject({ code: "POLICY_DENIED", rule });
    expect(upstream.requests.length).toBe(before);
  });

  it("allow by tag lets the operation through", async () => {
    const policy: ApiPolicy = { allow: ["tag:repos"], deny: ["operation:repos/delete"] };
    const result = await toolsFor(policy, { operations: lowerCase })[0]!.execute({ method: "GET", path: "/repos/a/b" });
    expect(result.ok).toBe(true);
  });
});
