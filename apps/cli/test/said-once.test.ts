import { randomBytes } from "node:crypto";
import { startUpstream as startTestUpstream, type Upstream as TestUpstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { closedPort, startUpstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const token = "said-once-token-61f0";
let temp: TempHome;
let api: TestUpstream;
let apiUrl: string;
let deadUrl: string;

/** How often `text` occurs in everything the run printed. */
const count = (result: RunResult, text: string): number => (result.stdout + result.stderr).split(text).length - 1;

beforeAll(async () => {
  temp = await createTempHome();
  // /elsewhere redirects to another origin (127.0.0.2); everything else answers 200.
  api = await startTestUpstream((_request, response, recorded) => {
    if (recorded.path.startsWith("/elsewhere")) response.writeHead(302, { location: "http://127.0.0.2:9/x" }).end();
    else response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  apiUrl = api.url;
  deadUrl = `http://127.0.0.1:${await closedPort()}`;
  for (const [name, url] of [
    ["Live", apiUrl],
    ["Dead", deadUrl],
  ] as const) {
    const added = await runSrc(sourceAddArgs({ name, baseUrl: url }, ...bearerFromStdin, "--no-test"), {
      env: temp.env,
      stdin: token,
    });
    expect(added.code, added.stderr).toBe(0);
  }
});

afterAll(async () => {
  await api.close();
  await temp.cleanup();
});

describe("messages said once, in the caller's words", () => {
  it("INVALID_CALL is printed once, and names --content-type / --raw-body, not _contentType / _rawBody", async () => {
    const result = await runSrc(["call", "live", "POST", "/x", "--content-type", "text/plain"], { env: temp.env });
    expect(result.code).toBe(2);
    expect(count(result, "INVALID_CALL")).toBe(1);
    expect(count(result, "sets the type of a body")).toBe(1);
    expect(result.stderr).toContain("--content-type");
    expect(result.stderr).toContain("--raw-body");
    expect(result.stdout + result.stderr).not.toMatch(/_contentType|_rawBody/);
    const withBody = await runSrc(["call", "live", "GET", "/x", "--body", "{}"], { env: temp.env });
    expect(count(withBody, "cannot have a body")).toBe(1);
  });

  it("REDIRECT_BLOCKED is printed once", async () => {
    const result = await runSrc(["call", "live", "GET", "/elsewhere"], { env: temp.env });
    expect(result.code).toBe(1);
    expect(count(result, "REDIRECT_BLOCKED")).toBe(1);
    expect(count(result, "not followed")).toBe(1);
  });

  it("connection refused: the call says it once; the validation's message and hint do not repeat each other", async () => {
    const called = await runSrc(["call", "dead", "GET", "/x"], { env: temp.env });
    expect(called.code).toBe(1);
    expect(count(called, "connection refused")).toBe(1);
    expect(count(called, "check the host and port")).toBe(1);
    const reloaded = await runSrc(["source", "reload", "dead"], { env: temp.env });
    expect(reloaded.code).toBe(1);
    expect(count(reloaded, "connection refused")).toBe(1);
    expect(count(reloaded, "check the host and port")).toBe(1);
  });

  it("the CLI adds its own next step to messages that name none (the server and MCP show them without CLI commands)", async () => {
    // A disabled source of this test only: the shared ones stay as the other tests expect them.
    const off = `off-${randomBytes(3).toString("hex")}`;
    const added = await runSrc(
      sourceAddArgs({ name: off, slug: off, baseUrl: apiUrl }, ...bearerFromStdin, "--no-test", "--disabled"),
      { env: temp.env, stdin: token },
    );
    expect(added.code, added.stderr).toBe(0);
    const disabled = await runSrc(["call", off, "GET", "/x", "--json"], { env: temp.env });
    expect(disabled.code).toBe(1);
    expect((JSON.parse(disabled.stdout) as { error: { message: string } }).error.message).not.toContain("src ");
    expect(disabled.stderr).toContain(`\`src source enable ${off}\``);

    const unknown = await runSrc(["call", "nosuch", "GET", "/x"], { env: temp.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("`src tools`");
    const missing = await runSrc(["source", "show", "nosuch"], { env: temp.env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("`src source list`");
    expect(missing.stderr).not.toContain(temp.home);
  });
});

describe("src credential set for a basic source", () => {
  it("uses the stored username unless --username gives a new one", async () => {
    const password = "basic-new-password-7e21";
    const upstream = await startUpstream({ type: "basic", username: "ada", password });
    try {
      // A slug of this try only: a retry adds its own.
      const slug = `basic-${randomBytes(3).toString("hex")}`;
      const added = await runSrc(
        sourceAddArgs(
          { name: "Basic", slug, baseUrl: upstream.url },
          "--auth",
          "basic",
          "--username",
          "ada",
          "--credential-stdin",
          "--no-test",
        ),
        {
          env: temp.env,
          stdin: "old-password",
        },
      );
      expect(added.code, added.stderr).toBe(0);
      // Only the password on stdin: the stored username "ada" is kept, and the API accepts ada + the new password.
      const replaced = await runSrc(["credential", "set", slug, "--credential-stdin"], {
        env: temp.env,
        stdin: password,
      });
      expect(replaced.code, replaced.stderr).toBe(0);
      expect(replaced.stderr).toContain("Using the stored username");
      expect(replaced.stdout + replaced.stderr).toContain("connected");
      // A new username replaces it (and the API, expecting ada, refuses).
      const renamed = await runSrc(["credential", "set", slug, "--username", "bob", "--credential-stdin"], {
        env: temp.env,
        stdin: password,
      });
      expect(renamed.code).toBe(1);
      expect(renamed.stdout + renamed.stderr).toContain("needs_auth");
      for (const result of [added, replaced, renamed]) expect(result.stdout + result.stderr).not.toContain(password);
    } finally {
      await upstream.close();
    }
  });
});
