import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { binPath, runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { closedPort, startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

// `src --server URL` against `src serve` on the same home: every command of the remote mode prints the same
// output (text and --json) and ends with the same exit code as in local mode.
const upstreamToken = `upstream-${randomBytes(12).toString("hex")}`;
const adminToken = `admin-${randomBytes(16).toString("hex")}`;
let temp: TempHome;
let upstream: Upstream;
let serve: ChildProcess;
let serverUrl: string;
/** Everything the runs of the current test printed, scanned for secrets after it. */
const printed: string[] = [];

const run = async (
  args: readonly string[],
  env: Record<string, string | undefined>,
  stdin = "",
): Promise<RunResult> => {
  const result = await runSrc(args, { env, stdin });
  printed.push(result.stdout, result.stderr);
  return result;
};
const local = (args: readonly string[], stdin?: string): Promise<RunResult> => run(args, temp.env, stdin);
/** No SRC_HOME, no vault key: only the server has them. */
const remote = (args: readonly string[], stdin?: string): Promise<RunResult> =>
  run(args, { SRC_SERVER: serverUrl, SRC_SERVER_TOKEN: adminToken }, stdin);

/** Output with what differs between two runs of the same command replaced: times, durations, ids, HTTP dates. */
function normalize(text: string): string {
  return text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>")
    .replace(/"durationMs": \d+/g, '"durationMs": <n>')
    .replace(/\d+ ms\b/g, "<n> ms")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
    .replace(/[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT/g, "<date>")
    .replace(/"request-\d+"/g, '"request-<n>"');
}

function expectSame(remoteRun: RunResult, localRun: RunResult): void {
  expect({ code: remoteRun.code, stdout: normalize(remoteRun.stdout), stderr: normalize(remoteRun.stderr) }).toEqual({
    code: localRun.code,
    stdout: normalize(localRun.stdout),
    stderr: normalize(localRun.stderr),
  });
}

/** For read-only commands: the server keeps its listing in memory and sees the CLI's local changes when its file watch reports them. */
async function expectSameEventually(args: readonly string[]): Promise<RunResult> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [remoteRun, localRun] = [await remote(args), await local(args)];
    const same =
      remoteRun.code === localRun.code &&
      normalize(remoteRun.stdout) === normalize(localRun.stdout) &&
      normalize(remoteRun.stderr) === normalize(localRun.stderr);
    if (same || Date.now() > deadline) {
      expectSame(remoteRun, localRun);
      return remoteRun;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A slug no other test (nor another try of this one) uses. */
const newSlug = (prefix: string): string => `${prefix}-${randomBytes(3).toString("hex")}`;

const addArgs = (slug: string): string[] =>
  sourceAddArgs({ name: `Source ${slug}`, slug, baseUrl: upstream.url }, ...bearerFromStdin);

beforeAll(async () => {
  [temp, upstream] = await Promise.all([createTempHome(), startUpstream({ type: "bearer", token: upstreamToken })]);
  serve = spawn(process.execPath, [binPath, "serve", "--port", "0", "--json"], {
    env: { PATH: process.env.PATH, ...temp.env, SRC_SERVER_TOKEN: adminToken },
    stdio: ["ignore", "pipe", "pipe"],
  });
  serverUrl = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    serve.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const match = /"url":\s*"([^"]+)"/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    serve.once("close", () => reject(new Error("src serve ended before listening")));
  });
  // "alpha" is what the read-only and call tests compare; no test changes it. A test that changes a source adds its own.
  expect((await local(addArgs("alpha"), upstreamToken)).code).toBe(0);
}, 60_000);

beforeEach(() => {
  printed.length = 0;
});

afterEach(() => {
  const all = printed.join("\n");
  expect(all).not.toContain(upstreamToken);
  expect(all).not.toContain(adminToken);
});

afterAll(async () => {
  const closed = serve === undefined ? undefined : new Promise((resolve) => serve.once("close", resolve));
  serve?.kill("SIGTERM");
  await closed;
  await Promise.all([upstream?.close(), temp?.cleanup()]);
});

describe("src --server: the same output and exit codes as local mode", { timeout: 120_000 }, () => {
  it.each([
    { mode: "text", json: [] },
    { mode: "--json", json: ["--json"] },
  ])("source add ($mode)", async ({ json }) => {
    const slug = newSlug("added");
    const remoteRun = await remote([...json, ...addArgs(slug)], upstreamToken);
    expect(remoteRun.code).toBe(0);
    expect((await local(["source", "remove", slug])).code).toBe(0);
    expectSame(remoteRun, await local([...json, ...addArgs(slug)], upstreamToken));
  });

  it.each(
    [
      ["source", "list"],
      ["--json", "source", "list"],
      ["source", "show", "alpha"],
      ["--json", "source", "show", "alpha"],
      ["tools"],
      ["tools", "-v"],
      ["--json", "tools"],
      ["source", "show", "nope"],
      ["--json", "source", "show", "nope"],
    ].map((args) => ({ args, command: args.join(" ") })),
  )("$command (read only)", async ({ args }) => {
    await expectSameEventually(args);
  });

  it.each(
    [
      ["call", "alpha", "GET", "/items", "-q", "page=2", "-q", "tag=a", "-q", "tag=b"],
      ["--json", "call", "api_alpha", "POST", "/items", "--body", '{"name":"new"}'],
      ["call", "alpha", "PUT", "/items/1", "--raw-body", "<item/>", "--content-type", "application/xml"],
      ["call", "alpha", "GET", "/missing"],
      ["--json", "call", "alpha", "GET", "/missing"],
      ["call", "alpha", "FETCH", "/items"],
      ["call", "nope", "GET", "/items"],
      ["--json", "call", "nope", "GET", "/items"],
    ].map((args) => ({ args, command: args.join(" ") })),
  )("$command", async ({ args }) => {
    expectSame(await remote(args), await local(args));
  });

  it("source reload, disable and enable (text and --json)", async () => {
    const slug = newSlug("toggled");
    expect((await local(addArgs(slug), upstreamToken)).code).toBe(0);
    for (const args of [
      ["source", "reload", slug],
      ["--json", "source", "reload", slug],
      ["source", "disable", slug],
      ["--json", "source", "disable", slug],
      ["source", "enable", slug],
      ["--json", "source", "enable", slug],
    ]) {
      expectSame(await remote(args), await local(args));
    }
  });

  it("credential set: a wrong token (needs_auth, exit 1) and the right one (exit 0), text and --json", async () => {
    const slug = newSlug("credentialed");
    expect((await local(addArgs(slug), upstreamToken)).code).toBe(0);
    for (const [token, code] of [
      ["wrong-token-remote-mode", 1],
      [upstreamToken, 0],
    ] as const) {
      for (const json of [[], ["--json"]]) {
        const args = [...json, "credential", "set", slug, "--credential-stdin"];
        const remoteRun = await remote(args, token);
        expect(remoteRun.code).toBe(code);
        expectSame(remoteRun, await local(args, token));
      }
    }
  });

  it("credential delete: deleted, then nothing to delete (text and --json)", async () => {
    const slug = newSlug("uncredentialed");
    expect((await local(addArgs(slug), upstreamToken)).code).toBe(0);
    for (const json of [[], ["--json"]]) {
      const args = [...json, "credential", "delete", slug];
      const remoteDeleted = await remote(args);
      const remoteNothing = await remote(args);
      expect((await local(["credential", "set", slug, "--credential-stdin"], upstreamToken)).code).toBe(0);
      expectSame(remoteDeleted, await local(args));
      expectSame(remoteNothing, await local(args));
      expect((await local(["credential", "set", slug, "--credential-stdin"], upstreamToken)).code).toBe(0);
    }
  });

  it("source remove (text and --json), and removing what is not there (exit 2)", async () => {
    const slug = newSlug("removed");
    expect((await local(addArgs(slug), upstreamToken)).code).toBe(0);
    for (const json of [[], ["--json"]]) {
      const args = [...json, "source", "remove", slug];
      const remoteRun = await remote(args);
      expect(remoteRun.code).toBe(0);
      const remoteAgain = await remote(args);
      expect(remoteAgain.code).toBe(2);
      expect((await local(addArgs(slug), upstreamToken)).code).toBe(0);
      expectSame(remoteRun, await local(args));
      expectSame(remoteAgain, await local(args));
      expect((await local(addArgs(slug), upstreamToken)).code).toBe(0);
    }
  });

  it("src --help names under --server the commands that run against the server, connections list|remove included", async () => {
    const help = (await runSrc(["--help"], { env: temp.env })).stdout.replace(/\s+/g, " ");
    const described = /--server <url> (.*?) -h, --help/.exec(help)?.[1] ?? "";
    for (const commands of ["connections list|remove", "auth login|status|logout", "token create|list|revoke"])
      expect(described).toContain(commands);
    expectSame(await remote(["connections", "list"]), await local(["connections", "list"]));
    expectSame(await remote(["--json", "connections", "list"]), await local(["--json", "connections", "list"]));
    expect((await remote(["token", "list"])).code).toBe(0);
  });

  it("--server works as the flag too", async () => {
    const result = await run(["--server", serverUrl, "--json", "source", "list"], { SRC_SERVER_TOKEN: adminToken });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ slug: "alpha" })]));
  });
});

describe("src --server: errors", { timeout: 60_000 }, () => {
  it.each([
    { args: ["source", "edit", "alpha", "--name", "X"], command: "source edit" },
    { args: ["source", "export"], command: "source export" },
    { args: ["vault", "rotate"], command: "vault rotate" },
    { args: ["logs"], command: "logs" },
    { args: ["mcp"], command: "mcp" },
  ])("src $command refuses to run against a server (exit 2, naming --server)", async ({ args, command }) => {
    const result = await remote(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`\`src ${command}\` works on a local home only`);
    expect(result.stderr).toContain("--server");
  });

  it("source add --no-test is refused remotely, naming --server (exit 2)", async () => {
    const result = await remote([...addArgs(newSlug("untested")), "--no-test"], upstreamToken);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--no-test");
    expect(result.stderr).toContain("--server");
  });

  it("a wrong token: exit 1, UNAUTHORIZED, says to set SRC_SERVER_TOKEN and never prints the token", async () => {
    const wrong = "wrong-admin-token-4d5e6f7a8b";
    const result = await run(["--json", "source", "list"], { SRC_SERVER: serverUrl, SRC_SERVER_TOKEN: wrong });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({ error: { code: "UNAUTHORIZED", message: expect.any(String) } });
    expect(result.stderr).toContain("SRC_SERVER_TOKEN");
    expect(result.stdout + result.stderr).not.toContain(wrong);
    const none = await run(["source", "list"], { SRC_SERVER: serverUrl });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("SRC_SERVER_TOKEN");
  });

  it("a URL that is not one: exit 2 naming --server or SRC_SERVER; a password in it is not printed", async () => {
    const flag = await run(["--server", "not a url", "source", "list"], {});
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("--server must be the URL of a running `src serve`");
    const environment = await run(["source", "list"], { SRC_SERVER: "ftp://admin:url-password-1a2b@127.0.0.1:1" });
    expect(environment.code).toBe(2);
    expect(environment.stderr).toContain("SRC_SERVER must be");
    expect(environment.stderr).not.toContain("url-password-1a2b");
  });

  it("no server listening: exit 1, names the URL and says to check that src serve runs", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await run(["--json", "tools"], { SRC_SERVER: url, SRC_SERVER_TOKEN: adminToken });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).error.code).toBe("SERVER_UNREACHABLE");
    expect(result.stderr).toContain(url);
    expect(result.stderr).toContain("src serve");
  });

  it("--home with --server is bad usage (exit 2)", async () => {
    const result = await run(["--home", temp.home, "--server", serverUrl, "source", "list"], {
      SRC_SERVER_TOKEN: adminToken,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--home and --server cannot be used together");
  });
});
