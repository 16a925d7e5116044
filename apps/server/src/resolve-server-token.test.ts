import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidTokenError } from "./errors/invalid-token-error";
import { resolveServerToken } from "./resolve-server-token";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "src-server-token-"));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe("resolveServerToken", () => {
  it("generates $SRC_HOME/server.token with mode 0600 on first start and reuses it after", async () => {
    const first = await resolveServerToken({ home, env: {} });
    expect(first.generated).toBe(true);
    expect(first.tokenFile).toBe(join(home, "server.token"));
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(first.tokenFile!)).mode & 0o777).toBe(0o600);
    expect((await readFile(first.tokenFile!, "utf8")).trim()).toBe(first.token);

    const second = await resolveServerToken({ home, env: {} });
    expect(second).toEqual({ token: first.token, tokenFile: first.tokenFile, generated: false });
  });

  it("agrees on one token when several starts race", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => resolveServerToken({ home, env: {} })));
    expect(new Set(results.map((result) => result.token)).size).toBe(1);
    expect(results.filter((result) => result.generated)).toHaveLength(1);
  });

  it("prefers SRC_SERVER_TOKEN and writes no file", async () => {
    const result = await resolveServerToken({ home, env: { SRC_SERVER_TOKEN: "env-token-0123456789" } });
    expect(result).toEqual({ token: "env-token-0123456789", tokenFile: null, generated: false });
    await expect(stat(join(home, "server.token"))).rejects.toThrow("ENOENT");
  });

  it.each([
    { why: "too short", value: "short-secret" },
    { why: "holds a space", value: "0123456789 abcdefgh" },
  ])("refuses a SRC_SERVER_TOKEN that is $why, without echoing it", async ({ value }) => {
    const error = await resolveServerToken({ home, env: { SRC_SERVER_TOKEN: value } }).catch(
      (thrown: unknown) => thrown,
    );
    expect(InvalidTokenError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain("SRC_SERVER_TOKEN");
    expect((error as Error).message).not.toContain(value);
  });

  it("refuses an unusable token file and says to delete it", async () => {
    await writeFile(join(home, "server.token"), "tiny\n", { mode: 0o600 });
    await expect(resolveServerToken({ home, env: {} })).rejects.toThrow(/delete .*server\.token/);
  });
});
