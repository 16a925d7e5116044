import { startUpstream as startRecorder, sendJson } from "@src/http-tool/testing";
import { afterAll, describe, expect, it } from "vitest";
import { s3rverKeys, startHttpbin, startS3 } from "@src/test-servers";
import { callToolOverMcp } from "./helpers/server-requests";
import { createTestHome, linesLeakingSecrets } from "./helpers/test-home";
import { startTestServer } from "./helpers/test-server";
import { useFileSetup } from "./helpers/use-setup";

// The three modes added with issue 23 through the server's API and MCP over HTTP, against httpbin (Digest), an S3
// emulator that verifies Signature V4, and a recorder of the headers that arrived (several keyed headers).
const digestPassword = "digest-srv-pw-91ab";
const apiKey = "dd_api_srv_77aa01";
const appKey = "dd_app_srv_33bb02";
const bucket = "src-server-bucket";

const answers: string[] = [];

const setup = useFileSetup(async (keep) => {
  const testHome = await keep(createTestHome(), (home) => home.cleanup());
  testHome.secrets.push(apiKey, appKey);
  const [httpbin, s3] = await Promise.all([
    keep(startHttpbin(), (started) => started.stop()),
    keep(startS3(bucket), (started) => started.stop()),
  ]);
  const recorder = await keep(
    startRecorder((_request, response, recorded) => {
      const ok = recorded.headers["dd-api-key"] === apiKey && recorded.headers["dd-application-key"] === appKey;
      sendJson(response, ok ? 200 : 403, ok ? { valid: true } : { errors: ["Forbidden"] });
    }),
    (started) => started.close(),
  );
  const server = await keep(startTestServer(testHome), (started) => started.server.close());
  return { testHome, httpbin, s3, recorder, server };
}, 60_000);

afterAll(() => {
  for (const text of answers)
    for (const secret of [apiKey, appKey, s3rverKeys.secretAccessKey]) expect(text).not.toContain(secret);
  expect(linesLeakingSecrets(setup.server.logs.lines, [apiKey, appKey])).toEqual([]);
});

async function api(method: string, path: string, body?: unknown) {
  const answer = await setup.server.api(method, path, body === undefined ? {} : { body });
  answers.push(answer.text);
  return answer;
}

/** One tool call with the official MCP SDK client over Streamable HTTP, its text kept for the final scan. */
async function callOverMcp(name: string, call: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await callToolOverMcp(setup.server.server.url, setup.testHome.adminToken, name, call);
  answers.push(result.text);
  return result;
}

const create = (slug: string, fields: Record<string, unknown>, credential: Record<string, string>) =>
  api("POST", "/v1/sources", { config: { type: "api", name: slug, slug, enabled: true, api: fields }, credential });

describe("the three new modes through the server and MCP over HTTP", () => {
  it("/openapi.json documents each built-in mode's credential and api fields for POST /v1/sources", async () => {
    const document = (await api("GET", "/openapi.json")).json as {
      paths: Record<string, { post?: { requestBody: { content: { "application/json": { schema: unknown } } } } }>;
    };
    const text = JSON.stringify(document.paths["/v1/sources"]?.post?.requestBody);
    for (const title of [
      "digest credential",
      "aws-sigv4 credential",
      "multi-header credential",
      "aws-sigv4 api fields",
    ])
      expect(text).toContain(title);
    expect(text).toContain('"secretAccessKey":{"type":"string","title":"Secret access key"');
    expect(text).toMatch(/"secretAccessKey":\{[^}]*"writeOnly":true/);
  });

  it("digest: created and connected against httpbin (the challenge answered); a tool call and an MCP call succeed", async () => {
    await setup.server.api("DELETE", "/v1/sources/digest");
    const created = await create(
      "digest",
      {
        baseUrl: `${setup.httpbin.origin}/digest-auth/auth/bob/${digestPassword}`,
        authType: "digest",
        testEndpoint: "/MD5",
      },
      { username: "bob", password: digestPassword },
    );
    expect([created.status, created.json.validation]).toMatchObject([201, { ok: true, status: "connected" }]);
    const called = await api("POST", "/v1/tools/api_digest/call", { method: "GET", path: "/SHA-256" });
    expect(called.json).toMatchObject({
      ok: true,
      status: 200,
      body: { kind: "json", value: { authenticated: true, user: "bob" } },
    });
    const overMcp = await callOverMcp("api_digest", { method: "GET", path: "/MD5" });
    expect([overMcp.isError, overMcp.text]).toEqual([false, expect.stringMatching(/^HTTP 200/)]);
  });

  it("aws-sigv4: PUT, GET and LIST against the S3 emulator; a wrong secret is needs_auth", async () => {
    await setup.server.api("DELETE", "/v1/sources/s3");
    const api_ = {
      baseUrl: setup.s3.origin,
      authType: "aws-sigv4",
      region: "us-east-1",
      service: "s3",
      testEndpoint: `/${bucket}?list-type=2`,
    };
    const created = await create("s3", api_, { ...s3rverKeys });
    expect([created.status, created.json.validation]).toMatchObject([201, { ok: true, status: "connected" }]);
    const put = await api("POST", "/v1/tools/api_s3/call", {
      method: "PUT",
      path: `/${bucket}/server/note.json`,
      body: { from: "server" },
    });
    expect(put.json).toMatchObject({ ok: true, status: 200 });
    const got = await api("POST", "/v1/tools/api_s3/call", { method: "GET", path: `/${bucket}/server/note.json` });
    expect(got.json).toMatchObject({ ok: true, status: 200, body: { kind: "json", value: { from: "server" } } });
    const listed = await callOverMcp("api_s3", {
      method: "GET",
      path: `/${bucket}`,
      query: { "list-type": "2", prefix: "server/" },
    });
    expect([listed.isError, listed.text]).toEqual([false, expect.stringContaining("server/note.json")]);
    const wrong = await api("PUT", "/v1/sources/s3/credential", {
      ...s3rverKeys,
      secretAccessKey: "not-the-secret-key",
    });
    expect(wrong.json.validation).toMatchObject({ ok: false, status: "needs_auth", httpStatus: 403 });
  });

  it("multi-header: each header arrives with its own secret, through the API and MCP", async () => {
    await setup.server.api("DELETE", "/v1/sources/datadog");
    const created = await create(
      "datadog",
      {
        baseUrl: setup.recorder.url,
        authType: "multi-header",
        headerNames: ["DD-API-KEY", "DD-APPLICATION-KEY"],
        testEndpoint: "/api/v1/validate",
      },
      { "DD-API-KEY": apiKey, "DD-APPLICATION-KEY": appKey },
    );
    expect([created.status, created.json.validation]).toMatchObject([201, { ok: true, status: "connected" }]);
    const overMcp = await callOverMcp("api_datadog", { method: "GET", path: "/api/v1/monitor" });
    expect([overMcp.isError, overMcp.text]).toEqual([false, expect.stringMatching(/^HTTP 200/)]);
    const last = setup.recorder.requests.at(-1)!;
    expect([last.headers["dd-api-key"], last.headers["dd-application-key"]]).toEqual([apiKey, appKey]);
  });
});
