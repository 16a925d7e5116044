// The console in a real browser (Debian's Chromium through playwright-core) against the built server
// (`bin/src-server.js` as a child process) and a local upstream API. The browser and the server are started once for
// the file (they are slow to start); every test opens its own browser context (its own sessionStorage) and makes its
// own sources under names no other test or retry uses, so each runs alone, in any order, and again when retried. A test
// waits for what it then asserts (playwright's waiting locators, expect.poll), never counts what may still be loading.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test as baseTest } from "vitest";
import { itemsOpenApiDocument } from "../helpers/items-openapi-document";
import { cliAddBearerArgs, runCli } from "../helpers/run-cli";
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
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  testHome = await createTestHome();
  upstream = await startUpstream({ token: upstreamToken });
  server = await startBuiltServer(testHome.env);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await upstream?.close();
  await testHome?.cleanup();
});

/** The agent tokens tests create: no page, response or server line may hold one either. */
const agentTokens: string[] = [];
const secretFormsOf = (): string[] => [upstreamToken, testHome.adminToken, ...agentTokens].flatMap(secretForms);

/** One test's browser context: its page, every response body the page received, and the CSP reports and errors it gave. */
interface ConsoleSession {
  context: BrowserContext;
  page: Page;
  responses: { url: string; body: Promise<string> }[];
  problems: string[];
}

/** Every response the page got, every CSP report, uncaught error and server output line: no secret, no problem. */
async function expectNothingLeaked(session: ConsoleSession): Promise<void> {
  for (const response of session.responses) {
    const body = await response.body;
    for (const form of secretFormsOf()) expect(body.includes(form), `${response.url} holds a secret`).toBe(false);
  }
  expect(session.problems).toEqual([]);
  for (const form of secretForms(upstreamToken)) expect(server.output()).not.toContain(form);
}

/** `test` with a `session`: a fresh browser context, checked for leaks and closed after the test. */
const test = baseTest.extend<{ session: ConsoleSession }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's own dependencies from this pattern
  session: async ({}, use) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const session: ConsoleSession = { context, page, responses: [], problems: [] };
    page.on("response", (response) =>
      session.responses.push({
        url: response.url(),
        body: response.body().then(
          (body) => body.toString("utf8"),
          () => "",
        ),
      }),
    );
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) session.problems.push(message.text());
    });
    page.on("pageerror", (error) => session.problems.push(`page error: ${error.message}`));
    try {
      await use(session);
      await expectNothingLeaked(session);
    } finally {
      await context.close();
    }
  },
});

async function expectNoSecretInPage({ page, context }: ConsoleSession): Promise<void> {
  const html = await page.content();
  // Browser-side code is given as text: the server's TypeScript setup has no DOM types.
  const fieldValues = await page.evaluate<string>(
    `[...document.querySelectorAll("input, textarea")].map((field) => field.value).join("\\n")`,
  );
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
  expect(await context.cookies()).toEqual([]);
}

/** Checks the page with axe-core and keeps a screenshot under `test-artifacts/console/NAME.png`. */
async function checkPage(session: ConsoleSession, name: string): Promise<void> {
  await session.page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true });
  expect(await seriousAccessibilityViolations(session.page)).toEqual([]);
  await expectNoSecretInPage(session);
}

/** Opens the console and signs in through its form, as an operator does. */
async function signIn(
  page: Page,
  { url = server.url, token = testHome.adminToken }: { url?: string; token?: string } = {},
): Promise<void> {
  await page.goto(url);
  await page.getByLabel("Admin token").fill(token);
  await page.getByLabel("Admin token").press("Enter");
  await page.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
}

async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
}

/** A name and slug no other test (nor another try of this one) uses. */
function newSource(prefix: string): { name: string; slug: string } {
  const suffix = randomBytes(3).toString("hex");
  return { name: `${prefix} ${suffix}`, slug: `${prefix.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${suffix}` };
}

const toolOf = (slug: string): string => `api_${slug.replace(/-/g, "_")}`;

/** A request to the server's API with the admin token. */
async function api(
  method: string,
  path: string,
  body?: unknown,
  token: string = testHome.adminToken,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

/** Creates a bearer source on the local upstream through the API (with its credential unless `credential: false`). */
async function createSource(
  prefix: string,
  {
    enabled = true,
    api: apiFields = {},
    credential = true,
  }: { enabled?: boolean; api?: Record<string, unknown>; credential?: boolean } = {},
): Promise<{ name: string; slug: string }> {
  const source = newSource(prefix);
  const config = {
    type: "api",
    name: source.name,
    slug: source.slug,
    enabled,
    api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me", ...apiFields },
  };
  const created = await api("POST", "/v1/sources", {
    config,
    ...(credential ? { credential: { token: upstreamToken } } : {}),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return source;
}

/** Writes an OpenAPI document into the test home and returns its path. */
async function writeDocument(content: string): Promise<string> {
  const file = join(testHome.home, `openapi-${randomBytes(3).toString("hex")}.json`);
  await writeFile(file, content);
  return file;
}

describe("the operator console in Chromium", { timeout: 60_000 }, () => {
  test("shows only the sign-in page without a token, and refuses a wrong token", async ({ session }) => {
    const { page } = session;
    await page.goto(server.url);
    await expect.poll(() => page.title()).toBe("Sign in · src console");
    await page.getByLabel("Admin token").waitFor();
    expect(await page.getByRole("navigation").count()).toBe(0);
    await checkPage(session, "sign-in");

    await page.getByLabel("Admin token").fill("not-the-admin-token");
    await page.getByLabel("Admin token").press("Enter");
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("refused this token");
    expect(await page.evaluate("sessionStorage.length")).toBe(0);
  });

  test("signs in with the admin token on Enter, kept in sessionStorage only", async ({ session }) => {
    await signIn(session.page);
    expect(await session.page.evaluate("Object.keys(sessionStorage)")).toEqual(["src-console-token"]);
    await checkPage(session, "sources");
  });

  test("on an empty home, says there are no sources yet and links to connecting one", async ({ session }) => {
    // Its own home and server: the shared one has the other tests' sources.
    const emptyHome = await createTestHome();
    const emptyServer = await startBuiltServer(emptyHome.env);
    try {
      await signIn(session.page, { url: emptyServer.url, token: emptyHome.adminToken });
      await session.page.getByText("No sources yet").waitFor();
      await checkPage(session, "sources-empty");
      await session.page.getByRole("link", { name: "Connect a source" }).last().click();
      await session.page.getByLabel("Name (required)").waitFor();
    } finally {
      await emptyServer.stop();
      await emptyHome.cleanup();
    }
  });

  test("connects a source against the local upstream and shows it connected", async ({ session }) => {
    const { page } = session;
    const { name, slug } = newSource("Local API");
    await signIn(page);
    await page.getByRole("link", { name: "Connect a source" }).first().click();
    await page.getByLabel("Name (required)").waitFor();
    await checkPage(session, "connect");
    await page.getByLabel("Name (required)").fill(name);
    await page.getByLabel("Base URL (required)").fill(upstream.url);
    // The form follows the schema: an auth mode's own fields appear when it is chosen.
    await page.getByLabel("Auth mode (required)").selectOption("header");
    await page.getByLabel(/^Header name/).waitFor();
    await page.getByLabel("Auth mode (required)").selectOption("bearer");
    await page.getByLabel(/^Header name/).waitFor({ state: "detached" });
    await page.getByLabel("Test endpoint (required)").fill("/me");
    await page.getByLabel("API token").fill(upstreamToken);
    await page.getByRole("button", { name: "Save and test" }).click();
    const validation = page.getByRole("region", { name: "Validation" });
    await validation.waitFor();
    expect(await validation.textContent()).toContain("connected");
    expect((await api("GET", `/v1/sources/${slug}`)).status).toBe(200);
    await checkPage(session, "connect-saved");
  });

  test("shows a field error next to the field, as the server reports it", async ({ session }) => {
    const { page } = session;
    await signIn(page);
    await goTo(page, "#/sources/new");
    await page.getByLabel("Name (required)").fill(newSource("Broken").name);
    await page.getByLabel("Base URL (required)").fill("not a url");
    await page.getByLabel("Test endpoint (required)").fill("/me");
    await page.getByRole("button", { name: "Save and test" }).click();
    await page.getByRole("alert").waitFor();
    const baseUrl = page.getByLabel("Base URL (required)");
    await expect.poll(() => baseUrl.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await baseUrl.getAttribute("aria-describedby")) ?? "";
    const fieldError = await page.evaluate<string>(
      `${JSON.stringify(describedBy.split(" "))}.map((id) => document.getElementById(id)?.textContent ?? "").join(" ")`,
    );
    expect(fieldError).toContain("absolute URL");
    await checkPage(session, "connect-field-error");
  });

  test("the form says OpenAPI, shows More settings once, and gives the headers example in the field's own format", async ({
    session,
  }) => {
    const { page } = session;
    await signIn(page);
    await goTo(page, "#/sources/new");
    await page.getByText("More settings", { exact: true }).click();
    const headers = page.getByLabel("Fixed headers", { exact: true });
    await headers.waitFor();
    expect(await page.getByText("More settings", { exact: true }).count()).toBe(1);
    await page.getByLabel("OpenAPI document", { exact: true }).waitFor();
    await page.getByLabel("OpenAPI validation", { exact: true }).waitFor();
    expect(await page.locator("main").textContent()).not.toMatch(/Openapi/);
    // The hint's example is written as the field takes it (Name: value lines), like the placeholder.
    expect(await headers.getAttribute("placeholder")).toBe("Name: value (one per line)");
    const hintId = ((await headers.getAttribute("aria-describedby")) ?? "").split(" ")[0] ?? "";
    const hint = await page.locator(`[id="${hintId}"]`).textContent();
    expect(hint).toContain('"Notion-Version: 2022-06-28"');
    expect(hint).not.toContain("{");
    await checkPage(session, "connect-more-settings");
  });

  test("lists the sources live, and shows a change made with the CLI without a reload", async ({ session }) => {
    const { page } = session;
    const listed = await createSource("Listed");
    const fromCli = newSource("From CLI");
    await signIn(page);
    const row = page.locator(`tr[data-slug='${listed.slug}']`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain("connected");
    expect(await row.textContent()).toContain(upstream.url);
    // A reload would lose this mark.
    await page.evaluate("window.consoleTestMark = 'not reloaded'");

    const added = await runCli(cliAddBearerArgs(fromCli.name, fromCli.slug, upstream.url), {
      env: testHome.env,
      stdin: upstreamToken,
    });
    expect(added.code, added.stderr).toBe(0);
    await page.locator(`tr[data-slug='${fromCli.slug}']`).waitFor({ timeout: 15_000 });
    const disabled = await runCli(["source", "disable", listed.slug], { env: testHome.env });
    expect(disabled.code, disabled.stderr).toBe(0);
    await expect.poll(() => row.locator("td[data-label='Enabled']").textContent(), { timeout: 15_000 }).toBe("no");
    expect(await page.evaluate("window.consoleTestMark")).toBe("not reloaded");
    await checkPage(session, "sources-live");

    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${screenshots}sources-375px.png`, fullPage: true });
  });

  test("edits, enables and reloads a source on its page", async ({ session }) => {
    const { page } = session;
    const { name, slug } = await createSource("Editable", { enabled: false, credential: false });
    const renamed = `${name} renamed`;
    await signIn(page);
    await goTo(page, `#/sources/${slug}`);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await page.getByRole("button", { name: "Enable" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Enabled");
    // The editor starts from the source as the page last read it: wait until that read says enabled.
    await expect.poll(() => page.locator("dl.facts").textContent()).toMatch(/Enabled\s*yes/);
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Name (required)").fill(renamed);
    // The page re-reads the source every 3 s; what the operator typed must survive that re-read.
    await page.waitForResponse(
      (response) => response.request().method() === "GET" && new URL(response.url()).pathname === `/v1/sources/${slug}`,
      { timeout: 10_000 },
    );
    await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))");
    expect(await page.getByLabel("Name (required)").inputValue()).toBe(renamed);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { name: renamed, level: 1 }).waitFor();
    await page.getByLabel("API token").fill(upstreamToken);
    await page.getByRole("button", { name: "Store and test" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Credential stored");
    expect(await page.getByLabel("API token").inputValue()).toBe("");
    await page.getByRole("button", { name: "Reload" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Reloaded");
    await expect.poll(() => page.getByRole("region", { name: "Validation" }).textContent()).toContain("connected");
    await checkPage(session, "source");
  });

  test("clears an optional field the operator empties in the edit form", async ({ session }) => {
    const { page } = session;
    const { slug } = await createSource("Headers");
    const storedApi = async (): Promise<Record<string, unknown>> =>
      ((await api("GET", `/v1/sources/${slug}`)).json as { source: { api: Record<string, unknown> } }).source.api;
    const editHeaders = async (value: string, expected: string): Promise<void> => {
      await page.getByRole("button", { name: "Edit" }).click();
      await page.getByText("More settings", { exact: true }).click();
      const field = page.getByLabel("Fixed headers", { exact: true });
      await expect.poll(() => field.inputValue()).toBe(expected);
      await field.fill(value);
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByRole("button", { name: "Save changes" }).waitFor({ state: "detached" });
      // The page shows the saved headers once it has read the source again; the next edit starts from them.
      await expect
        .poll(() => page.locator("dl.facts").textContent())
        .toMatch(value === "" ? /Fixed headers\s*none/ : new RegExp(`Fixed headers\\s*${value}`));
    };
    await signIn(page);
    await goTo(page, `#/sources/${slug}`);
    await page.getByRole("button", { name: "Edit" }).waitFor();
    await editHeaders("X-Team: agents", "");
    await expect.poll(async () => (await storedApi()).headers).toEqual({ "X-Team": "agents" });
    await editHeaders("", "X-Team: agents");
    await expect.poll(storedApi).not.toHaveProperty("headers");
  });

  test("shows a source's OpenAPI status, where its credential goes and its fixed headers", async ({ session }) => {
    const { page } = session;
    const loaded = await createSource("Documented", {
      api: {
        openapi: await writeDocument(JSON.stringify(itemsOpenApiDocument)),
        headers: { "X-Team": "agents", "Notion-Version": "2022-06-28" },
      },
    });
    const broken = await createSource("Undocumented", {
      api: { openapi: await writeDocument("{ this is not json"), authType: "header", headerName: "X-Api-Key" },
      credential: false,
    });
    const byQuery = await createSource("By query", {
      api: { authType: "query", queryParam: "api_key" },
      credential: false,
    });
    await signIn(page);

    await goTo(page, `#/sources/${loaded.slug}`);
    const status = page.getByTestId("openapi-status");
    await expect.poll(() => status.textContent()).toContain("loaded: Items API 3.0.1, 2 operations");
    const facts = page.locator("dl.facts");
    expect(await facts.textContent()).toContain("X-Team: agents");
    expect(await facts.textContent()).toContain("Notion-Version: 2022-06-28");
    await checkPage(session, "source-openapi");

    await goTo(page, `#/sources/${broken.slug}`);
    await page.getByRole("heading", { name: broken.name, level: 1 }).waitFor();
    await expect.poll(() => status.textContent()).toMatch(/^not loaded: .+/);
    expect(await facts.textContent()).toContain("Credential header");
    expect(await facts.textContent()).toContain("X-Api-Key");
    expect(await facts.textContent()).toMatch(/Fixed headers\s*none/);

    await goTo(page, `#/sources/${byQuery.slug}`);
    await page.getByRole("heading", { name: byQuery.name, level: 1 }).waitFor();
    await expect.poll(() => facts.textContent()).toContain("Credential query parameter");
    expect(await facts.textContent()).toContain("api_key");
    expect(await status.count()).toBe(0);
  });

  test("lists the tools with their description and input schema", async ({ session }) => {
    const { page } = session;
    const { name, slug } = await createSource("Tooled");
    await signIn(page);
    await page.getByRole("link", { name: "Tools" }).click();
    const tool = page.getByRole("article", { name: toolOf(slug) });
    await tool.waitFor();
    expect(await tool.textContent()).toContain(name);
    await tool.getByText("Input schema").click();
    await checkPage(session, "tools");
  });

  test("tries a call and shows status, attempts, headers and the JSON body", async ({ session }) => {
    const { page } = session;
    const { slug } = await createSource("Callable");
    await signIn(page);
    await goTo(page, `#/call?tool=${toolOf(slug)}`);
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
    await checkPage(session, "try-a-call");
  });

  test("sends a JSON body parsed, refuses one that does not parse, and sends a raw body with its content type", async ({
    session,
  }) => {
    const { page } = session;
    const { slug } = await createSource("Bodies");
    await signIn(page);
    await goTo(page, `#/call?tool=${toolOf(slug)}`);
    await page.getByLabel("Method").selectOption("POST");
    await page.getByLabel("Path").fill("/items");
    await page.getByLabel("JSON", { exact: true }).check();
    const before = upstream.seen.length;
    await page.getByLabel("JSON body").fill("{ not json");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("The JSON body does not parse");
    expect(upstream.seen.length).toBe(before);

    await page.getByLabel("JSON body").fill('{ "name": "second" }');
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => upstream.seen.length).toBe(before + 1);
    const sentJson = upstream.seen.at(-1)!;
    expect([sentJson.method, sentJson.path, JSON.parse(sentJson.body)]).toEqual(["POST", "/items", { name: "second" }]);

    await page.getByLabel("Raw, with a content type").check();
    await page.getByLabel("Content type", { exact: true }).fill("application/xml");
    await page.getByLabel("Raw body").fill("<item>third</item>");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => upstream.seen.length).toBe(before + 2);
    const sentRaw = upstream.seen.at(-1)!;
    expect([sentRaw.body, sentRaw.headers["content-type"]]).toEqual(["<item>third</item>", "application/xml"]);
  });

  test("gives the operations tool its own form: search by words or tag, read one by id", async ({ session }) => {
    const { page } = session;
    const { slug } = await createSource("Searchable", {
      api: { openapi: await writeDocument(JSON.stringify(itemsOpenApiDocument)) },
    });
    await signIn(page);
    await goTo(page, `#/call?tool=${toolOf(slug)}_operations`);
    await page.getByLabel("Query", { exact: true }).waitFor();
    expect(await page.getByLabel("Path").count()).toBe(0);
    expect(await page.getByLabel("Method").count()).toBe(0);
    await page.getByLabel("Query", { exact: true }).fill("list items");
    await page.getByRole("button", { name: "Send" }).click();
    const result = page.getByRole("region", { name: "Result" });
    await expect.poll(() => result.textContent()).toContain("listItems");
    expect(await result.textContent()).toContain("(ok)");
    expect(await result.textContent()).not.toContain("Unrecognized keys");
    await checkPage(session, "try-operations");

    await page.getByLabel("Query", { exact: true }).fill("");
    await page.getByLabel("Operation ID").fill("getMe");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => result.textContent()).toContain("The current user");
    // Sent through the same route as an agent's call, with the operations tool's input.
    const calls = (
      (await api("GET", `/v1/activity?source=${slug}`)).json as { calls: { method: string | null; ok: boolean }[] }
    ).calls;
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.every((call) => call.ok)).toBe(true);
  });

  test("shows in Activity the calls of every channel from the audit log, filtered by source, each with its principal", async ({
    session,
  }) => {
    const { page } = session;
    const called = await createSource("Active", { api: { policy: { deny: ["DELETE /**"] } } });
    const quiet = await createSource("Quiet");
    const viaServer = await api("POST", `/v1/tools/${toolOf(called.slug)}/call`, {
      method: "GET",
      path: "/items",
      query: { limit: 1 },
    });
    expect(viaServer.json).toMatchObject({ ok: true });
    // An agent token's call (principal token:NAME), refused by the source's policy.
    const agent = `agent-${randomBytes(3).toString("hex")}`;
    const created = await api("POST", "/v1/tokens", { name: agent });
    expect(created.status).toBe(201);
    agentTokens.push(created.json.token as string);
    const denied = await api(
      "POST",
      `/v1/tools/${toolOf(called.slug)}/call`,
      { method: "DELETE", path: "/items/1" },
      created.json.token as string,
    );
    expect(denied.json).toMatchObject({ ok: false, error: { code: "POLICY_DENIED" } });
    // Another process on the same home: it writes the audit log the server reads.
    const viaCli = await runCli(["call", called.slug, "GET", "/items", "-q", "from=cli"], { env: testHome.env });
    expect(viaCli.code, viaCli.stderr).toBe(0);
    await signIn(page);
    await page.getByRole("link", { name: "Activity" }).click();
    const rows = page.locator("tbody");
    await expect.poll(() => rows.textContent(), { timeout: 15_000 }).toContain("GET /items?limit=1");
    expect(await rows.textContent()).toContain("GET /items?from=cli");
    await page.getByLabel("Source").selectOption(quiet.slug);
    await page.getByText(`No agent calls yet for ${quiet.slug}`).waitFor();
    await page.getByLabel("Source").selectOption(called.slug);
    await expect.poll(() => rows.textContent()).toContain("src call");
    expect(await rows.textContent()).toContain("HTTP");
    // Whom each call was for, in its own column, newest first: src call's and the admin token's are the operator's.
    const principals = page.locator('tbody td[data-label="Principal"]');
    await expect.poll(() => principals.allTextContents()).toEqual(["local", `token:${agent}`, "local"]);
    expect(await page.getByRole("columnheader", { name: "Principal" }).count()).toBe(1);
    expect(await page.locator("tbody tr", { hasText: "DELETE /items/1" }).textContent()).toContain(
      "POLICY_DENIED denied by DELETE /**",
    );
    await checkPage(session, "activity");
  });

  test("shows and edits a source's policy: a bad rule is named at its field; a saved deny refuses the call", async ({
    session,
  }) => {
    const { page } = session;
    const source = await createSource("Guarded");
    await signIn(page);
    await goTo(page, `#/sources/${source.slug}`);
    const policy = page.getByRole("region", { name: "What agents may do" });
    await policy.getByText("No policy").waitFor();
    await page.getByRole("button", { name: "Change the policy" }).click();
    await page.getByLabel("Deny", { exact: true }).fill("GETT /items");
    await page.getByRole("button", { name: "Save the policy" }).click();
    await expect
      .poll(() => policy.locator(".field-error").first().textContent())
      .toContain('did you mean "GET /items"?');
    await page.getByLabel("Deny", { exact: true }).fill("GET /items/**\nDELETE /**");
    await page.getByLabel("Mode").selectOption("read-only");
    await page.getByLabel("Rate limit: calls").fill("100");
    await page.getByLabel("per seconds").fill("60");
    await page.getByRole("button", { name: "Save the policy" }).click();
    await page.getByRole("button", { name: "Save the policy" }).waitFor({ state: "detached" });
    await expect
      .poll(() => policy.getByRole("definition").allTextContents())
      .toEqual(["read-only", "none", "GET /items/** DELETE /** ", "none", "100 calls per 60 s", "single"]);
    expect(
      ((await api("GET", `/v1/sources/${source.slug}`)).json.source as { api: { policy: unknown } }).api.policy,
    ).toEqual({ mode: "read-only", deny: ["GET /items/**", "DELETE /**"], rateLimit: { calls: 100, perSeconds: 60 } });
    await checkPage(session, "policy");

    const before = upstream.seen.length;
    await goTo(page, `#/call?tool=${toolOf(source.slug)}`);
    await page.getByLabel("Path").fill("/items/1");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("POLICY_DENIED");
    expect(upstream.seen.length).toBe(before);

    await goTo(page, `#/sources/${source.slug}`);
    await page.getByRole("button", { name: "Change the policy" }).click();
    await page.getByLabel("Deny", { exact: true }).fill("");
    await page.getByLabel("Mode").selectOption("read-write");
    await page.getByLabel("Rate limit: calls").fill("");
    await page.getByLabel("per seconds").fill("");
    await page.getByRole("button", { name: "Save the policy" }).click();
    await policy.getByText("No policy").waitFor();
    expect(
      ((await api("GET", `/v1/sources/${source.slug}`)).json.source as { api: { policy?: unknown } }).api.policy,
    ).toBeUndefined();
  }, 120_000);

  test("removes a source after a confirmation", async ({ session }) => {
    const { page } = session;
    const removed = await createSource("Removed");
    const kept = await createSource("Kept");
    await signIn(page);
    await goTo(page, `#/sources/${removed.slug}`);
    await page.getByRole("button", { name: "Remove" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await checkPage(session, "remove-confirmation");
    await dialog.getByRole("button", { name: `Remove ${removed.name}` }).click();
    await page.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
    // The list is loaded once the kept source's row is there; only then is a missing row meaningful.
    await page.locator(`tr[data-slug='${kept.slug}']`).waitFor();
    await expect.poll(() => page.locator(`tr[data-slug='${removed.slug}']`).count()).toBe(0);
    expect((await api("GET", `/v1/sources/${removed.slug}`)).status).toBe(404);
  });

  test("signs out: the token leaves sessionStorage and only the sign-in page remains", async ({ session }) => {
    const { page } = session;
    await signIn(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("Admin token").waitFor();
    expect(await page.evaluate("sessionStorage.length")).toBe(0);
    await page.reload();
    await page.getByLabel("Admin token").waitFor();
    expect(await page.getByRole("navigation").count()).toBe(0);
  });
});
