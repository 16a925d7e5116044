import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startSignedUpstream } from "@src/example-auth-hmac/testing";
import { AuthPluginLoadError } from "@src/service";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createServerLogger } from "../src/create-server-logger";
import { startServer } from "../src/start-server";
import { createLogCapture, createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";
import { startTestServer, type TestServer } from "./helpers/test-server";

/** The example custom plugin, from source (tests run without a build). */
const hmacPlugin = fileURLToPath(new URL("../../../examples/auth-hmac/src/index.ts", import.meta.url));

const signingSecret = "hmac-secret-7f3a9c";
let testHome: TestHome;
beforeEach(async () => {
  testHome = await createTestHome();
  testHome.secrets.push(signingSecret);
});
afterEach(() => testHome.cleanup());

describe("SRC_AUTH_PLUGINS in the server", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.server.close();
    server = undefined;
  });

  it("lists and calls an hmac source; the signing secret is in no answer, log line or home file", async () => {
    const upstream = await startSignedUpstream({ secret: signingSecret, keyId: "team-key-1" });
    try {
      server = await startTestServer(testHome, { env: { ...testHome.env, SRC_AUTH_PLUGINS: hmacPlugin } });
      const config = {
        type: "api",
        name: "Signed",
        slug: "signed",
        enabled: true,
        api: { baseUrl: upstream.url, authType: "hmac", keyId: "team-key-1", testEndpoint: "/me" },
      };
      const created = await server.api("POST", "/v1/sources", {
        body: { config, credential: { secret: signingSecret } },
      });
      expect(created.status).toBe(201);
      expect(created.json.validation).toMatchObject({ ok: true, status: "connected", httpStatus: 200 });

      const tools = await server.api("GET", "/v1/tools");
      expect(tools.json.tools).toEqual([
        expect.objectContaining({ name: "api_signed", source: "signed", authType: "hmac", hasCredential: true }),
      ]);

      const called = await server.api("POST", "/v1/tools/api_signed/call", {
        body: { method: "POST", path: "/items", query: { limit: 2 }, body: { name: "x" } },
      });
      expect(called.json).toMatchObject({
        ok: true,
        status: 200,
        body: { kind: "json", value: { path: "/items", received: '{"name":"x"}' } },
      });
      expect(upstream.verified).toEqual(["GET /me", "POST /items?limit=2"]);

      const answers = [created.text, tools.text, called.text, (await server.api("GET", "/v1/sources/signed")).text];
      expect(answers.filter((text) => text.includes(signingSecret))).toEqual([]);
      expect(linesLeakingSecrets(server.logs.lines, [signingSecret])).toEqual([]);
      const entries = await readdir(testHome.home, { withFileTypes: true, recursive: true });
      for (const entry of entries.filter((item) => item.isFile())) {
        expect((await readFile(join(entry.parentPath, entry.name))).toString("latin1")).not.toContain(signingSecret);
      }
    } finally {
      await upstream.close();
    }
  });

  it("without SRC_AUTH_PLUGINS an hmac source is refused (422) with the registered types listed", async () => {
    server = await startTestServer(testHome);
    const config = {
      type: "api",
      name: "Signed",
      slug: "signed",
      enabled: true,
      api: { baseUrl: "http://127.0.0.1:9", authType: "hmac", keyId: "k", testEndpoint: "/me" },
    };
    const answer = await server.api("POST", "/v1/sources", { body: { config, credential: { secret: signingSecret } } });
    expect(answer.status).toBe(422);
    expect(answer.json.error.details).toEqual([
      {
        path: "api.authType",
        message:
          'unknown auth type "hmac"; use one of: "bearer", "header", "query", "basic", "oauth2", "digest", "aws-sigv4", "multi-header"',
      },
    ]);
    expect(answer.text).not.toContain(signingSecret);
  });

  it("a module that cannot be loaded stops the start before anything listens or is written", async () => {
    const env = { ...testHome.env, SRC_AUTH_PLUGINS: "./no-such-plugin.mjs" };
    const error = await startServer({
      home: testHome.home,
      env,
      port: 0,
      logger: createServerLogger({ destination: createLogCapture().stream }),
    }).catch((thrown: unknown) => thrown);
    expect(AuthPluginLoadError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('auth plugin "./no-such-plugin.mjs": no file at');
    expect(await readdir(testHome.home)).toEqual([]);
  });
});
