// The console signs a device-code source in: it shows the verification page and the code (a person enters it on
// another device, here a second Chromium context) and follows the sign-in until the server reports it done. The built
// server and oidc-provider each run in their own process.
import { describe, expect, it } from "vitest";
import { confirmDeviceCode } from "../../../../packages/auth-oauth2/test/play-browser";
import { adminRequest } from "../helpers/server-requests";
import { useFileSetup } from "../helpers/use-setup";
import { startDeviceCodeSetup } from "./device-code-setup";
import { signInToConsole } from "./sign-in-to-console";

const clientId = "console-agent";
const clientSecret = "oidc-c0nsole-cl13nt-1a2b3c";

const setup = useFileSetup((keep) => startDeviceCodeSetup(keep, { clientId, clientSecret }), 90_000);

describe("the console's sign-in of a device code source", () => {
  it("shows the page and the code, and reports the sign-in once the person entered the code elsewhere", async () => {
    const { testHome, provider, server, browser, addKioskSource } = setup;
    await addKioskSource({ scopes: ["offline_access", "read:items"] });

    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const bodies: Promise<string>[] = [];
      page.on("response", (response) => bodies.push(response.text().catch(() => "")));
      await signInToConsole(page, server.url, testHome.adminToken);
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
        await adminRequest(server.url, testHome.adminToken, "GET", "/v1/sources/kiosk/auth")
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
