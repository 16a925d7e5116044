import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunResult, recordingRunSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { closedPort, startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const secret = "call-secret-0a1b2c3d4e5f";
let temp: TempHome;
let upstream: Upstream;
const outputs: RunResult[] = [];

const src = recordingRunSrc(outputs, () => ({ env: temp.env, cwd: temp.home }));

beforeAll(async () => {
  temp = await createTempHome();
  upstream = await startUpstream({ type: "bearer", token: secret });
  const added = await src(sourceAddArgs({ name: "Echo", baseUrl: upstream.url }, ...bearerFromStdin), secret);
  expect(added.code).toBe(0);
  const port = await closedPort();
  const down = await src(
    sourceAddArgs({ name: "Down", baseUrl: `http://127.0.0.1:${port}` }, ...bearerFromStdin, "--no-test"),
    secret,
  );
  expect(down.code).toBe(0);
});

afterAll(async () => {
  for (const { stdout, stderr } of outputs) expect(stdout + stderr).not.toContain(secret);
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(secret);
  await upstream.close();
  await temp.cleanup();
});

const lastReceived = () => upstream.received.at(-1)!;
/** `src call echo GET /items -q PAIR... --json`. */
const getItemsJson = (...pairs: string[]) =>
  src(["call", "echo", "GET", "/items", ...pairs.flatMap((pair) => ["-q", pair]), "--json"]);

describe("src call", () => {
  it("GET with -q: repeated keys become arrays; --json prints the ToolResult", async () => {
    const result = await getItemsJson("limit=2", "tag=a", "tag=b=c");
    expect(result.code).toBe(0);
    expect(lastReceived()).toMatchObject({ method: "GET", path: "/items", query: { limit: "2", tag: ["a", "b=c"] } });
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({
      ok: true,
      status: 200,
      body: { kind: "json", value: { echo: { path: "/items" } } },
      request: { method: "GET" },
    });
    expect(output.request.url).not.toContain(secret);
  });

  it("-q takes the names every JavaScript object has (constructor, toString, __proto__)", async () => {
    const result = await getItemsJson("constructor=1", "toString=2", "__proto__=3", "toString=4");
    expect(result.code, result.stderr).toBe(0);
    const query = lastReceived().query;
    expect(Object.keys(query).sort()).toEqual(["__proto__", "constructor", "toString"]);
    expect(query["constructor"]).toBe("1");
    expect(Object.getOwnPropertyDescriptor(query, "toString")?.value).toEqual(["2", "4"]);
    expect(Object.getOwnPropertyDescriptor(query, "__proto__")?.value).toBe("3");
  });

  it("shows terminal escapes from the upstream escaped (OSC 52 clipboard, window title, screen clear), and --json escapes them too", async () => {
    const hostile = "before\u001b]52;c;cm0gLXJmIH4=\u0007\u001b]0;owned\u0007\u001b[2J\u009b31mafter";
    const echo = createServer((_request, response) =>
      response.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(hostile),
    );
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
      // A slug of this try only: a retry adds its own.
      const slug = `hostile-${randomBytes(3).toString("hex")}`;
      expect(
        (
          await src(
            sourceAddArgs({ name: "Hostile", slug, baseUrl, testEndpoint: "/" }, ...bearerFromStdin, "--no-test"),
            secret,
          )
        ).code,
      ).toBe(0);
      const human = await src(["call", slug, "GET", "/"]);
      expect(human.code).toBe(0);
      expect([...human.stdout].filter((character) => ["\u001b", "\u0007", "\u009b"].includes(character))).toEqual([]);
      expect(human.stdout).toContain("before\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b]0;owned\\x07\\x1b[2J\\x9b31mafter");
      const json = await src(["call", slug, "GET", "/", "--json"]);
      expect([...json.stdout].filter((character) => ["\u001b", "\u0007"].includes(character))).toEqual([]);
      expect(JSON.parse(json.stdout).body.value).toBe(hostile);
    } finally {
      echo.closeAllConnections();
      await new Promise<void>((resolve) => echo.close(() => resolve()));
    }
  });

  it("pretty output: status line, headers, body", async () => {
    const result = await src(["call", "echo", "get", "/things"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^HTTP 200 OK {2}GET http:\/\/127\.0\.0\.1:\d+\/things/);
    expect(result.stdout).toContain("content-type: application/json");
    expect(result.stdout).toContain('"path": "/things"');
  });

  it("the tool name works as well as the slug", async () => {
    expect((await src(["call", "api_echo", "GET", "/x"])).code).toBe(0);
  });

  it("--body JSON and --body @file send JSON", async () => {
    expect((await src(["call", "echo", "POST", "/items", "--body", '{"name":"kiwi","n":1}'])).code).toBe(0);
    expect(lastReceived()).toMatchObject({ method: "POST", contentType: expect.stringContaining("application/json") });
    expect(JSON.parse(lastReceived().body)).toEqual({ name: "kiwi", n: 1 });

    await writeFile(join(temp.home, "body.json"), '[1, 2, {"three": 3}]');
    expect((await src(["call", "echo", "PUT", "/items/1", "--body", "@body.json"])).code).toBe(0);
    expect(JSON.parse(lastReceived().body)).toEqual([1, 2, { three: 3 }]);
  });

  it("--raw-body TEXT / @file with --content-type send the body as it stands", async () => {
    const xml = "<note><title>a &amp; b</title></note>";
    expect(
      (await src(["call", "echo", "POST", "/notes", "--raw-body", xml, "--content-type", "application/xml"])).code,
    ).toBe(0);
    expect(lastReceived()).toMatchObject({ body: xml, contentType: "application/xml" });

    await writeFile(join(temp.home, "form.txt"), "a=1&b=two+words");
    expect(
      (
        await src([
          "call",
          "echo",
          "POST",
          "/notes",
          "--raw-body",
          "@form.txt",
          "--content-type",
          "application/x-www-form-urlencoded",
        ])
      ).code,
    ).toBe(0);
    expect(lastReceived()).toMatchObject({ body: "a=1&b=two+words", contentType: "application/x-www-form-urlencoded" });
  });

  it("a non-2xx answer is a result with ok false: printed, exit 1", async () => {
    const result = await src(["call", "echo", "GET", "/missing", "--json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, status: 404 });
    expect(result.stderr).toContain("404");
  });

  it("no response (connection refused): exit 1 with the error code", async () => {
    const result = await src(["call", "down", "GET", "/x", "--json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, status: 0, error: { code: "CONNECTION_REFUSED" } });
  });

  it.each([
    {
      why: "--body and --raw-body together",
      args: ["call", "echo", "POST", "/x", "--body", "{}", "--raw-body", "x"],
      code: "USAGE",
    },
    { why: "--body that is not JSON", args: ["call", "echo", "POST", "/x", "--body", "{nope"], code: "INVALID_INPUT" },
    {
      why: "--body @file that does not exist",
      args: ["call", "echo", "POST", "/x", "--body", "@nowhere.json"],
      code: "INVALID_INPUT",
    },
    {
      why: "a body with GET (the tool refuses the call)",
      args: ["call", "echo", "GET", "/x", "--body", "{}"],
      code: null,
    },
    { why: "a full URL as path", args: ["call", "echo", "GET", "http://127.0.0.2/x"], code: null },
    { why: "an unknown method", args: ["call", "echo", "FETCH", "/x"], code: null },
    { why: "an unknown slug", args: ["call", "nope", "GET", "/x"], code: "UNKNOWN_TOOL" },
  ])("bad input exits 2: $why", async ({ args, code }) => {
    const before = upstream.received.length;
    const result = await src([...args, "--json"]);
    expect(result.code).toBe(2);
    const output = JSON.parse(result.stdout);
    if (code === null) expect(output).toMatchObject({ ok: false, error: { code: "INVALID_CALL" } });
    else expect(output.error.code).toBe(code);
    expect(result.stderr).not.toBe("");
    expect(upstream.received.length).toBe(before);
  });

  it("a disabled source or a missing credential: an error result, exit 1", async () => {
    // Sources of this test only: the shared ones stay as the other tests expect them, whatever happens here.
    const off = `off-${randomBytes(3).toString("hex")}`;
    expect(
      (
        await src(
          sourceAddArgs({ name: off, slug: off, baseUrl: upstream.url }, ...bearerFromStdin, "--no-test", "--disabled"),
          secret,
        )
      ).code,
    ).toBe(0);
    const disabled = await src(["call", off, "GET", "/x", "--json"]);
    expect(disabled.code).toBe(1);
    expect(JSON.parse(disabled.stdout).error.code).toBe("SOURCE_DISABLED");

    const bare = `bare-${randomBytes(3).toString("hex")}`;
    expect(
      (
        await src(
          sourceAddArgs({ name: bare, slug: bare, baseUrl: upstream.url }, ...bearerFromStdin, "--no-test"),
          secret,
        )
      ).code,
    ).toBe(0);
    expect((await src(["credential", "delete", bare])).code).toBe(0);
    const missing = await src(["call", bare, "GET", "/x"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`src credential set ${bare}`);

    // Their audit lines: nothing was sent, so no HTTP status (null, not 0, which is a request without a response).
    const lines = (await readFile(join(temp.home, "logs", "calls.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.source === off || line.source === bare);
    expect(
      lines.map(({ source, method, path, status, attempts, errorCode, outcome }) => ({
        source,
        method,
        path,
        status,
        attempts,
        errorCode,
        outcome,
      })),
    ).toEqual([
      {
        source: off,
        method: "GET",
        path: "/x",
        status: null,
        attempts: 0,
        errorCode: "SOURCE_DISABLED",
        outcome: "refused",
      },
      {
        source: bare,
        method: "GET",
        path: "/x",
        status: null,
        attempts: 0,
        errorCode: "NO_CREDENTIAL",
        outcome: "refused",
      },
    ]);
  });
});
