import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createTemporaryHome } from "../../test/temporary-home";
import { startUpstream } from "../../test/upstream";
import { createSourceService } from "./create-source-service";

const token = "tok_vault_unreadable_8c1d";
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let home: Awaited<ReturnType<typeof createTemporaryHome>>;

beforeEach(async () => {
  upstream = await startUpstream(token);
  home = await createTemporaryHome();
});
afterEach(async () => {
  await upstream.close();
  await home.remove();
});

it("lists the tools of a home whose vault is damaged, each without a credential; a call says how to recover", async () => {
  const vaultErrors: unknown[] = [];
  const service = createSourceService({
    home: home.home,
    env: home.env,
    registry: createDefaultAuthRegistry(),
    observer: { vaultError: (error) => vaultErrors.push(error) },
  });
  await service.addSource({
    input: {
      type: "api",
      name: "Echo",
      slug: "echo",
      enabled: true,
      api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me" },
    },
    credential: { token },
  });
  // Tested, so connected: a listing would check that its credential is still stored, which it cannot here.
  expect((await service.getSource("echo")).source.status.connectionStatus).toBe("connected");
  expect((await service.listTools()).map((tool) => [tool.name, tool.hasCredential])).toEqual([["api_echo", true]]);

  const sentBefore = upstream.seen.length;
  await writeFile(join(home.home, "vault.json"), '{"version": 2, "entries": ');
  const listed = await service.listTools();
  expect(listed.map((tool) => [tool.name, tool.hasCredential, tool.connectionStatus])).toEqual([
    ["api_echo", false, "connected"],
  ]);
  expect(vaultErrors).toHaveLength(1);
  expect(String(vaultErrors[0])).toContain("damaged");

  await expect(service.callTool("api_echo", { method: "GET", path: "/me" })).rejects.toThrow(
    /vault file .* is damaged.*Restore it from a backup/,
  );
  expect(upstream.seen).toHaveLength(sentBefore);
  // The operator's listing still fails with the vault's recovery message: it is where the damage is noticed.
  await expect(service.listSources()).rejects.toThrow(/damaged.*src vault reset/);
});
