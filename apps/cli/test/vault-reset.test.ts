import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const token = "vault-reset-token-4f0e9a";
let temp: TempHome;
let upstream: Upstream;

beforeEach(async () => {
  temp = await createTempHome();
  upstream = await startUpstream({ type: "bearer", token });
  const added = await runSrc(
    sourceAddArgs({ name: "Demo", slug: "demo", baseUrl: upstream.url }, ...bearerFromStdin, "--no-test"),
    { env: temp.env, stdin: token },
  );
  expect(added.code).toBe(0);
});

afterEach(async () => {
  await upstream.close();
  await temp.cleanup();
});

describe("src vault reset", () => {
  it("leaves a vault that opens alone (exit 1, nothing moved)", async () => {
    const before = await readFile(join(temp.home, "vault.json"));
    const result = await runSrc(["vault", "reset", "--yes", "--json"], { env: temp.env });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ reset: false });
    expect(await readFile(join(temp.home, "vault.json"))).toEqual(before);
  });

  it("after the key is lost: needs --yes, moves the vault aside (never deletes it), and credentials can be stored again", async () => {
    const lostKey = { ...temp.env, SRC_VAULT_KEY: randomBytes(32).toString("base64") };
    const before = await readFile(join(temp.home, "vault.json"));
    const listed = await runSrc(["source", "list"], { env: lostKey });
    expect(listed.code).toBe(1);
    expect(listed.stderr).toContain("does not match");

    const unconfirmed = await runSrc(["vault", "reset"], { env: lostKey });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain("--yes");
    expect(await readFile(join(temp.home, "vault.json"))).toEqual(before);

    const reset = await runSrc(["vault", "reset", "--yes", "--json"], { env: lostKey });
    expect(reset.code).toBe(0);
    const { movedTo } = JSON.parse(reset.stdout) as { movedTo: string };
    expect(await readFile(movedTo)).toEqual(before);
    expect((await readdir(temp.home)).filter((name) => name === "vault.json")).toEqual([]);

    const stored = await runSrc(["credential", "set", "demo", "--credential-stdin"], { env: lostKey, stdin: token });
    expect(stored.code).toBe(0);
    const called = await runSrc(["call", "demo", "GET", "/me", "--json"], { env: lostKey });
    expect(called.code).toBe(0);
    for (const output of [listed, unconfirmed, reset, stored, called])
      expect(output.stdout + output.stderr).not.toContain(token);
  });
});
