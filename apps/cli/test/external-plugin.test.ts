import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { AnyAuthPluginV2 } from "@src/auth";
import { checkAuthPluginConformance } from "@src/auth/testing";
import { sendJson, startUpstream as startRecorder, type Upstream as Recorder } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeExternalPlugin, type ExternalPlugin } from "@src/test-servers";
import { runSrc, type RunResult, recordingRunSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { sourceAddArgs } from "./helpers/source-add-args";
import { srcMcpTransport } from "./helpers/src-mcp-transport";

// Issue 23's "done when": a plugin written from @src/auth's README alone, in a folder outside the repository (two
// secret fields and one plain field), passes the conformance suite, shows its fields in `--help`, is added without a
// terminal with --set and --credential-stdin, and is called through the CLI and MCP. (The server and its console:
// apps/server/test/console/external-plugin-in-chromium.test.ts.)
const apiKey = "team-api-key-5d8e2a";
const apiSecret = "team-api-secret-9c4f1b";

let plugin: ExternalPlugin;
let temp: TempHome;
let recorder: Recorder;
const outputs: RunResult[] = [];

const src = recordingRunSrc(outputs, () => ({ env: { ...temp.env, SRC_AUTH_PLUGINS: plugin.file } }));

beforeAll(async () => {
  [plugin, temp] = await Promise.all([writeExternalPlugin(), createTempHome()]);
  recorder = await startRecorder((_request, response, recorded) => {
    const ok =
      recorded.headers["x-account"] === "acme" &&
      recorded.headers["x-api-key"] === apiKey &&
      recorded.headers["x-api-secret"] === apiSecret;
    sendJson(response, ok ? 200 : 401, ok ? { account: "acme", path: recorded.url } : { error: "who are you" });
  });
});

afterAll(async () => {
  for (const { stdout, stderr } of outputs)
    for (const secret of [apiKey, apiSecret]) expect(stdout + stderr).not.toContain(secret);
  for (const file of await temp.files())
    for (const secret of [apiKey, apiSecret]) expect(file.text, file.path).not.toContain(secret);
  await recorder?.close();
  await Promise.all([plugin?.cleanup(), temp?.cleanup()]);
});

/** The key-pair plugin's flags: its account, the two secrets on stdin. */
const keyPairFromStdin = ["--auth", "key-pair", "--set", "account=acme", "--credential-stdin"];

describe("a team's plugin written from @src/auth's README, outside the repository", () => {
  it("passes the conformance suite", async () => {
    const { createKeyPairAuth } = (await import(pathToFileURL(plugin.file).href)) as {
      createKeyPairAuth: () => AnyAuthPluginV2;
    };
    const problems = await checkAuthPluginConformance(createKeyPairAuth(), {
      config: { account: "acme" },
      credential: { apiKey: "k-one-0123", apiSecret: "s-one-4567" },
      otherCredential: { apiKey: "k-two-0123", apiSecret: "s-two-4567" },
    });
    expect(problems).toEqual([]);
  });

  it("src source add --auth key-pair --help lists its fields and how to give the two secrets", async () => {
    const help = await src(["source", "add", "--auth", "key-pair", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Auth mode "key-pair": Sends the account, the API key and the API secret');
    expect(help.stdout).toContain(
      "account (required; --set account=VALUE) Account: The account the keys belong to; sent as X-Account (e.g. acme)",
    );
    expect(help.stdout).toContain("apiKey (required; secret: --credential-stdin or a hidden prompt) API key");
    expect(help.stdout).toContain("apiSecret (required; secret: --credential-stdin or a hidden prompt) API secret");
    expect(help.stdout).toContain(`printf '%s' '{"apiKey":"…","apiSecret":"…"}'`);
  });

  it("without a terminal, a missing field is named: the plain one as --set, the secrets as --credential-stdin", async () => {
    const missing = await src(sourceAddArgs({ name: "Acme", baseUrl: recorder.url }, "--auth", "key-pair"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      "missing --set account=VALUE, --credential-stdin (pipe a JSON object of apiKey, apiSecret on stdin)",
    );
    const oneOnly = await src(
      sourceAddArgs({ name: "Acme", baseUrl: recorder.url }, ...keyPairFromStdin),
      JSON.stringify({ apiKey }),
    );
    expect(oneOnly.code).toBe(2);
    expect(oneOnly.stderr).toContain('the JSON object has no "apiSecret"');
  });

  it("is added with --set and --credential-stdin, validated, and called through src call and src mcp", async () => {
    await runSrc(["source", "remove", "acme"], { env: { ...temp.env, SRC_AUTH_PLUGINS: plugin.file } }); // a retry starts from no source
    const stdin = JSON.stringify({ apiKey, apiSecret });
    const added = await src(
      sourceAddArgs({ name: "Acme", baseUrl: recorder.url }, ...keyPairFromStdin, "--json"),
      stdin,
    );
    expect(added.stderr).toBe("");
    expect(JSON.parse(added.stdout)).toMatchObject({
      source: { slug: "acme", api: { authType: "key-pair", account: "acme" } },
      validation: { ok: true, status: "connected" },
    });
    const called = await src(["call", "acme", "GET", "/projects", "--json"]);
    expect(JSON.parse(called.stdout)).toMatchObject({
      ok: true,
      status: 200,
      body: { kind: "json", value: { account: "acme", path: "/projects" } },
    });

    let stderr = "";
    const transport = srcMcpTransport({ ...temp.env, SRC_AUTH_PLUGINS: plugin.file }, (text) => (stderr += text));
    const client = new Client({ name: "external-plugin-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      const result = (await client.callTool({ name: "api_acme", arguments: { method: "GET", path: "/over-mcp" } })) as {
        content: { text: string }[];
        isError?: boolean;
      };
      expect(result.isError).not.toBe(true);
      expect(result.content.map((part) => part.text).join("\n")).toContain("/over-mcp");
    } finally {
      await client.close();
      outputs.push({ code: 0, stdout: "", stderr });
    }
    expect(recorder.requests.map((request) => request.url)).toEqual(
      expect.arrayContaining(["/me", "/projects", "/over-mcp"]),
    );
  });
});
