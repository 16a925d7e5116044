import { describe, expect, it } from "vitest";
import { useTestPostgres } from "../../test/use-test-postgres";
import { useTestStores } from "../../test/open-test-stores";

const env = { SRC_VAULT_KEY: Buffer.alloc(32, 9).toString("base64") };
const postgresServer = useTestPostgres();
const openStore = useTestStores();
const open = (url: string) => openStore(url, env);

describe("rateLimits: the policies' rate limits in the database", () => {
  it("two stores (two replicas' pools) on one database share one limit", async () => {
    const url = await postgresServer.database();
    const [first, second] = [await open(url), await open(url)];
    const limit = { calls: 3, perSeconds: 60 };
    const verdicts = [];
    for (let call = 0; call < 4; call += 1)
      verdicts.push(await (call % 2 === 0 ? first : second).rateLimits.consume("source:github", limit));
    expect(verdicts.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    expect(verdicts[3]).toMatchObject({ allowed: false });
    const retry = (verdicts[3] as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
  });

  it("keys and limits count apart: another source, or the same source under a changed limit", async () => {
    const url = await postgresServer.database();
    const store = await open(url);
    expect(await store.rateLimits.consume("source:a", { calls: 1, perSeconds: 60 })).toEqual({ allowed: true });
    expect(await store.rateLimits.consume("source:a", { calls: 1, perSeconds: 60 })).toMatchObject({ allowed: false });
    expect(await store.rateLimits.consume("source:b", { calls: 1, perSeconds: 60 })).toEqual({ allowed: true });
    expect(await store.rateLimits.consume("source:a", { calls: 2, perSeconds: 60 })).toEqual({ allowed: true });
  });

  it("a window that has passed starts again", async () => {
    const url = await postgresServer.database();
    const store = await open(url);
    const limit = { calls: 1, perSeconds: 1 };
    expect(await store.rateLimits.consume("token:t", limit)).toEqual({ allowed: true });
    expect(await store.rateLimits.consume("token:t", limit)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    await expect.poll(() => store.rateLimits.consume("token:t", limit), { interval: 300 }).toEqual({ allowed: true });
  });
});
