// The console signs a device-code source in: it shows the verification page and the code (a person enters it on
// another device, here a second Chromium context) and follows the sign-in until the server reports it done. The built
// server and oidc-provider each run in their own process.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmDeviceCode } from "../../../../packages/auth-oauth2/test/play-browser";
import { startOidcProvider, type OidcProvider } from "../../../../packages/auth-oauth2/test/start-oidc-provider";
import {
  startTokenCheckingApi,
  type TokenCheckingApi,
} from "../../../../packages/auth-oauth2/test/start-token-checking-api";
import { createTestHome, type TestHome } from "../helpers/test-home";
import { launchChromium } from "./launch-chromium";
import { startBuiltServer, type BuiltServer } from "./start-built-server";

const clientId = "console-agent";
const clientSecret = "oidc-c0nsole-cl13nt-1a2b3c";
let testHome: TestHome;
let provider: OidcProvider;
let server: BuiltServer;
let browser: Browser;
let api: TokenCheckingApi;
let apiUrl = "";

beforeAll(async () => {
  testHome = await createTestHome();
  [provider, server, browser] = await Promise.all([
    startOidcProvider({ clientId, clientSecret, publicClientId: "unused-public" }),
    startBuiltServer(testHome.env),
    launchChromium(),
  ]);
  await provider.settings({ interval: 1, deviceTtl: 600, slowDowns: 0, deny: false });
  api = await startTokenCheckingApi((token) => provider.accepts(token));
  apiUrl = api.url;
}, 90_000);

afterAll(async () => {
  await api?.close();
  await browser?.close();
  await server?.stop();
  await provider?.stop();
  await testHome?.cleanup();
}, 60_000);

describe("the console's sign-in of a device code source", () => {
  it("shows the page and the code, and reports the sign-in once the person entered the code elsewhere", async () => {
    const created = await fetch(`${server.url}/v1/sources`, {
      method: "POST",
      headers: { authorization: `Bearer ${testHome.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        config: {
          type: "api",
          name: "Kiosk",
          slug: "kiosk",
          enabled: true,
          api: {
            baseUrl: apiUrl,
            authType: "oauth2",
            issuer: provider.issuer,
            grant: "device_code",
            scopes: ["offline_access", "read:items"],
            testEndpoint: "/me",
          },
        },
        credential: { clientId, clientSecret },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);

    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const bodies: Promise<string>[] = [];
      page.on("response", (response) => bodies.push(response.text().catch(() => "")));
      await page.goto(server.url);
      await page.getByLabel("Admin token").fill(testHome.adminToken);
      await page.getByLabel("Admin token").press("Enter");
      await page.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
      await page.evaluate(`window.location.hash = "#/sources/kiosk"`);
      await page.getByRole("button", { name: "Sign in to kiosk" }).click();
      const code = (await page.getByLabel("Device code").textContent({ timeout: 30_000 }))!.trim();
      expect(code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
      const verificationUrl = await page.getByRole("link", { name: `${provider.issuer}/device` }).getAttribute("href");
      expect(verificationUrl).toBe(`${provider.issuer}/device`);

      // The person, on another device, types the code the console shows.
      await confirmDeviceCode(browser, { url: verificationUrl!, userCode: code });
      await page.getByRole("status").filter({ hasText: "Signed in" }).waitFor({ timeout: 30_000 });
      const status = await (
        await fetch(`${server.url}/v1/sources/kiosk/auth`, {
          headers: { authorization: `Bearer ${testHome.adminToken}` },
        })
      ).json();
      expect(status).toMatchObject({ signedIn: true, grant: "device_code" });

      // Nothing the page received, and nothing the server logged, holds the client secret or a token.
      const secrets = [clientSecret, ...(await provider.state()).issued];
      const everything = [...(await Promise.all(bodies)), await page.content(), server.output()].join("\n");
      for (const secret of secrets)
        expect(everything.includes(secret), "a token or the client secret reached the page or the log").toBe(false);
    } finally {
      await context.close();
    }
  }, 120_000);
});
