// The console in a real browser (Debian's Chromium through playwright-core) against the built server
// (`bin/src-server.js` as a child process) and a local upstream API. One browser and one server for the
// file; the steps run in order, each on the state the one before left, as an operator would go through them.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli";
import { startUpstream, type Upstream } from "../helpers/start-upstream";
import { createTestHome, secretForms, type TestHome } from "../helpers/test-home";
import { seriousAccessibilityViolations } from "./check-accessibility";
import { launchChromium } from "./launch-chromium";
import { startBuiltServer, type BuiltServer } from "./start-built-server";

/** Where each page's screenshot goes (git-ignored; CI keeps it as an artifact). */
const screenshots = fileURLToPath(new URL("../../test-artifacts/console/", import.meta.url));

const upstreamToken = `upstream-${randomBytes(12).toString("hex")}`;
let testHome: TestHome;
let upstream: Upstream;
let server: BuiltServer;
let browser: { context: BrowserContext; close(): Promise<void> };
let page: Page;
/** Every response body the page received, for the secret scan. */
const responses: { url: string; body: Promise<string> }[] = [];
/** Content-Security-Policy reports and uncaught errors of the page: must stay empty. */
const pageProblems: string[] = [];

const secretFormsOf = (): string[] => [upstreamToken, testHome.adminToken].flatMap(secretForms);

async function expectNoSecretInPage(): Promise<void> {
  const html = await page.content();
  // Browser-side code is given as text: the server's TypeScript setup has no DOM types.
  const fieldValues = await page.evaluate<string>(`[...document.querySelectorAll("input, textarea")].map((field) => field.value).join("\\n")`);
  for (const form of secretFormsOf()) {
    expect(html).not.toContain(form);
    expect(fieldValues).not.toContain(form);
  }
  const storage = await page.evaluate<{ local: string[]; session: Record<string, string> }>(
    "({ local: Object.keys(localStorage), session: Object.fromEntries(Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)])) })",
  );
  expect(storage.local).toEqual([]);
  const sessionValues = Object.values(storage.session).join("\n");
  for (const form of secretForms(upstreamToken)) expect(sessionValues).not.toContain(form);
  expect(await browser.context.cookies()).toEqual([]);
}

/** Checks the page with axe-core and keeps a screenshot under `test-artifacts/console/NAME.png`. */
async function checkPage(name: string): Promise<void> {
  await page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await expectNoSecretInPage();
}

async function goTo(hash: string): Promise<void> {
  await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  testHome = await createTestHome();
  upstream = await startUpstream({ token: upstreamToken });
  server = await startBuiltServer(testHome.env);
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("response", (response) => responses.push({ url: response.url(), body: response.body().then((body) => body.toString("utf8"), () => "") }));
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) pageProblems.push(message.text());
  });
  page.on("pageerror", (error) => pageProblems.push(`page error: ${error.message}`));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await upstream?.close();
  await testHome?.cleanup();
});

describe("the operator console in Chromium", { timeout: 60_000 }, () => {
  it("shows only the sign-in page without a token, and refuses a wrong token", async () => {
    await page.goto(server.url);
    await expect.poll(() => page.title()).toBe("Sign in · src console");
    expect(await page.getByRole("navigation").count()).toBe(0);
    await checkPage("sign-in");

    await page.getByLabel("Admin token").fill("not-the-admin-token");
    await page.getByLabel("Admin token").press("Enter");
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("refused this token");
    expect(await page.evaluate("sessionStorage.length")).toBe(0);
  });

  it("signs in with the admin token on Enter, kept in sessionStorage only", async () => {
    await page.getByLabel("Admin token").fill(testHome.adminToken);
    await page.getByLabel("Admin token").press("Enter");
    await page.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
    expect(await page.evaluate("Object.keys(sessionStorage)")).toEqual(["src-console-token"]);
    await expect.poll(() => page.getByText("No sources yet").count()).toBe(1);
    await checkPage("sources-empty");
  });

  it("connects a source against the local upstream and shows it connected", async () => {
    await page.getByRole("link", { name: "Connect a source" }).first().click();
    await page.getByLabel("Name (required)").waitFor();
    await checkPage("connect");
    await page.getByLabel("Name (required)").fill("Local API");
    await page.getByLabel("Base URL (required)").fill(upstream.url);
    // The form follows the schema: an auth mode's own fields appear when it is chosen.
    await page.getByLabel("Auth mode (required)").selectOption("header");
    await page.getByLabel(/^Header name/).waitFor();
    await page.getByLabel("Auth mode (required)").selectOption("bearer");
    expect(await page.getByLabel(/^Header name/).count()).toBe(0);
    await page.getByLabel("Test endpoint (required)").fill("/me");
    await page.getByLabel("API token").fill(upstreamToken);
    await page.getByRole("button", { name: "Save and test" }).click();
    const validation = page.getByRole("region", { name: "Validation" });
    await validation.waitFor();
    expect(await validation.textContent()).toContain("connected");
    await checkPage("connect-saved");
  });

  it("shows a field error next to the field, as the server reports it", async () => {
    await page.getByRole("button", { name: "Connect another" }).click();
    await page.getByLabel("Name (required)").fill("Broken");
    await page.getByLabel("Base URL (required)").fill("not a url");
    await page.getByLabel("Test endpoint (required)").fill("/me");
    await page.getByRole("button", { name: "Save and test" }).click();
    await page.getByRole("alert").waitFor();
    const baseUrl = page.getByLabel("Base URL (required)");
    expect(await baseUrl.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await baseUrl.getAttribute("aria-describedby")) ?? "";
    const fieldError = await page.evaluate<string>(`${JSON.stringify(describedBy.split(" "))}.map((id) => document.getElementById(id)?.textContent ?? "").join(" ")`);
    expect(fieldError).toContain("absolute URL");
    expect(fieldError.length).toBeGreaterThan(0);
    await checkPage("connect-field-error");
  });

  it("lists the source live, and shows a change made with the CLI without a reload", async () => {
    await page.getByRole("link", { name: "Sources" }).click();
    const row = page.locator("tr[data-slug='local-api']");
    await row.waitFor();
    expect(await row.textContent()).toContain("connected");
    expect(await row.textContent()).toContain(upstream.url);
    // A reload would lose this mark.
    await page.evaluate("window.consoleTestMark = 'not reloaded'");

    const added = await runCli(["source", "add", "--name", "From CLI", "--base-url", upstream.url, "--auth", "bearer", "--test-endpoint", "/me", "--credential-stdin"], { env: testHome.env, stdin: upstreamToken });
    expect(added.code, added.stderr).toBe(0);
    await page.locator("tr[data-slug='from-cli']").waitFor({ timeout: 15_000 });
    const disabled = await runCli(["source", "disable", "local-api"], { env: testHome.env });
    expect(disabled.code, disabled.stderr).toBe(0);
    await expect.poll(() => row.locator("td[data-label='Enabled']").textContent(), { timeout: 15_000 }).toBe("no");
    expect(await page.evaluate("window.consoleTestMark")).toBe("not reloaded");
    await checkPage("sources");

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${screenshots}sources-375px.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("edits, enables and reloads a source on its page", async () => {
    await page.getByRole("link", { name: "Local API" }).click();
    await page.getByRole("heading", { name: "Local API", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Enable" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Enabled");
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Name (required)").fill("Renamed API");
    // The page re-reads the source every 3 s; what the operator typed must survive that.
    await page.waitForTimeout(3500);
    expect(await page.getByLabel("Name (required)").inputValue()).toBe("Renamed API");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { name: "Renamed API", level: 1 }).waitFor();
    await page.getByLabel("API token").fill(upstreamToken);
    await page.getByRole("button", { name: "Store and test" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Credential stored");
    expect(await page.getByLabel("API token").inputValue()).toBe("");
    await page.getByRole("button", { name: "Reload" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Reloaded");
    expect(await page.getByRole("region", { name: "Validation" }).textContent()).toContain("connected");
    await checkPage("source");
  });

  it("clears an optional field the operator empties in the edit form", async () => {
    const storedApi = async (): Promise<Record<string, unknown>> => {
      const answer = await fetch(`${server.url}/v1/sources/local-api`, { headers: { authorization: `Bearer ${testHome.adminToken}` } });
      return ((await answer.json()) as { source: { api: Record<string, unknown> } }).source.api;
    };
    const editHeaders = async (value: string): Promise<void> => {
      await page.getByRole("button", { name: "Edit" }).click();
      await page.locator("summary", { hasText: "More settings" }).click();
      const field = page.getByLabel("Fixed headers", { exact: true });
      if (value === "") expect(await field.inputValue()).toBe("X-Team: agents");
      await field.fill(value);
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByRole("button", { name: "Save changes" }).waitFor({ state: "detached" });
    };
    await editHeaders("X-Team: agents");
    await expect.poll(async () => (await storedApi()).headers).toEqual({ "X-Team": "agents" });
    await editHeaders("");
    await expect.poll(storedApi).not.toHaveProperty("headers");
  });

  it("lists the tools with their description and input schema", async () => {
    await page.getByRole("link", { name: "Tools" }).click();
    const tool = page.getByRole("article", { name: "api_local_api" });
    await tool.waitFor();
    expect(await tool.textContent()).toContain("Renamed API");
    await tool.getByText("Input schema").click();
    await checkPage("tools");
  });

  it("tries a call and shows status, attempts, headers and the JSON body", async () => {
    await goTo("#/call?tool=api_local_api");
    await page.getByLabel("Path").fill("/items");
    await page.getByRole("button", { name: "Add a query parameter" }).click();
    await page.getByLabel("Name 1").fill("limit");
    await page.getByLabel("Value 1").fill("1");
    await page.getByRole("button", { name: "Send" }).click();
    const result = page.getByRole("region", { name: "Result" });
    await result.waitFor();
    expect(await page.getByTestId("result-status").textContent()).toContain("200");
    expect(await result.textContent()).toContain("first");
    expect(await result.textContent()).toContain("GET");
    await checkPage("try-a-call");
  });

  it("shows the call in Activity, filtered by source", async () => {
    await page.getByRole("link", { name: "Activity" }).click();
    await expect.poll(() => page.locator("tbody").textContent()).toContain("GET /items?limit=1");
    await page.getByLabel("Source").selectOption("from-cli");
    await expect.poll(() => page.getByText("No agent calls yet for from-cli").count()).toBe(1);
    await page.getByLabel("Source").selectOption("local-api");
    await expect.poll(() => page.locator("tbody").textContent()).toContain("local-api");
    await checkPage("activity");
  });

  it("shows and edits the source's policy: a bad rule is named at its field; a saved deny refuses the call", async () => {
    // The step starts from no policy, also when it runs again.
    await fetch(`${server.url}/v1/sources/local-api`, { method: "PATCH", headers: { authorization: `Bearer ${testHome.adminToken}`, "content-type": "application/json" }, body: JSON.stringify({ api: { policy: null } }) });
    await goTo("#/sources/local-api");
    const policy = page.getByRole("region", { name: "What agents may do" });
    await policy.waitFor();
    expect(await policy.textContent()).toContain("No policy");
    await page.getByRole("button", { name: "Change the policy" }).click();
    await page.getByLabel("Deny", { exact: true }).fill("GETT /items");
    await page.getByRole("button", { name: "Save the policy" }).click();
    await expect.poll(() => policy.locator(".field-error").first().textContent()).toContain('did you mean "GET /items"?');
    await page.getByLabel("Deny", { exact: true }).fill("GET /items/**\nDELETE /**");
    await page.getByLabel("Mode").selectOption("read-only");
    await page.getByLabel("Rate limit: calls").fill("100");
    await page.getByLabel("per seconds").fill("60");
    await page.getByRole("button", { name: "Save the policy" }).click();
    await page.getByRole("button", { name: "Save the policy" }).waitFor({ state: "detached" });
    await expect.poll(() => policy.getByRole("definition").allTextContents()).toEqual(["read-only", "none", "GET /items/** DELETE /** ", "none", "100 calls per 60 s", "single"]);
    const stored = await fetch(`${server.url}/v1/sources/local-api`, { headers: { authorization: `Bearer ${testHome.adminToken}` } });
    expect(((await stored.json()) as { source: { api: { policy: unknown } } }).source.api.policy).toEqual({ mode: "read-only", deny: ["GET /items/**", "DELETE /**"], rateLimit: { calls: 100, perSeconds: 60 } });
    await checkPage("policy");

    const before = upstream.seen.length;
    await goTo("#/call?tool=api_local_api");
    await page.getByLabel("Path").fill("/items/1");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("POLICY_DENIED");
    expect(upstream.seen.length).toBe(before);

    await goTo("#/sources/local-api");
    await page.getByRole("button", { name: "Change the policy" }).click();
    await page.getByLabel("Deny", { exact: true }).fill("");
    await page.getByLabel("Mode").selectOption("read-write");
    await page.getByLabel("Rate limit: calls").fill("");
    await page.getByLabel("per seconds").fill("");
    await page.getByRole("button", { name: "Save the policy" }).click();
    await expect.poll(() => policy.textContent()).toContain("No policy");
  }, 120_000);

  it("removes a source after a confirmation", async () => {
    await goTo("#/sources/local-api");
    await page.getByRole("button", { name: "Remove" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await checkPage("remove-confirmation");
    await dialog.getByRole("button", { name: "Remove Renamed API" }).click();
    await page.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
    // The list loads after the heading: wait for the source that stays, then check the removed one is gone.
    await expect.poll(() => page.locator("tr[data-slug='from-cli']").count()).toBe(1);
    await expect.poll(() => page.locator("tr[data-slug='local-api']").count()).toBe(0);
  });

  it("signs out: the token leaves sessionStorage and only the sign-in page remains", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("Admin token").waitFor();
    expect(await page.evaluate("sessionStorage.length")).toBe(0);
    await page.reload();
    await page.getByLabel("Admin token").waitFor();
  });

  it("never had a secret in a network response, a CSP report or an uncaught error", async () => {
    expect(responses.length).toBeGreaterThan(10);
    for (const response of responses) {
      const body = await response.body;
      for (const form of secretFormsOf()) expect(body.includes(form), `${response.url} holds a secret`).toBe(false);
    }
    expect(pageProblems).toEqual([]);
    for (const form of secretForms(upstreamToken)) expect(server.output()).not.toContain(form);
  });
});
