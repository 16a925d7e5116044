// Issue 28's device sign-in on the connect page: a per-user OAuth 2.0 source on the device authorization grant answers
// an agent without its person's credential with NOT_CONNECTED and a link; the person opens it in Chromium, the page
// shows the upstream's verification page and a code, the person enters it "on another device" (a second Chromium
// context at oidc-provider, in its own process), and the page says they are connected: their agent's next call
// carries a token of THEIR sign-in (the API accepts only tokens the provider issued), another principal stays
// NOT_CONNECTED. A refused sign-in stores nothing and leaves the link usable.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { confirmDeviceCode } from "../../../../packages/auth-oauth2/test/play-browser";
import { adminRequest } from "../helpers/server-requests";
import { linesLeakingSecrets } from "../helpers/test-home";
import { useFileSetup } from "../helpers/use-setup";
import { startDeviceCodeSetup } from "./device-code-setup";

const clientId = "kiosk-device";
const clientSecret = "device-connect-cl13nt-s3cret-4b9d";

const setup = useFileSetup(async (keep) => {
  const parts = await startDeviceCodeSetup(keep, { clientId, clientSecret });
  await parts.addKioskSource({ scopes: ["read:items"], perUser: true });
  return parts;
}, 90_000);
// Runs before the parts are stopped: nothing the server logged holds the client secret or a token the provider issued.
afterAll(async () => {
  const secrets = [...setup.testHome.secrets, ...(await setup.provider.state()).issued];
  expect(linesLeakingSecrets(setup.server.output().split("\n"), secrets), "a secret in the server's log").toEqual([]);
});

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(setup.server.url, setup.testHome.adminToken, method, path, body);

/** A named agent token, and the principal its calls act for. */
async function agentToken(name: string): Promise<string> {
  const answer = await admin("POST", "/v1/tokens", { name });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { token: string }).token;
}

async function callKiosk(
  token: string,
): Promise<{ ok: boolean; status?: number; error?: { code: string; connectUrl?: string } }> {
  const answer = await fetch(`${setup.server.url}/v1/tools/api_kiosk/call`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ method: "GET", path: "/items" }),
  });
  return (await answer.json()) as { ok: boolean; status?: number; error?: { code: string; connectUrl?: string } };
}

/** The connect link an agent without a credential is given. */
async function connectLinkOf(token: string): Promise<string> {
  const refused = await callKiosk(token);
  expect(refused).toMatchObject({ ok: false, error: { code: "NOT_CONNECTED" } });
  return refused.error!.connectUrl!;
}

const connectionsOfKiosk = async (): Promise<string[]> =>
  (
    (await (await admin("GET", "/v1/connections?source=kiosk")).json()) as { connections: { principal: string }[] }
  ).connections.map((connection) => connection.principal);

/** Opens the link, starts the sign-in, and returns the verification page and code the page shows. */
async function startDeviceSignIn(page: Page, connectUrl: string): Promise<{ url: string; userCode: string }> {
  await page.goto(connectUrl);
  await page.getByRole("button", { name: "Sign in to Kiosk" }).click();
  const userCode = (await page.getByLabel("Device code").textContent({ timeout: 30_000 }))!.trim();
  const url = await page.getByRole("link", { name: `${setup.provider.issuer}/device` }).getAttribute("href");
  return { url: url!, userCode };
}

describe("connecting by a device-code sign-in at the upstream, in Chromium", { timeout: 120_000 }, () => {
  it("shows the code, follows the sign-in the person finishes elsewhere, and their agent's calls then go through as them", async () => {
    await setup.provider.settings({ interval: 1, deviceTtl: 600, slowDowns: 0, deny: false });
    const ada = await agentToken(`ada-${Date.now()}`);
    const bob = await agentToken(`bob-${Date.now()}`);
    const connectUrl = await connectLinkOf(ada);
    const linkToken = connectUrl.split("#/connect/")[1]!;
    const context = await setup.browser.newContext();
    try {
      const page = await context.newPage();
      const bodies: Promise<string>[] = [];
      page.on("response", (response) => bodies.push(response.text().catch(() => "")));
      const { url, userCode } = await startDeviceSignIn(page, connectUrl);
      expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
      expect(url).toBe(`${setup.provider.issuer}/device`);
      // Nothing is connected, and the link is still open, while the person has not entered the code.
      expect((await admin("GET", `/v1/connect/${linkToken}`)).status).toBe(200);

      // The person, on another device, types the code the page shows.
      await confirmDeviceCode(setup.browser, { url, userCode });
      await page.getByRole("heading", { name: "Connected", level: 1 }).waitFor({ timeout: 30_000 });
      expect(await page.getByRole("status").textContent()).toContain("Your agent can go on");

      const principals = await connectionsOfKiosk();
      expect(principals.filter((principal) => principal.startsWith("token:ada-"))).toHaveLength(1);
      expect(principals.some((principal) => principal.startsWith("token:bob-"))).toBe(false);
      // The token the sign-in gave is accepted by the API: Ada's call goes through; Bob's is not sent.
      expect(await callKiosk(ada)).toMatchObject({ ok: true, status: 200 });
      expect(await callKiosk(bob)).toMatchObject({ ok: false, error: { code: "NOT_CONNECTED" } });
      // The link is used up.
      expect((await admin("GET", `/v1/connect/${linkToken}`)).status).toBe(404);

      // Nothing the page received holds the client secret or a token.
      const secrets = [clientSecret, ...(await setup.provider.state()).issued];
      const everything = [...(await Promise.all(bodies)), await page.content()].join("\n");
      expect(linesLeakingSecrets(everything.split("\n"), secrets)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("stores nothing when the person refuses at the upstream, and the link stays usable", async () => {
    await setup.provider.settings({ interval: 1, deviceTtl: 600, slowDowns: 0, deny: false });
    const cleo = await agentToken(`cleo-${Date.now()}`);
    const connectUrl = await connectLinkOf(cleo);
    const linkToken = connectUrl.split("#/connect/")[1]!;
    const context = await setup.browser.newContext();
    try {
      const page = await context.newPage();
      const { url, userCode } = await startDeviceSignIn(page, connectUrl);
      await confirmDeviceCode(setup.browser, { url, userCode, abort: true });
      await page.getByRole("alert").filter({ hasText: "The sign-in failed" }).waitFor({ timeout: 30_000 });
      expect((await connectionsOfKiosk()).some((principal) => principal.startsWith("token:cleo-"))).toBe(false);
      expect(await callKiosk(cleo)).toMatchObject({ ok: false, error: { code: "NOT_CONNECTED" } });
      expect((await admin("GET", `/v1/connect/${linkToken}`)).status).toBe(200);
    } finally {
      await context.close();
    }
  });

  it("refuses progress for a sign-in of another link, and an unknown sign-in", async () => {
    const dana = await agentToken(`dana-${Date.now()}`);
    const erin = await agentToken(`erin-${Date.now()}`);
    const danaLink = (await connectLinkOf(dana)).split("#/connect/")[1]!;
    const erinLink = (await connectLinkOf(erin)).split("#/connect/")[1]!;
    const started = await fetch(`${setup.server.url}/v1/connect/${danaLink}/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(started.status, await started.clone().text()).toBe(200);
    const { signInId, awaits } = (await started.json()) as { signInId: string; awaits: string };
    expect(awaits).toBe("poll");
    const progressOf = (link: string, id: string) =>
      fetch(`${setup.server.url}/v1/connect/${link}/sign-in/progress`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ signInId: id }),
      });
    const foreign = await progressOf(erinLink, signInId);
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("SIGN_IN_STATE_INVALID");
    expect((await progressOf(danaLink, "no-such-sign-in")).status).toBe(422);
    const own = await progressOf(danaLink, signInId);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ slug: "kiosk", status: "waiting" });
    expect(own.headers.get("set-cookie")).toBeNull();
  });
});
