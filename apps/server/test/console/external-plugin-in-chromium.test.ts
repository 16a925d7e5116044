// Issue 23's "done when", the server's half: the built server with a team's plugin written from @src/auth's README
// (outside the repository: two secret fields, one plain field). The console's connect form renders the plugin's
// declared fields (the plain one as text, the secrets as empty password inputs), connects the source, and the
// server's API and MCP call it. Each test sets up what it needs.
import { startUpstream as startRecorder, sendJson } from "@src/http-tool/testing";
import { afterAll, describe, expect, it } from "vitest";
import { writeExternalPlugin } from "@src/test-servers";
import { adminRequest, callToolOverMcp } from "../helpers/server-requests";
import { createTestHome, secretForms } from "../helpers/test-home";
import { useFileSetup } from "../helpers/use-setup";
import { launchChromium } from "./launch-chromium";
import { signInToConsole } from "./sign-in-to-console";
import { startBuiltServer } from "./start-built-server";

const apiKey = "team-console-key-3e7a";
const apiSecret = "team-console-secret-6b1d";

const setup = useFileSetup(async (keep) => {
  const [plugin, testHome] = await Promise.all([
    keep(writeExternalPlugin(), (written) => written.cleanup()),
    keep(createTestHome(), (home) => home.cleanup()),
  ]);
  const recorder = await keep(
    startRecorder((_request, response, recorded) => {
      const ok =
        recorded.headers["x-account"] === "acme" &&
        recorded.headers["x-api-key"] === apiKey &&
        recorded.headers["x-api-secret"] === apiSecret;
      sendJson(response, ok ? 200 : 401, ok ? { account: "acme", path: recorded.url } : { error: "who are you" });
    }),
    (started) => started.close(),
  );
  const server = await keep(startBuiltServer({ ...testHome.env, SRC_AUTH_PLUGINS: plugin.file }), (built) =>
    built.stop(),
  );
  const browser = await keep(launchChromium(), (chromium) => chromium.close());
  return { testHome, recorder, server, browser };
});

afterAll(() => {
  for (const secret of [apiKey, apiSecret])
    for (const form of secretForms(secret)) expect(setup.server?.output() ?? "").not.toContain(form);
});

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(setup.server.url, setup.testHome.adminToken, method, path, body);

describe("a team's plugin in the console, the API and MCP over HTTP", { timeout: 60_000 }, () => {
  it("the connect form renders its declared fields and connects the source", async () => {
    const { testHome, recorder, server, browser } = setup;
    await admin("DELETE", "/v1/sources/acme");
    const page = await browser.newPage();
    try {
      await signInToConsole(page, server.url, testHome.adminToken);
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
    const { testHome, recorder, server } = setup;
    const created = await admin("POST", "/v1/sources", {
      config: {
        type: "api",
        name: "Acme API",
        slug: "acme-api",
        enabled: true,
        api: { baseUrl: recorder.url, authType: "key-pair", account: "acme", testEndpoint: "/me" },
      },
      credential: { apiKey, apiSecret },
    });
    expect([201, 409]).toContain(created.status);
    const called = await admin("POST", "/v1/tools/api_acme_api/call", { method: "GET", path: "/over-api" });
    expect(await called.json()).toMatchObject({
      ok: true,
      status: 200,
      body: { value: { account: "acme", path: "/over-api" } },
    });

    const overMcp = await callToolOverMcp(server.url, testHome.adminToken, "api_acme_api", {
      method: "GET",
      path: "/over-mcp",
    });
    expect(overMcp.isError).not.toBe(true);
    expect(overMcp.text).toContain("/over-mcp");
  });
});
