import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { startSignedUpstream, type SignedUpstream } from "@src/example-auth-hmac/testing";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { sourceAddArgs } from "./helpers/source-add-args";

/** The built example plugin; `turbo run test` builds it first (apps/cli/turbo.json). */
const hmacPlugin = fileURLToPath(new URL("../../../examples/auth-hmac/dist/index.js", import.meta.url));
const secret = "hmac-cli-secret-5e6f7a8b";
const keyId = "team-key-1";
/** The hmac plugin's flags: its key id, the secret on stdin. */
const hmacFromStdin = ["--auth", "hmac", "--api", `keyId=${keyId}`, "--credential-stdin"];
let temp: TempHome;
let upstream: SignedUpstream;
const outputs: RunResult[] = [];

async function src(
  args: string[],
  { stdin, plugins = hmacPlugin }: { stdin?: string; plugins?: string } = {},
): Promise<RunResult> {
  const result = await runSrc(args, { env: { ...temp.env, SRC_AUTH_PLUGINS: plugins }, stdin, cwd: temp.home });
  outputs.push(result);
  return result;
}

beforeAll(async () => {
  upstream = await startSignedUpstream({ secret, keyId });
});
afterAll(() => upstream.close());

// A home per test: each adds the sources it needs, so it runs alone, in any order, and again.
beforeEach(async () => {
  temp = await createTempHome();
  outputs.length = 0;
});
afterEach(async () => {
  for (const { stdout, stderr } of outputs) expect(stdout + stderr).not.toContain(secret);
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(secret);
  await temp.cleanup();
});

/** The hmac source "signed", connected. */
async function addSigned(): Promise<void> {
  const added = await src(sourceAddArgs({ name: "Signed", baseUrl: upstream.url }, ...hmacFromStdin), {
    stdin: secret,
  });
  expect(added.code, added.stderr).toBe(0);
}

/** The hand-written config.json of the hmac source "manual" (no credential yet). */
async function writeManualConfig(): Promise<void> {
  await mkdir(join(temp.home, "sources", "manual"), { recursive: true });
  const config = {
    type: "api",
    name: "Manual",
    slug: "manual",
    enabled: true,
    api: { baseUrl: upstream.url, authType: "hmac", keyId, testEndpoint: "/me?probe=1" },
  };
  await writeFile(join(temp.home, "sources", "manual", "config.json"), JSON.stringify(config, null, 2));
}

describe("SRC_AUTH_PLUGINS in the CLI (examples/auth-hmac, built)", () => {
  it("source add --auth hmac --api keyId=... reads the secret from stdin, signs the test call, and is connected", async () => {
    const args = sourceAddArgs({ name: "Signed", baseUrl: upstream.url }, ...hmacFromStdin, "--json");
    const result = await src(args, { stdin: secret });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const { source, validation } = JSON.parse(result.stdout);
    expect(source.api).toMatchObject({ authType: "hmac", keyId, baseUrl: upstream.url });
    expect(validation).toMatchObject({ ok: true, status: "connected", httpStatus: 200 });
    expect(upstream.verified).toContain("GET /me");
  });

  it("src call signs method, path, query and body; tools lists the hmac source", async () => {
    await addSigned();
    const result = await src(["call", "signed", "POST", "/items", "-q", "limit=2", "--body", '{"name":"x"}', "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: true,
      status: 200,
      body: { kind: "json", value: { path: "/items", received: '{"name":"x"}' } },
    });
    expect(upstream.verified).toContain("POST /items?limit=2");
    const tools = JSON.parse((await src(["tools", "--json"])).stdout);
    expect(tools).toEqual([
      expect.objectContaining({
        source: "signed",
        authType: "hmac",
        connectionStatus: "connected",
        hasCredential: true,
      }),
    ]);
  });

  it("a hand-written config.json with authType hmac: source reload, then credential set --credential-stdin, then call", async () => {
    await writeManualConfig();
    const reloaded = await src(["source", "reload", "manual", "--json"]);
    expect(reloaded.code).toBe(1);
    expect(JSON.parse(reloaded.stdout)).toMatchObject({
      source: { slug: "manual", api: { authType: "hmac", keyId } },
      validation: { ok: false },
    });
    const stored = await src(["credential", "set", "manual", "--credential-stdin", "--json"], { stdin: `${secret}\n` });
    expect(stored.code).toBe(0);
    expect(JSON.parse(stored.stdout).validation).toMatchObject({ ok: true, status: "connected" });
    expect(upstream.verified).toContain("GET /me?probe=1");
    const called = await src(["call", "manual", "DELETE", "/items/7"]);
    expect(called.code).toBe(0);
    expect(upstream.verified).toContain("DELETE /items/7");
  });

  it("a wrong secret is refused upstream: credential set exits 1 with needs_auth (401)", async () => {
    await writeManualConfig();
    const wrong = await src(["credential", "set", "manual", "--credential-stdin", "--json"], {
      stdin: "not-the-secret",
    });
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).validation).toMatchObject({ ok: false, status: "needs_auth", httpStatus: 401 });
  });

  it("a missing keyId is an invalid source (exit 2) naming api.keyId", async () => {
    const args = sourceAddArgs({ name: "No Key", baseUrl: upstream.url }, "--auth", "hmac", "--credential-stdin");
    const result = await src(args, { stdin: secret });
    expect(result.code).toBe(2);
    // The field the plugin declares is named, with the flag that gives it.
    expect(result.stderr).toContain("src source add: missing --set keyId=VALUE");
  });
});

describe("SRC_AUTH_PLUGINS problems", () => {
  it("without it, --auth hmac is an unknown auth type (exit 2) listing the built-in types", async () => {
    const args = sourceAddArgs({ name: "Other", baseUrl: upstream.url }, ...hmacFromStdin);
    const result = await src(args, { stdin: secret, plugins: "" });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"bearer", "header", "query", "basic", "oauth2"');
  });

  it("a module that is not there: commands that need the service exit 2 naming it; --help still works", async () => {
    const result = await src(["source", "list"], { plugins: "./no-such-plugin.mjs" });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error: auth plugin "\.\/no-such-plugin\.mjs": no file at .*no-such-plugin\.mjs; install the package or fix the path/,
    );
    const help = await src(["source", "add", "--help"], { plugins: "./no-such-plugin.mjs" });
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("auth mode: a built-in type or one from SRC_AUTH_PLUGINS");
    expect(help.stdout).toContain("--set <field=value>");
    expect(help.stdout).toContain('Auth modes could not be listed: auth plugin "./no-such-plugin.mjs": no file at');
  });

  it("--api cannot set a field that has its own flag (exit 2)", async () => {
    const result = await src(["source", "add", "--name", "X", "--api", "baseUrl=http://127.0.0.1:1"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("api.baseUrl has its own flag: use --base-url");
  });
});
