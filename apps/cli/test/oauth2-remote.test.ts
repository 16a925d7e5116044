import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmDeviceCode, launchBrowser, signInInBrowser } from "../../../packages/auth-oauth2/test/play-browser";
import { startOidcProvider, type OidcProvider } from "../../../packages/auth-oauth2/test/start-oidc-provider";
import {
  startTokenCheckingApi,
  type TokenCheckingApi,
} from "../../../packages/auth-oauth2/test/start-token-checking-api";
import { binPath, runSrc, type RunResult } from "./helpers/run-src";
import { oauth2OpenApiDocument } from "./helpers/openapi-document";
import { scopeFlags, sourceAddArgs } from "./helpers/source-add-args";
import { createTempHome, type TempHome } from "./helpers/temp-home";

// `src --server URL` (and SRC_SERVER) against `src serve`, with oidc-provider in its own process: the server
// signs in (its own redirect URI, or a device code it polls) and the CLI prints the page and waits for it; the
// agent tokens and an uploaded OpenAPI document live on the server. The CLI has no SRC_HOME and no vault key.
const clientId = "server-agent";
const clientSecret = "oidc-s3rver-cl13nt-9a8b7c";
const adminToken = `admin-${randomBytes(16).toString("hex")}`;
let temp: TempHome;
let provider: OidcProvider;
let browser: Browser;
let api: TokenCheckingApi;
let apiUrl = "";
let serve: ChildProcess;
let serverUrl = "";
const printed: string[] = [];
const serverOutput: string[] = [];
/** Agent token values the tests created: shown once by `src token create`, nowhere else. */
const agentTokens: string[] = [];

const remote = async (
  args: readonly string[],
  stdin?: string,
  env: Record<string, string> = { SRC_SERVER: serverUrl },
): Promise<RunResult> => {
  const result = await runSrc(args, { env: { SRC_SERVER_TOKEN: adminToken, ...env }, stdin });
  printed.push(result.stdout, result.stderr);
  return result;
};

beforeAll(async () => {
  [temp, provider, browser] = await Promise.all([
    createTempHome(),
    startOidcProvider({
      clientId,
      clientSecret,
      publicClientId: "unused-public",
      redirectPaths: ["/v1/auth/callback"],
    }),
    launchBrowser(),
  ]);
  api = await startTokenCheckingApi((token) => provider.accepts(token));
  apiUrl = api.url;
  serve = spawn(process.execPath, [binPath, "serve", "--port", "0", "--json"], {
    env: { PATH: process.env.PATH, ...temp.env, SRC_SERVER_TOKEN: adminToken },
    stdio: ["ignore", "pipe", "pipe"],
  });
  serve.stderr!.setEncoding("utf8").on("data", (chunk: string) => serverOutput.push(chunk));
  serverUrl = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    serve.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      serverOutput.push(chunk);
      const match = /"url":\s*"([^"]+)"/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    serve.once("close", () => reject(new Error("src serve ended before listening")));
  });
}, 90_000);

afterAll(async () => {
  if (serve !== undefined && serve.exitCode === null) {
    const closed = new Promise((resolve) => serve.once("close", resolve));
    serve.kill("SIGTERM");
    await closed;
  }
  await api?.close();
  // Neither the client secret nor any token oidc-provider issued is in what the CLI printed, the server logged,
  // or a file of the server's home; an agent token is printed once, by the create that made it.
  if (provider !== undefined) {
    const secrets = [clientSecret, ...(await provider.state()).issued];
    const everything = [...printed, ...serverOutput, ...(await temp.files()).map((file) => file.text)].join("\n");
    for (const secret of secrets)
      expect(everything.includes(secret), "a token or the client secret leaked").toBe(false);
    for (const token of agentTokens)
      expect(everything.split(token).length - 1, "an agent token shown more than once, or kept in clear").toBe(1);
  }
  await Promise.all([provider?.stop(), browser?.close()]);
  await temp?.cleanup();
}, 60_000);

/** `src source add` of the OAuth 2.0 source NAME on this file's API and oidc-provider (discovered), then `flags`. */
const addOAuth2Args = (name: string, grant: string, scopes: string[], ...flags: string[]): string[] => [
  ...sourceAddArgs({ name, baseUrl: apiUrl }, "--auth", "oauth2", "--issuer", provider.issuer, "--grant", grant),
  ...[...scopeFlags(...scopes), ...flags, "--client-id", clientId, "--credential-stdin"],
];

/** Runs `src auth login SLUG` against the server and lets `person` act on the page (and code) it prints. */
function remoteLogin(slug: string, person: (printed: string) => Promise<unknown>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, "auth", "login", slug, "--no-browser", "--server", serverUrl], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", SRC_SERVER_TOKEN: adminToken },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let acted: Promise<unknown> | undefined;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      if (
        acted === undefined &&
        /https?:\/\/\S+\n/.test(stderr) &&
        (!stderr.includes("any device") || stderr.includes("Waiting"))
      )
        acted = person(stderr).catch(reject);
    });
    child.once("error", reject);
    child.once("close", (code) => {
      printed.push(stdout, stderr);
      void (acted ?? Promise.resolve()).then(() => resolve({ code, stdout, stderr }));
    });
    child.stdin.end();
  });
}

describe("src auth with --server / SRC_SERVER", () => {
  it("authorization code: the login prints the server's authorization URL, waits for the server; status and logout (revoking) on the server", async () => {
    const added = await remote(
      addOAuth2Args(
        "Desk",
        "authorization_code",
        ["openid", "offline_access", "read:items"],
        "--authorization-param",
        "prompt=consent",
      ),
      clientSecret,
    );
    expect(added.code, added.stderr).toBe(0);
    const login = await remoteLogin("desk", async (text) => {
      const url = /(http:\/\/127\.0\.0\.1:\d+\/oidc\/auth\?\S+)/.exec(text)![1]!;
      expect(new URL(url).searchParams.get("redirect_uri")).toBe(`${serverUrl.replace(/\/$/, "")}/v1/auth/callback`);
      expect(new URL(url).searchParams.get("code_challenge_method")).toBe("S256");
      expect(new URL(url).searchParams.get("prompt")).toBe("consent");
      await signInInBrowser(browser, url);
    });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain(`Signed in to "desk" on ${serverUrl}`);
    const status = await remote(["auth", "status", "desk", "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({
      slug: "desk",
      grant: "authorization_code",
      hasRefreshToken: true,
      signedIn: true,
    });
    expect((await remote(["call", "desk", "GET", "/items", "--json"])).stdout).toContain('"status": 200');
    const revocationsBefore = (await provider.state()).revocations;
    const logout = await remote(["auth", "logout", "desk", "--json"]);
    expect(JSON.parse(logout.stdout)).toMatchObject({ slug: "desk", forgotten: true, revoked: "revoked" });
    expect((await provider.state()).revocations).toBe(revocationsBefore + 1);
    expect(JSON.parse((await remote(["auth", "status", "desk", "--json"])).stdout)).toMatchObject({
      signedIn: false,
      hasRefreshToken: false,
    });
  }, 120_000);

  it("device code: the server polls; the CLI prints the page and the code and waits (--server flag, no SRC_SERVER)", async () => {
    const added = await remote(addOAuth2Args("Kiosk", "device_code", ["offline_access", "read:items"]), clientSecret);
    expect(added.code, added.stderr).toBe(0);
    const login = await remoteLogin("kiosk", async (text) => {
      const found = /open this page on any device:\n(\S+)\nand enter the code (\S+)/.exec(text)!;
      await confirmDeviceCode(browser, { url: found[1]!, userCode: found[2]! });
    });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain(`Signed in to "kiosk" on ${serverUrl}`);
    const status = await remote(["auth", "status", "kiosk", "--server", serverUrl, "--json"], undefined, {});
    expect(JSON.parse(status.stdout)).toMatchObject({ slug: "kiosk", grant: "device_code", signedIn: true });
  }, 120_000);
});

describe("src token with --server", () => {
  it("creates (shown once), lists and revokes agent tokens in the server's store", async () => {
    const created = await remote(["token", "create", "remote-agent", "--read-only", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const token = JSON.parse(created.stdout).token as string;
    agentTokens.push(token);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: "remote-agent", readOnly: true });
    // The server accepts it at once: an agent route with it answers.
    expect(
      (await fetch(`${serverUrl.replace(/\/$/, "")}/v1/tools`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200);
    const listed = await remote(["token", "list", "--json"]);
    expect(JSON.parse(listed.stdout).tokens).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "remote-agent", readOnly: true })]),
    );
    // The server's home holds it (the CLI has none): local `src token list` there sees it.
    const local = await runSrc(["token", "list", "--json"], { env: temp.env });
    printed.push(local.stdout, local.stderr);
    expect(JSON.parse(local.stdout).tokens.map((entry: { name: string }) => entry.name)).toContain("remote-agent");
    const revoked = await remote(["token", "revoke", "remote-agent", "--server", serverUrl], undefined, {});
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(
      (await fetch(`${serverUrl.replace(/\/$/, "")}/v1/tools`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(401);
    expect(
      JSON.parse((await remote(["token", "list", "--json"])).stdout).tokens.map(
        (entry: { name: string }) => entry.name,
      ),
    ).not.toContain("remote-agent");
  }, 60_000);
});

describe("src source add --openapi with --server", () => {
  it("uploads the document file; the server reads the fields from it and keeps a copy", async () => {
    const documentFile = join(temp.home, "..", `items-${randomBytes(3).toString("hex")}.json`);
    await writeFile(
      documentFile,
      oauth2OpenApiDocument({
        title: "Remote Items",
        version: "1.0.0",
        serverUrl: apiUrl,
        oauth2Flows: {
          authorizationCode: {
            authorizationUrl: `${provider.issuer}/auth`,
            tokenUrl: `${provider.issuer}/token`,
            scopes: { "read:items": "read" },
          },
        },
        gets: { "/me": "getMe", "/items": "listItems" },
      }),
    );
    const added = await remote(
      ["--json", "source", "add", "--openapi", documentFile, "--client-id", clientId, "--credential-stdin"],
      clientSecret,
    );
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      source: {
        slug: "remote-items",
        api: { authType: "oauth2", grant: "authorization_code", tokenUrl: `${provider.issuer}/token`, baseUrl: apiUrl },
      },
    });
    expect(JSON.parse(added.stdout).source.api.openapi).toBe("openapi.json");
    // The server keeps the uploaded copy in the source's folder of its own home.
    const copies = (await temp.files()).filter(
      (file) => file.path.endsWith("openapi.json") && file.text.includes("listItems"),
    );
    expect(copies.map((file) => file.path)).toEqual([expect.stringMatching(/remote-items[\\/]openapi\.json$/)]);
  }, 60_000);
});
