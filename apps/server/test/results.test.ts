import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createPagedApiHandler, sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";
import { bearerConfig, startTestServer, type TestServer } from "./helpers/test-server";

const upstreamToken = "upstream-token-results-3c5e7a9b1d";
let testHome: TestHome;
let upstream: Upstream;
let other: Upstream;
let server: TestServer;

/** An agent token named `name` and a suffix of this try: a retry makes its own instead of finding the name taken. */
/** An agent token named `name` and a random suffix (so a retry makes a new one), or `name` itself with `exact`. */
async function createToken(name: string, { exact = false }: { exact?: boolean } = {}): Promise<string> {
  const answer = await server.api("POST", "/v1/tokens", {
    body: { name: exact ? name : `${name}-${randomBytes(3).toString("hex")}` },
  });
  expect(answer.status, answer.text).toBe(201);
  const token = answer.json.token as string;
  testHome.secrets.push(token);
  return token;
}

async function mcpClient(token: string): Promise<Client> {
  const client = new Client({ name: "results-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

beforeAll(async () => {
  testHome = await createTestHome();
  testHome.secrets.push(upstreamToken);
  other = await startUpstream(undefined, { host: "127.0.0.2" });
  const paged = createPagedApiHandler({ otherOrigin: other.origin });
  upstream = await startUpstream((request, response, recorded) => {
    if (recorded.headers.authorization !== `Bearer ${upstreamToken}`)
      return sendJson(response, 401, { message: "bad credentials" });
    if (recorded.path === "/me") return sendJson(response, 200, { login: "octo" });
    return paged(request, response, recorded);
  });
  server = await startTestServer(testHome);
  expect(
    (
      await server.api("POST", "/v1/sources", {
        body: { config: bearerConfig("paged", upstream.url), credential: { token: upstreamToken } },
      })
    ).status,
  ).toBe(201);
});

afterAll(async () => {
  await server?.server.close();
  await upstream?.close();
  await other?.close();
  expect(linesLeakingSecrets(server.logs.lines, testHome.secrets)).toEqual([]);
  await testHome?.cleanup();
});

const callRoute = (body: unknown, token?: string) =>
  server.api("POST", "/v1/tools/api_paged/call", { body, ...(token === undefined ? {} : { token }) });

describe("select and paginate through the server's call route", () => {
  it("follows three Link pages and applies select to each, in one call", async () => {
    const before = upstream.requests.length;
    const answer = await callRoute({
      method: "GET",
      path: "/link",
      select: "[].{number: number, title: title}",
      paginate: { maxPages: 5 },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.pagination).toMatchObject({ pages: 3, items: 12, more: false, style: "link-header" });
    expect(answer.json.selected).toBe("[].{number: number, title: title}");
    expect((answer.json.body.value as { number: number }[]).map((item) => item.number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(upstream.requests.length - before).toBe(3);
  });

  it("takes paginate true (the defaults) and false (no pagination) over the call route and MCP, and lists both", async () => {
    const pagesOf = async (paginate: boolean): Promise<number> => {
      const before = upstream.requests.length;
      const answer = await callRoute({ method: "GET", path: "/cursor", paginate });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.error).toBeUndefined();
      return upstream.requests.length - before;
    };
    expect(await pagesOf(true)).toBe(3);
    expect(await pagesOf(false)).toBe(1);
    const client = await mcpClient(testHome.adminToken);
    try {
      const before = upstream.requests.length;
      const result = await client.callTool({
        name: "api_paged",
        arguments: { method: "GET", path: "/cursor", paginate: true },
      });
      expect(result.isError).not.toBe(true);
      expect(JSON.stringify(result.content)).toContain("pages: 3 fetched");
      expect(upstream.requests.length - before).toBe(3);
      const listed = (await client.listTools()).tools.find((tool) => tool.name === "api_paged");
      expect(listed?.inputSchema.properties?.paginate).toMatchObject({
        anyOf: [{ type: "boolean" }, { type: "object" }],
      });
    } finally {
      await client.close();
    }
  });

  it("does not follow a next link to another origin", async () => {
    const answer = await callRoute({ method: "GET", path: "/outside", paginate: {} });
    expect(answer.json.pagination).toMatchObject({
      pages: 1,
      more: true,
      stoppedBecause: "the next page leaves the source's base URL",
    });
    expect(other.requests).toHaveLength(0);
  });

  it("asks the policy about every page: a rate limit of 2 calls ends a three-page walk after 2 requests, over the call route and MCP", async () => {
    const suffix = randomBytes(3).toString("hex");
    const [routeSlug, mcpSlug] = [`limited-route-${suffix}`, `limited-mcp-${suffix}`];
    for (const slug of [routeSlug, mcpSlug]) {
      const config = bearerConfig(slug, upstream.url);
      (config.api as Record<string, unknown>).policy = { rateLimit: { calls: 2, perSeconds: 3600 } };
      const added = await server.api("POST", "/v1/sources", { body: { config, credential: { token: upstreamToken } } });
      expect(added.status, added.text).toBe(201);
    }
    const marker = (slug: string) =>
      upstream.requests.filter((request) => request.path === "/link" && request.searchParams.get("walk") === slug)
        .length;
    // The first page carries a marker; the next pages follow the upstream's Link header (page=2, page=3) without it, so each
    // walk counts its pages as the requests after its first, all on /link: the walks run one after the other.
    const before = upstream.requests.length;
    const answer = await server.api("POST", `/v1/tools/api_${routeSlug}/call`, {
      body: { method: "GET", path: "/link", query: { walk: "route" }, paginate: { maxPages: 5 } },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.note).toContain("page 3 answered RATE_LIMITED");
    expect(answer.json.pagination).toMatchObject({ pages: 2 });
    expect(marker("route")).toBe(1);
    expect(upstream.requests.length - before).toBe(2);

    const client = await mcpClient(testHome.adminToken);
    try {
      const beforeMcp = upstream.requests.length;
      const result = await client.callTool({
        name: `api_${mcpSlug}`,
        arguments: { method: "GET", path: "/link", query: { walk: "mcp" }, paginate: { maxPages: 5 } },
      });
      expect(JSON.stringify(result.content)).toContain("page 3 answered RATE_LIMITED");
      expect(marker("mcp")).toBe(1);
      expect(upstream.requests.length - beforeMcp).toBe(2);
    } finally {
      await client.close();
    }
  });

  it("answers a bad select with INVALID_CALL naming the position", async () => {
    const answer = await callRoute({ method: "GET", path: "/link", select: "[].{number number}" });
    expect(answer.json.error).toMatchObject({
      code: "INVALID_CALL",
      message: expect.stringContaining("at character 12"),
    });
  });
});

describe("a cut result read by reference, bound to its caller", () => {
  it("reads a 1 MB body back in parts over the call route, and refuses it to another agent token", async () => {
    const mine = await createToken("reader");
    const theirs = await createToken("stranger");
    const first = await callRoute({ method: "GET", path: "/big" }, mine);
    expect(first.json.truncated.unit).toBe("chars");
    const ref = first.json.resultRef as string;
    expect(ref).toMatch(/^r/);
    const before = upstream.requests.length;
    let offset: number | undefined = 0;
    let text = "";
    while (offset !== undefined) {
      const part = await callRoute({ resultRef: ref, offset }, mine);
      expect(part.json.ok).toBe(true);
      text += part.json.body.value as string;
      offset = part.json.part.nextOffset as number | undefined;
    }
    expect((JSON.parse(text) as { records: unknown[] }).records).toHaveLength(2000);
    expect(upstream.requests.length).toBe(before);
    const refused = await callRoute({ resultRef: ref }, theirs);
    expect(refused.json.error).toMatchObject({
      code: "INVALID_CALL",
      message: expect.stringContaining("belongs to another caller and is refused"),
    });
  });

  it("binds a reference to the token itself: the same name revoked and created again cannot read it", async () => {
    const name = `renamed-reader-${Date.now().toString(36)}`;
    const first = await createToken(name, { exact: true });
    const cut = await callRoute({ method: "GET", path: "/big" }, first);
    const ref = cut.json.resultRef as string;
    expect((await callRoute({ resultRef: ref }, first)).json.ok).toBe(true);
    expect((await server.api("DELETE", `/v1/tokens/${name}`)).status).toBe(200);
    const again = await createToken(name, { exact: true });
    const refused = await callRoute({ resultRef: ref }, again);
    expect(refused.json.error).toMatchObject({
      code: "INVALID_CALL",
      message: expect.stringContaining("belongs to another caller and is refused"),
    });
    expect(refused.text).not.toContain("records");
  });

  it("links the whole body over MCP as a resource_link, read in parts with resources/read, refused to another token", async () => {
    const mine = await mcpClient(await createToken("mcp-reader"));
    const theirs = await mcpClient(await createToken("mcp-stranger"));
    try {
      const cut = await mine.callTool({ name: "api_paged", arguments: { method: "GET", path: "/big" } });
      const link = (cut.content as { type: string; uri?: string }[]).find((item) => item.type === "resource_link");
      expect(link?.uri).toMatch(/^src:\/\/results\/r/);
      let uri: string | undefined = link?.uri;
      let text = "";
      let parts = 0;
      while (uri !== undefined) {
        const read = await mine.readResource({ uri });
        const content = read.contents[0] as { text: string; mimeType: string };
        expect(content.mimeType).toBe("application/json");
        text += content.text;
        uri = (read._meta as { next?: string } | undefined)?.next;
        parts += 1;
      }
      expect(parts).toBeGreaterThan(3);
      expect((JSON.parse(text) as { records: unknown[] }).records).toHaveLength(2000);
      await expect(theirs.readResource({ uri: link?.uri ?? "" })).rejects.toThrow(/belongs to another caller/);
      // A bad offset is named as such (the link itself is fine).
      for (const offset of ["-5", "abc"])
        await expect(mine.readResource({ uri: `${link?.uri ?? ""}?offset=${offset}` })).rejects.toThrow(
          `offset: must be a whole number of characters, 0 or more (it is "${offset}"); read from the start with ${link?.uri ?? ""}`,
        );
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it("stops handing out a stored result once its source's policy refuses its call or the source is disabled (resources/read and resultRef)", async () => {
    const slug = `shy-${randomBytes(3).toString("hex")}`;
    const added = await server.api("POST", "/v1/sources", {
      body: { config: bearerConfig(slug, upstream.url), credential: { token: upstreamToken } },
    });
    expect(added.status, added.text).toBe(201);
    const client = await mcpClient(await createToken("mcp-shy"));
    try {
      const cut = await client.callTool({ name: `api_${slug}`, arguments: { method: "GET", path: "/big" } });
      const uri = (cut.content as { type: string; uri?: string }[]).find((item) => item.type === "resource_link")?.uri;
      expect(uri).toMatch(/^src:\/\/results\/r/);
      const ref = uri!.slice("src://results/".length);
      expect((await client.readResource({ uri: uri! })).contents).toHaveLength(1);
      const denied = await server.api("PATCH", `/v1/sources/${slug}`, {
        body: { api: { policy: { deny: ["GET /big"] } } },
      });
      expect(denied.status, denied.text).toBe(200);
      await expect(client.readResource({ uri: uri! })).rejects.toThrow(
        new RegExp(`is refused: the policy of source "${slug}" now refuses GET /big`),
      );
      const throughTool = await client.callTool({ name: `api_${slug}`, arguments: { resultRef: ref } });
      expect(JSON.stringify(throughTool.content)).toMatch(/now refuses GET \/big/);
      expect((await server.api("PATCH", `/v1/sources/${slug}`, { body: { api: { policy: null } } })).status).toBe(200);
      expect((await client.readResource({ uri: uri! })).contents).toHaveLength(1);
      expect((await server.api("PATCH", `/v1/sources/${slug}`, { body: { enabled: false } })).status).toBe(200);
      await expect(client.readResource({ uri: uri! })).rejects.toThrow(new RegExp(`source "${slug}" is disabled now`));
    } finally {
      await client.close();
      await server.api("DELETE", `/v1/sources/${slug}`, { body: { confirm: slug } });
    }
  });

  it("keeps each source's call tool under 1 KB in tools/list, with what every call tool shares in the instructions", async () => {
    const client = await mcpClient(await createToken("lister"));
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((item) => item.name === "api_paged");
      expect(Buffer.byteLength(JSON.stringify(tool))).toBeLessThan(1024);
      expect(tool?.description).toContain(upstream.url);
      const instructions = client.getInstructions() ?? "";
      for (const word of ["select", "paginate", "resultRef", "_rawBody", "never send tokens"])
        expect(instructions).toContain(word);
    } finally {
      await client.close();
    }
  });
});

describe("the lifetime of a cut result (src serve --result-ttl)", () => {
  it("refuses a start with a lifetime that is not a whole number of seconds from 1 to 86400, naming the option", async () => {
    for (const resultTtlSeconds of [0, 1.5, 86_401]) {
      await expect(startTestServer(testHome, { resultTtlSeconds })).rejects.toThrow(
        /--result-ttl .*must be a whole number of seconds from 1 to 86400/,
      );
    }
  });

  it("says a reference has expired once its time is over, over the call route and MCP", async () => {
    const shortLived = await startTestServer(testHome, { resultTtlSeconds: 2 });
    const token = await createToken(`short-lived-${Date.now().toString(36)}`);
    const client = new Client({ name: "results-ttl-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${shortLived.server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const call = (body: unknown) => shortLived.api("POST", "/v1/tools/api_paged/call", { body, token });
      const cut = await call({ method: "GET", path: "/big" });
      expect(cut.json.truncated.note).toContain("is kept for 2 seconds");
      const ref = cut.json.resultRef as string;
      const viaMcp = await client.callTool({ name: "api_paged", arguments: { method: "GET", path: "/big" } });
      const uri =
        (viaMcp.content as { type: string; uri?: string }[]).find((item) => item.type === "resource_link")?.uri ?? "";
      expect(uri).toMatch(/^src:\/\/results\/r/);
      // The store's own clock runs out after 2 seconds: no sleep, the assertions poll until it has.
      await expect
        .poll(async () => (await call({ resultRef: ref })).json.error?.message as string | undefined, {
          timeout: 20_000,
          interval: 250,
        })
        .toMatch(/has expired: cut results are kept 2 seconds; make the call again/);
      await expect
        .poll(
          () =>
            client.readResource({ uri }).then(
              () => "still readable",
              (error: unknown) => (error as Error).message,
            ),
          { timeout: 20_000, interval: 250 },
        )
        .toMatch(/has expired/);
    } finally {
      await client.close();
      await shortLived.server.close();
    }
  });
});
