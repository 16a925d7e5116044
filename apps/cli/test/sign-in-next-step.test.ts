import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

// An OAuth 2.0 source of the authorization code grant cannot be tested until a person signs in: `source add` says
// that is the next step, and so does a test that finds it not signed in (without "again": it never was).

const clientSecret = "cs-next-step-7f1e20c4";
let temp: TempHome;
let upstream: Upstream;

beforeEach(async () => {
  temp = await createTempHome();
  upstream = await startUpstream({ type: "bearer", token: "unused-token-3b9d" });
});
afterEach(async () => {
  await upstream.close();
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(clientSecret);
  await temp.cleanup();
});

const addCodeSource = () =>
  runSrc(
    sourceAddArgs(
      { name: "Code", baseUrl: upstream.url },
      "--auth",
      "oauth2",
      "--grant",
      "authorization_code",
      "--token-url",
      `${upstream.url}/token`,
      "--authorization-url",
      `${upstream.url}/authorize`,
      "--client-id",
      "cid-next",
      "--credential-stdin",
    ),
    { env: temp.env, stdin: clientSecret },
  );

describe("the sign-in an authorization code source waits for", { timeout: 60_000 }, () => {
  it("source add names `src auth login SLUG` as the next step, and so does a test before the sign-in", async () => {
    const added = await addCodeSource();
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("code: not tested (skipped)\nNext: src auth login code\n");

    const tested = await runSrc(["source", "test", "code"], { env: temp.env });
    expect(tested.code).toBe(1);
    expect(tested.stderr).toContain("is not signed in: no OAuth 2.0 access or refresh token is stored");
    expect(tested.stderr).toContain(
      "hint: run `src auth login code` to sign in (or POST /v1/sources/code/auth/login)\nNext: src auth login code\n",
    );
    expect(upstream.requests).toEqual([]);
  });

  it("a source of another mode added without a test gets no sign-in step", async () => {
    const added = await runSrc(
      sourceAddArgs({ name: "Plain", baseUrl: upstream.url }, ...bearerFromStdin, "--no-test"),
      {
        env: temp.env,
        stdin: "plain-token-55c1",
      },
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("plain: not tested (skipped)");
    expect(`${added.stdout}${added.stderr}`).not.toContain("auth login");
  });
});
