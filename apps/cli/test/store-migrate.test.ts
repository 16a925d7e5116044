import { randomBytes } from "node:crypto";
import { startTestPostgres, type TestPostgres } from "@src/store-postgres/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const token = "migrate-bearer-token-3e9f1a";
const storeKey = randomBytes(32).toString("base64");
let database: TestPostgres;
let temp: TempHome;
let upstream: Upstream;

beforeAll(async () => {
  [database, upstream] = await Promise.all([startTestPostgres(), startUpstream({ type: "bearer", token })]);
}, 120_000);

afterAll(async () => {
  await upstream?.close();
  await database?.close();
});

// A home per test (and a database per test, from `createDatabase`): a retry starts from nothing again.
beforeEach(async () => {
  temp = await createTempHome();
});
afterEach(() => temp.cleanup());

const expectNoSecret = (result: RunResult): void => {
  for (const secret of [token, storeKey, Buffer.from(token).toString("base64")])
    expect(result.stdout + result.stderr).not.toContain(secret);
};

describe("src store migrate", () => {
  it("copies the home's sources and credentials into PostgreSQL, reports counts, is repeatable, and the store then serves them", async () => {
    const storeUrl = await database.createDatabase();
    // The home's vault uses its key file; the store's key comes from SRC_VAULT_KEY.
    const homeEnv = { SRC_HOME: temp.home };
    for (const slug of ["alpha", "beta"]) {
      const added = await runSrc(sourceAddArgs({ name: slug, slug, baseUrl: upstream.url }, ...bearerFromStdin), {
        env: homeEnv,
        stdin: token,
      });
      expect(added.code, added.stderr).toBe(0);
    }
    const storeEnv = { ...homeEnv, SRC_STORE: storeUrl, SRC_VAULT_KEY: storeKey };

    const first = await runSrc(["--json", "store", "migrate"], { env: storeEnv });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      sources: { added: 2, updated: 0, unchanged: 0 },
      credentials: { added: 2, updated: 0, unchanged: 0 },
      skipped: [],
    });
    expect(JSON.parse(first.stdout).store).not.toContain(storeUrl.split("@")[0]!.split(":").at(-1)!);
    expectNoSecret(first);

    const again = await runSrc(["store", "migrate"], { env: storeEnv });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      /sources 0 added, 0 updated, 2 unchanged; credentials 0 added, 0 updated, 2 unchanged/,
    );
    expectNoSecret(again);

    // Through --store, with a home that has nothing: the copy is what answers.
    const called = await runSrc(["--store", storeUrl, "call", "beta", "GET", "/me", "--json"], {
      env: { SRC_HOME: `${temp.home}-empty`, SRC_VAULT_KEY: storeKey },
    });
    expect(called.code, called.stderr).toBe(0);
    expect(JSON.parse(called.stdout)).toMatchObject({ ok: true, status: 200 });
  });

  it("says how to name the store when none is given, and exits 2", async () => {
    const result = await runSrc(["store", "migrate"], { env: { SRC_HOME: temp.home } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--store postgres:\/\/.* or SRC_STORE/);
  });
});
