// Issue 28's connect page: a per-user source answers an agent without its person's credential with NOT_CONNECTED
// and a link; the person opens it in Chromium (no admin token), sees which source and for whom, pastes their key, and
// the agent's next call goes through with that key only. The link works once.
import { startUpstream as startRecorder, sendJson, type Upstream as Recorder } from "@src/http-tool/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHome, secretForms, type TestHome } from "../helpers/test-home";
import { launchChromium } from "./launch-chromium";
import { startBuiltServer, type BuiltServer } from "./start-built-server";
import { adminRequest } from "../helpers/server-requests";

const eveKey = "ghp-eve-connect-page-2b9d4f";
let testHome: TestHome;
let recorder: Recorder;
let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  testHome = await createTestHome();
  recorder = await startRecorder((_request, response, recorded) => sendJson(response, 200, { path: recorded.path }));
  server = await startBuiltServer(testHome.env);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  for (const secret of [eveKey, testHome.adminToken])
    for (const form of secretForms(secret)) expect(server?.output() ?? "").not.toContain(form);
  await browser?.close();
  await server?.stop();
  await recorder?.close();
  await testHome?.cleanup();
});

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(server.url, testHome.adminToken, method, path, body);

describe("the console's connect page, in Chromium", { timeout: 60_000 }, () => {
  it("connects a person with a pasted key through the link, once; the agent's next call carries that key only", async () => {
    const slug = `team-gh-${Date.now().toString(36)}`;
    const created = await admin("POST", "/v1/sources", {
      config: {
        type: "api",
        name: "Team GitHub",
        slug,
        enabled: true,
        api: { baseUrl: `${recorder.url}/${slug}`, authType: "bearer", testEndpoint: "/user", credentials: "per-user" },
      },
    });
    expect(created.status).toBe(201);
    const tokenAnswer = (await (
      await admin("POST", "/v1/tokens", { name: `eve-${Date.now().toString(36)}` })
    ).json()) as { token: string; name: string };
    const call = async () =>
      (await (
        await fetch(`${server.url}/v1/tools/api_${slug.replace(/-/g, "_")}/call`, {
          method: "POST",
          headers: { authorization: `Bearer ${tokenAnswer.token}`, "content-type": "application/json" },
          body: JSON.stringify({ method: "GET", path: "/issues" }),
        })
      ).json()) as {
        ok: boolean;
        error?: { code: string; connectUrl?: string };
      };
    const sent = () =>
      recorder.requests
        .filter((request) => request.path.startsWith(`/${slug}/`))
        .map((request) => request.headers.authorization);

    const refused = await call();
    expect(refused.error?.code).toBe("NOT_CONNECTED");
    expect(sent()).toEqual([]);
    const connectUrl = refused.error?.connectUrl ?? "";
    expect(connectUrl.startsWith(`${server.url}/#/connect/`)).toBe(true);

    const page = await browser.newPage();
    try {
      await page.goto(connectUrl);
      await page.getByRole("heading", { name: "Connect Team GitHub", level: 1 }).waitFor();
      expect(await page.locator("main").textContent()).toContain(`token:${tokenAnswer.name}`);
      const field = page.getByLabel(/\(required\)/);
      expect(await field.getAttribute("type")).toBe("password");
      // An empty form is refused on the page, naming the field.
      await page.getByRole("button", { name: "Connect" }).click();
      await page.getByRole("alert").waitFor();
      expect(await page.getByRole("alert").textContent()).toMatch(/^Fill in /);
      await field.fill(eveKey);
      await page.getByRole("button", { name: "Connect" }).click();
      await page.getByRole("heading", { name: "Connected", level: 1 }).waitFor();
      expect(await page.getByRole("status").textContent()).toContain("Your agent can go on");
      expect(await page.content()).not.toContain(eveKey);

      // The link is used up: opened again, it says so.
      await page.reload();
      await page.getByRole("alert").waitFor();
      expect(await page.getByRole("alert").textContent()).toContain("unknown, used or expired");
    } finally {
      await page.close();
    }

    expect(await call()).toMatchObject({ ok: true });
    expect(sent()).toEqual([`Bearer ${eveKey}`]);

    // The operator sees who is connected (never the key) on Connections, and removes it: the next call is refused.
    const operator = await browser.newPage();
    try {
      await operator.goto(server.url);
      await operator.getByLabel("Admin token").fill(testHome.adminToken);
      await operator.getByLabel("Admin token").press("Enter");
      await operator.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
      await operator.getByRole("link", { name: "Connections" }).click();
      await operator.getByRole("heading", { name: "Connections", level: 1 }).waitFor();
      const principal = `token:${tokenAnswer.name}`;
      const remove = operator.getByRole("button", { name: `Remove ${principal} from ${slug}` });
      await remove.waitFor();
      expect(await operator.content()).not.toContain(eveKey);
      await remove.click();
      await operator.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
      await operator
        .getByRole("status")
        .filter({ hasText: `Removed ${principal} from ${slug}` })
        .waitFor();
    } finally {
      await operator.close();
    }
    expect((await call()).error?.code).toBe("NOT_CONNECTED");
    expect(sent()).toHaveLength(1);
  });
});
