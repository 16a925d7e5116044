// Issue 23's "done when", the server's half: the built server with a team's plugin written from @src/auth's README
// (outside the repository: two secret fields, one plain field). The console's connect form renders the plugin's
// declared fields (the plain one as text, the secrets as empty password inputs), connects the source, and the
// server's API and MCP call it. Each test sets up what it needs.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startUpstream as startRecorder, sendJson, type Upstream as Recorder } from "@src/http-tool/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeExternalPlugin, type ExternalPlugin } from "@src/test-servers";
import { createTestHome, secretForms, type TestHome } from "../helpers/test-home";
import { launchChromium } from "./launch-chromium";
import { startBuiltServer, type BuiltServer } from "./start-built-server";

const apiKey = "team-console-key-3e7a";
const apiSecret = "team-console-secret-6b1d";

let plugin: ExternalPlugin;
let testHome: TestHome;
let recorder: Recorder;
let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  [plugin, testHome] = await Promise.all([writeExternalPlugin(), createTestHome()]);
  recorder = await startRecorder((_request, response, recorded) => {
    const ok =
      recorded.headers["x-account"] === "acme" &&
      recorded.headers["x-api-key"] === apiKey &&
      recorded.headers["x-api-secret"] === apiSecret;
    sendJson(response, ok ? 200 : 401, ok ? { account: "acme", path: recorded.url } : { error: "who are you" });
  });
  server = await startBuiltServer({ ...testHome.env, SRC_AUTH_PLUGINS: plugin.file });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  for (const secret of [apiKey, apiSecret])
    for (const form of secretForms(secret)) expect(server?.output() ?? "").not.toContain(form);
  await browser?.close();
  await server?.stop();
  await recorder?.close();
  await Promise.all([plugin?.cleanup(), testHome?.cleanup()]);
});

async function signedInPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.getByLabel("Admin token").fill(testHome.adminToken);
  await page.getByLabel("Admin token").press("Enter");
  await page.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
  return page;
}

describe("a team's plugin in the console, the API and MCP over HTTP", { timeout: 60_000 }, () => {
  it("the connect form renders its declared fields and connects the source", async () => {
    await fetch(`${server.url}/v1/sources/acme`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${testHome.adminToken}` },
    });
    const page = await signedInPage();
    try {
      await page.getByRole("link", { name: "Connect a source" }).first().click();
      await page.getByLabel("Name (required)").waitFor();
      await page.getByLabel("Auth mode (required)").selectOption("key-pair");
      // The plain api field, with the label and example the plugin declares; the two secrets as empty password inputs.
      const account = page.getByLabel("Account (required)");
      await account.waitFor();
      expect(await account.getAttribute("placeholder")).toBe("e.g. acme");
      const key = page.getByLabel("API key (required)");
      const secret = page.getByLabel("API secret (required)");
      expect([await key.getAttribute("type"), await secret.getAttribute("type")]).toEqual(["password", "password"]);
      expect([await key.inputValue(), await secret.inputValue()]).toEqual(["", ""]);
      expect(await page.getByText("Sent as X-Api-Secret.").count()).toBe(1);

      await page.getByLabel("Name (required)").fill("Acme");
      await page.getByLabel("Base URL (required)").fill(recorder.url);
      await page.getByLabel("Test endpoint (required)").fill("/me");
      await account.fill("acme");
      await key.fill(apiKey);
      await secret.fill(apiSecret);
      await page.getByRole("button", { name: "Save and test" }).click();
      const validation = page.getByRole("region", { name: "Validation" });
      await validation.waitFor();
      expect(await validation.textContent()).toContain("connected");
      const html = await page.content();
      for (const form of [...secretForms(apiKey), ...secretForms(apiSecret)]) expect(html).not.toContain(form);
    } finally {
      await page.close();
    }
  });

  it("the server's API and MCP call the source with its three headers", async () => {
    const headers = { authorization: `Bearer ${testHome.adminToken}`, "content-type": "application/json" };
    const created = await fetch(`${server.url}/v1/sources`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        config: {
          type: "api",
          name: "Acme API",
          slug: "acme-api",
          enabled: true,
          api: { baseUrl: recorder.url, authType: "key-pair", account: "acme", testEndpoint: "/me" },
        },
        credential: { apiKey, apiSecret },
      }),
    });
    expect([201, 409]).toContain(created.status);
    const called = await fetch(`${server.url}/v1/tools/api_acme_api/call`, {
      method: "POST",
      headers,
      body: JSON.stringify({ method: "GET", path: "/over-api" }),
    });
    expect(await called.json()).toMatchObject({
      ok: true,
      status: 200,
      body: { value: { account: "acme", path: "/over-api" } },
    });

    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${testHome.adminToken}` } },
    });
    const client = new Client({ name: "external-plugin-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      const result = (await client.callTool({
        name: "api_acme_api",
        arguments: { method: "GET", path: "/over-mcp" },
      })) as { content: { text: string }[]; isError?: boolean };
      expect(result.isError).not.toBe(true);
      expect(result.content.map((part) => part.text).join("\n")).toContain("/over-mcp");
    } finally {
      await client.close();
    }
  });
});
