import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { sendJson, startUpstream as startRecorder, type Upstream as Recorder } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3rverKeys, startHttpbin, startS3, type RealServer } from "@src/test-servers";
import { runSrc, type RunResult, recordingRunSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { sourceAddArgs } from "./helpers/source-add-args";
import { srcMcpTransport } from "./helpers/src-mcp-transport";

// The three modes added with issue 23, each through the built CLI and `src mcp` against a server nobody here wrote
// (httpbin for Digest, an S3 emulator that verifies Signature V4) or a recorder of what arrived (several keyed headers).
const digestPassword = "digest-pw-5c1e";
const apiKey = "dd_api_3b9f0c2a7e";
const appKey = "dd_app_8d4e1f6b2c";
const secrets = [digestPassword, apiKey, appKey];
const bucket = "src-cli-bucket";

let temp: TempHome;
let httpbin: RealServer;
let s3: RealServer;
let recorder: Recorder;
const outputs: RunResult[] = [];

const src = recordingRunSrc(outputs, () => ({ env: temp.env }));

/** The official MCP SDK client on `src mcp` over stdio, called once. */
async function callOverMcp(name: string, call: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  let stderr = "";
  const transport = srcMcpTransport(temp.env, (text) => (stderr += text));
  const client = new Client({ name: "new-modes-test", version: "0.0.0" });
  await client.connect(transport);
  try {
    const result = (await client.callTool({ name, arguments: call })) as {
      content: { type: string; text: string }[];
      isError?: boolean;
    };
    return { text: result.content.map((part) => part.text).join("\n"), isError: result.isError === true };
  } finally {
    await client.close();
    outputs.push({ code: 0, stdout: "", stderr });
  }
}

beforeAll(async () => {
  temp = await createTempHome();
  [httpbin, s3] = await Promise.all([startHttpbin(), startS3(bucket)]);
  recorder = await startRecorder((_request, response, recorded) => {
    const ok = recorded.headers["dd-api-key"] === apiKey && recorded.headers["dd-application-key"] === appKey;
    sendJson(response, ok ? 200 : 403, ok ? { valid: true, path: recorded.url } : { errors: ["Forbidden"] });
  });
}, 60_000);

/** httpbin learns the password it expects from its URL, so the source's base URL holds it: everywhere else it must not be. */
const withoutBaseUrlPath = (text: string): string =>
  text.replaceAll(`/digest-auth/auth/alice/${digestPassword}`, "/digest-auth/auth/alice/(password of the test)");

afterAll(async () => {
  for (const { stdout, stderr } of outputs)
    for (const secret of secrets) expect(withoutBaseUrlPath(stdout + stderr)).not.toContain(secret);
  for (const file of await temp.files())
    for (const secret of secrets) expect(withoutBaseUrlPath(file.text), file.path).not.toContain(secret);
  await Promise.all([httpbin?.stop(), s3?.stop(), recorder?.close()]);
  await temp.cleanup();
});

/** Each test sets up its own source: removed (a retry or another order starts clean), then added. */
async function addDigest(): Promise<RunResult> {
  await runSrc(["source", "remove", "digest"], { env: temp.env });
  return src(
    sourceAddArgs(
      {
        name: "Digest",
        baseUrl: `${httpbin.origin}/digest-auth/auth/alice/${digestPassword}`,
        testEndpoint: "/SHA-256",
      },
      "--auth",
      "digest",
      "--set",
      "username=alice",
      "--credential-stdin",
      "--json",
    ),
    digestPassword,
  );
}

async function addS3(): Promise<RunResult> {
  await runSrc(["source", "remove", "s3"], { env: temp.env });
  const args = [
    "source",
    "add",
    "--name",
    "S3",
    "--base-url",
    s3.origin,
    "--auth",
    "aws-sigv4",
    "--set",
    "region=us-east-1",
    "--set",
    "service=s3",
    "--set",
    `accessKeyId=${s3rverKeys.accessKeyId}`,
  ];
  return src(
    [...args, "--test-endpoint", `/${bucket}?list-type=2`, "--credential-stdin", "--json"],
    JSON.stringify({ secretAccessKey: s3rverKeys.secretAccessKey }),
  );
}

async function addDatadog(): Promise<RunResult> {
  await runSrc(["source", "remove", "datadog"], { env: temp.env });
  const stdin = JSON.stringify({ "DD-API-KEY": apiKey, "DD-APPLICATION-KEY": appKey });
  return src(
    sourceAddArgs(
      { name: "Datadog", baseUrl: recorder.url, testEndpoint: "/api/v1/validate" },
      "--auth",
      "multi-header",
      "--set",
      "headerNames=DD-API-KEY,DD-APPLICATION-KEY",
      "--credential-stdin",
      "--json",
    ),
    stdin,
  );
}

describe("digest (RFC 7616) against httpbin", () => {
  it("source add --set username --credential-stdin answers the challenge and is connected; calls in new processes and over MCP work", async () => {
    const added = await addDigest();
    expect(added.stderr).toBe("");
    expect(JSON.parse(added.stdout).validation).toMatchObject({ ok: true, status: "connected", httpStatus: 200 });
    const md5 = await src(["call", "digest", "GET", "/MD5", "--json"]);
    expect(JSON.parse(md5.stdout)).toMatchObject({
      ok: true,
      status: 200,
      attempts: 2,
      body: { kind: "json", value: { authenticated: true, user: "alice" } },
    });
    const overMcp = await callOverMcp("api_digest", { method: "GET", path: "/SHA-256" });
    expect(overMcp.isError).toBe(false);
    expect(overMcp.text).toMatch(/^HTTP 200/);
    expect(overMcp.text).toMatch(/"authenticated":\s*true/);
  });

  it("a wrong password is refused by httpbin: credential set exits 1 with needs_auth (401), no second try", async () => {
    expect((await addDigest()).code).toBe(0);
    const wrong = await src(["credential", "set", "digest", "--credential-stdin", "--json"], "not-the-password");
    expect(wrong.stderr).toBe("");
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).validation).toMatchObject({ ok: false, status: "needs_auth", httpStatus: 401 });
    expect((await src(["credential", "set", "digest", "--credential-stdin"], digestPassword)).code).toBe(0);
  });
});

describe("aws-sigv4 against an S3 emulator that verifies every signature", () => {
  it("source add takes the secret key from a JSON object on stdin; PUT, GET and LIST through src call and MCP", async () => {
    const added = await addS3();
    expect(added.stderr).toBe("");
    expect(JSON.parse(added.stdout).validation).toMatchObject({ ok: true, status: "connected", httpStatus: 200 });
    const put = await src([
      "call",
      "s3",
      "PUT",
      `/${bucket}/notes/first.txt`,
      "--raw-body",
      "raw body, signed",
      "--content-type",
      "text/plain",
      "--json",
    ]);
    expect(JSON.parse(put.stdout)).toMatchObject({ ok: true, status: 200 });
    const got = await src(["call", "s3", "GET", `/${bucket}/notes/first.txt`, "--json"]);
    expect(JSON.parse(got.stdout)).toMatchObject({ ok: true, status: 200, body: { value: "raw body, signed" } });
    const listed = await callOverMcp("api_s3", {
      method: "GET",
      path: `/${bucket}`,
      query: { "list-type": "2", prefix: "notes/" },
    });
    expect(listed.isError).toBe(false);
    expect(listed.text).toContain("notes/first.txt");
  });

  it("a wrong secret is refused by the emulator: credential set exits 1 with needs_auth", async () => {
    expect((await addS3()).code).toBe(0);
    const wrong = await src(
      ["credential", "set", "s3", "--credential-stdin", "--json"],
      JSON.stringify({ secretAccessKey: "not-the-secret-key" }),
    );
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).validation).toMatchObject({ ok: false, status: "needs_auth", httpStatus: 403 });
    expect(
      (
        await src(
          ["credential", "set", "s3", "--credential-stdin"],
          JSON.stringify({ secretAccessKey: s3rverKeys.secretAccessKey }),
        )
      ).code,
    ).toBe(0);
  });
});

describe("multi-header against a recorder", () => {
  it("source add --set headerNames=A,B with one secret per header from a JSON object: each header arrives with its own value", async () => {
    const added = await addDatadog();
    expect(added.stderr).toBe("");
    expect(JSON.parse(added.stdout)).toMatchObject({
      source: { api: { headerNames: ["DD-API-KEY", "DD-APPLICATION-KEY"] } },
      validation: { ok: true, status: "connected" },
    });
    const called = await src(["call", "datadog", "GET", "/api/v1/monitor", "--json"]);
    expect(JSON.parse(called.stdout)).toMatchObject({ ok: true, status: 200 });
    const overMcp = await callOverMcp("api_datadog", { method: "GET", path: "/api/v1/monitor" });
    expect(overMcp.isError).toBe(false);
    const last = recorder.requests.at(-1)!;
    expect([last.headers["dd-api-key"], last.headers["dd-application-key"]]).toEqual([apiKey, appKey]);
  });

  it("a JSON object that misses a header's value is refused before anything is stored, naming the header", async () => {
    expect((await addDatadog()).code).toBe(0);
    const refused = await src(
      ["credential", "set", "datadog", "--credential-stdin"],
      JSON.stringify({ "DD-API-KEY": apiKey }),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("DD-APPLICATION-KEY");
  });

  it("--help lists each mode's fields", async () => {
    const help = await src(["source", "add", "--auth", "multi-header", "--help"]);
    expect(help.stdout).toContain('Auth mode "multi-header"');
    expect(help.stdout).toContain("headerNames (required; --set headerNames=VALUE) Header names");
    expect(help.stdout).toContain("<each name in api.headerNames>");
  });
});
