import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startUpstream } from "@src/http-tool/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const token = "tok-edit-7c6b5a4d3e2f";

/** An API on `host` (the shared `@src/http-tool/testing` upstream) that wants the bearer token; `received` records each request. */
async function startRecordingApi(host = "127.0.0.1") {
  const upstream = await startUpstream(
    (_request, response, recorded) => {
      const ok = recorded.headers.authorization === `Bearer ${token}`;
      response.writeHead(ok ? 200 : 401, { "content-type": "application/json" }).end(JSON.stringify({ ok }));
    },
    { host },
  );
  return { url: `${upstream.url}/v1`, received: upstream.requests, close: () => upstream.close() };
}

let temp: TempHome;
let api: Awaited<ReturnType<typeof startRecordingApi>>;
const src = (args: string[], stdin?: string): Promise<RunResult> => runSrc(args, { env: temp.env, stdin });

beforeEach(async () => {
  temp = await createTempHome();
  api = await startRecordingApi();
});
afterEach(async () => {
  await api.close();
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(token);
  await temp.cleanup();
});

async function addNotion(...extra: string[]): Promise<RunResult> {
  const args = sourceAddArgs({ name: "Notion", baseUrl: api.url, testEndpoint: "/users/me" }, ...bearerFromStdin);
  return src(
    [...args, "--header", "Notion-Version=2022-06-28", "--header", "User-Agent=ops-agent/1.0", ...extra],
    token,
  );
}

describe("fixed headers: src source add --header", () => {
  it("sends them on validation and on every call, and shows them in source show and tools -v", async () => {
    const added = await addNotion("--json");
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      source: { api: { headers: { "Notion-Version": "2022-06-28", "User-Agent": "ops-agent/1.0" } } },
      validation: { status: "connected" },
    });
    expect(api.received.at(-1)).toMatchObject({
      path: "/v1/users/me",
      headers: { "notion-version": "2022-06-28", "user-agent": "ops-agent/1.0" },
    });

    const call = await src(["call", "notion", "GET", "/pages"]);
    expect(call.code).toBe(0);
    expect(api.received.at(-1)).toMatchObject({
      path: "/v1/pages",
      headers: { "notion-version": "2022-06-28", authorization: `Bearer ${token}` },
    });

    const shown = await src(["source", "show", "notion"]);
    expect(shown.stdout).toContain(
      "  header:        Notion-Version: 2022-06-28\n  header:        User-Agent: ops-agent/1.0\n",
    );
    const tools = await src(["tools", "-v"]);
    expect(tools.stdout).toContain(
      "fixed headers (sent on every request):\n  Notion-Version: 2022-06-28\n  User-Agent: ops-agent/1.0\n",
    );
    const toolsJson = JSON.parse((await src(["tools", "--json"])).stdout) as { headers: unknown }[];
    expect(toolsJson[0]?.headers).toEqual({ "Notion-Version": "2022-06-28", "User-Agent": "ops-agent/1.0" });
  });

  it.each([
    [
      "Authorization=Bearer x",
      "api.headers.Authorization: cannot be a fixed header: it would carry a credential, and fixed headers are shown in plain text; store secrets as the source's credential",
    ],
    [
      "X-Api-Key=abc",
      "api.headers.X-Api-Key: cannot be a fixed header: it would carry a credential, and fixed headers are shown in plain text; store secrets as the source's credential",
    ],
    ["Content-Length=3", "api.headers.Content-Length: cannot be a fixed header: it frames the body"],
    ["Host=evil.example", "api.headers.Host: cannot be a fixed header: it names the server"],
  ])("refuses --header %s (exit 2), writing nothing", async (header, message) => {
    const result = await addNotion("--header", header);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(await temp.files()).toEqual([]);
    expect(api.received).toEqual([]);
  });

  it("refuses the header the credential goes in (auth header)", async () => {
    const result = await src(
      sourceAddArgs(
        { name: "Keyed", baseUrl: api.url },
        "--auth",
        "header",
        "--header-name",
        "X-Team-Key",
        "--credential-stdin",
        "--header",
        "x-team-key=1",
      ),
      token,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'api.headers.x-team-key: cannot be a fixed header: the credential goes in header "X-Team-Key" (api.headerName); remove it',
    );
  });
});

describe("unknown fields are errors", () => {
  it("src source add --api with a field the mode does not have: names it and the field probably meant", async () => {
    const result = await src(
      sourceAddArgs(
        { name: "X", baseUrl: api.url },
        ...bearerFromStdin,
        "--api",
        "tesEndpoint=/x",
        "--api",
        "keyId=k1",
      ),
      token,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('api.tesEndpoint: is not a known field; did you mean "testEndpoint"?');
    expect(result.stderr).toContain(
      "api.keyId: is not a known field; remove it (known here: baseUrl, authType, testEndpoint, headers,",
    );
    expect(await temp.files()).toEqual([]);
  });

  it("a hand-written config.json with a misspelt field is reported, not ignored", async () => {
    expect((await addNotion()).code).toBe(0);
    const file = join(temp.home, "sources/notion/config.json");
    const record = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown> & {
      api: Record<string, unknown>;
    };
    record.api.tesEndpoint = "/other";
    await writeFile(file, JSON.stringify(record, null, 2));
    const shown = await src(["source", "show", "notion"]);
    expect(shown.code).not.toBe(0);
    expect(shown.stderr).toContain('api.tesEndpoint: is not a known field; did you mean "testEndpoint"?');
  });
});

describe("src source edit", () => {
  it("changes the name, test endpoint and headers in place; Name= removes a header", async () => {
    expect((await addNotion()).code).toBe(0);
    const before = JSON.parse((await src(["source", "show", "notion", "--json"])).stdout) as {
      source: { id: string; status: { connectionStatus: string } };
    };
    const edited = await src([
      "source",
      "edit",
      "notion",
      "--json",
      "--name",
      "Notion EU",
      "--test-endpoint",
      "/users/me?x=1",
      "--header",
      "user-agent=ops-agent/2.0",
      "--header",
      "Notion-Version=",
    ]);
    expect(edited.stderr).toBe("");
    expect(edited.code).toBe(0);
    const { source } = JSON.parse(edited.stdout) as {
      source: Record<string, unknown> & { api: Record<string, unknown>; status: Record<string, unknown> };
    };
    expect(Object.keys(JSON.parse(edited.stdout) as object)).toEqual(["source"]);
    expect(source).toMatchObject({
      id: before.source.id,
      name: "Notion EU",
      slug: "notion",
      api: { baseUrl: api.url, testEndpoint: "/users/me?x=1", headers: { "user-agent": "ops-agent/2.0" } },
    });
    // Same address: the status stays what the last test found.
    expect(source.status).toMatchObject({ connectionStatus: "connected" });
    expect((await src(["call", "notion", "GET", "/x"])).code).toBe(0);
    expect(api.received.at(-1)?.headers).toMatchObject({ "user-agent": "ops-agent/2.0" });
    expect(api.received.at(-1)?.headers["notion-version"]).toBeUndefined();
  });

  it("--set stores a source field's true/false and numbers as the schema's kind (propagateTrace, timeoutMs); FIELD= removes it", async () => {
    expect((await addNotion("--set", "retries=1")).code).toBe(0);
    const edited = await src(["source", "edit", "notion", "--set", "propagateTrace=true", "--api", "timeoutMs=5000"]);
    expect(edited.stderr).toBe("");
    expect(edited.code).toBe(0);
    const file = join(temp.home, "sources/notion/config.json");
    const stored = (JSON.parse(await readFile(file, "utf8")) as { api: Record<string, unknown> }).api;
    expect([stored.propagateTrace, stored.timeoutMs, stored.retries]).toEqual([true, 5000, 1]);
    const wrong = await src(["source", "edit", "notion", "--set", "propagateTrace=yes"]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("api.propagateTrace: must be a boolean");
    expect((await src(["source", "edit", "notion", "--set", "propagateTrace="])).code).toBe(0);
    const removed = (JSON.parse(await readFile(file, "utf8")) as { api: Record<string, unknown> }).api;
    expect(removed.propagateTrace).toBeUndefined();
  });

  it("--header alone is a change: it is added, and Name= alone removes it", async () => {
    expect((await addNotion()).code).toBe(0);
    const added = await src(["source", "edit", "notion", "--header", "X-Team=ops"]);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Updated source "notion" (Notion)');
    const shown = JSON.parse((await src(["source", "show", "notion", "--json"])).stdout) as {
      source: { api: { headers: Record<string, string> } };
    };
    expect(shown.source.api.headers).toEqual({
      "Notion-Version": "2022-06-28",
      "User-Agent": "ops-agent/1.0",
      "X-Team": "ops",
    });
    expect((await src(["call", "notion", "GET", "/x"])).code).toBe(0);
    expect(api.received.at(-1)?.headers).toMatchObject({ "x-team": "ops" });

    const removed = await src(["source", "edit", "notion", "--header", "x-team="]);
    expect(removed.code).toBe(0);
    const after = JSON.parse((await src(["source", "show", "notion", "--json"])).stdout) as {
      source: { api: { headers: Record<string, string> } };
    };
    expect(after.source.api.headers).toEqual({ "Notion-Version": "2022-06-28", "User-Agent": "ops-agent/1.0" });
  });

  it("after a new base URL the source is untested, says to set the credential again, and never sends it there", async () => {
    expect((await addNotion()).code).toBe(0);
    const other = await startRecordingApi("127.0.0.2");
    try {
      const edited = await src(["source", "edit", "notion", "--base-url", other.url]);
      expect(edited.code).toBe(0);
      expect(edited.stdout).toContain(`Updated source "notion" (Notion) → ${other.url}; status: untested.`);
      expect(edited.stdout).toContain(
        "The stored credential belongs to the old address and is never sent to the new one: store it again for the new address",
      );
      expect(edited.stdout).toContain("Next: src credential set notion\n");
      const listed = JSON.parse((await src(["source", "list", "--json"])).stdout) as {
        source: { status: { connectionStatus: string } };
        hasCredential: boolean;
      }[];
      expect(listed[0]).toMatchObject({ source: { status: { connectionStatus: "untested" } }, hasCredential: false });
      const call = await src(["call", "notion", "GET", "/x", "--json"]);
      expect(JSON.parse(call.stdout)).toMatchObject({ ok: false, error: { code: "NO_CREDENTIAL" } });
      expect(other.received).toEqual([]);
      expect((await src(["credential", "set", "notion", "--credential-stdin"], token)).code).toBe(0);
      expect(JSON.parse((await src(["source", "show", "notion", "--json"])).stdout)).toMatchObject({
        source: { status: { connectionStatus: "connected", lastError: null } },
      });
      expect(other.received.at(-1)?.headers).toMatchObject({ "notion-version": "2022-06-28" });
    } finally {
      await other.close();
    }
  });

  it("refuses an invalid change, naming the field, and leaves config.json as it was", async () => {
    expect((await addNotion()).code).toBe(0);
    const file = join(temp.home, "sources/notion/config.json");
    const before = await readFile(file, "utf8");
    const result = await src(["source", "edit", "notion", "--base-url", "ftp://x", "--api", "retriez=3"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("api.baseUrl: must use http or https");
    expect(result.stderr).toContain('api.retriez: is not a known field; did you mean "retries"?');
    expect(await readFile(file, "utf8")).toBe(before);
  });

  it("with nothing to change is a usage error (exit 2); an unknown slug says so", async () => {
    expect((await addNotion()).code).toBe(0);
    const nothing = await src(["source", "edit", "notion"]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain("nothing to change: give at least one of --name, --base-url");
    const missing = await src(["source", "edit", "nope", "--name", "X"]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('"nope"');
  });
});

describe("src call takes no argument the tool does not take", () => {
  it("an unknown flag such as --headers is a usage error (exit 2) and nothing is sent", async () => {
    expect((await addNotion()).code).toBe(0);
    const before = api.received.length;
    const result = await src(["call", "notion", "GET", "/x", "--headers", "X-Debug=1"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--headers'");
    expect(api.received.length).toBe(before);
  });
});

describe("a JSON body sent as a string (src call --body)", () => {
  it("is sent as the JSON it holds, and the result says so", async () => {
    expect((await addNotion()).code).toBe(0);
    const result = await src([
      "call",
      "notion",
      "POST",
      "/pages",
      "--body",
      JSON.stringify(JSON.stringify({ title: "x" })),
      "--json",
    ]);
    expect(result.code).toBe(0);
    expect(api.received.at(-1)?.body).toBe('{"title":"x"}');
    expect((JSON.parse(result.stdout) as { note: string }).note).toContain(
      "body was a string holding JSON: it was sent as that JSON value",
    );
  });
});
