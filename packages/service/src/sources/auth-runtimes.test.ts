import { createDefaultAuthRegistry } from "@src/auth-presets";
import { openVault } from "@src/vault";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createTemporaryHome } from "../../test/temporary-home";
import { createAuthRuntimes } from "./auth-runtimes";
import { createSourceService } from "./create-source-service";
import { bindCredential } from "./credential-scope";

let home: Awaited<ReturnType<typeof createTemporaryHome>>;
beforeEach(async () => (home = await createTemporaryHome()));
afterEach(() => home.remove());

it("a renewal saves nothing over a credential stored anew meanwhile with the same fields (a new sign-in), and says why", async () => {
  const registry = createDefaultAuthRegistry();
  const service = createSourceService({ home: home.home, env: home.env, registry });
  const { source } = await service.addSource({
    input: {
      type: "api",
      name: "Renewed",
      slug: "renewed",
      enabled: true,
      api: { baseUrl: "http://127.0.0.1:9/v1", authType: "bearer", testEndpoint: "/me" },
    },
    credential: { token: "first-token-value" },
    test: false,
  });
  const vault = await openVault({ home: home.home, env: home.env });
  const runtimes = createAuthRuntimes({
    vault: async () => vault,
    pluginOf: (record) => registry.get(record.api.authType),
    onTokenRequest: undefined,
  });
  const runtime = runtimes.runtimeFor(source, undefined);
  const renewal = runtime.withCredentialLock!(async (stored) => {
    expect(stored).toMatchObject({ token: "first-token-value" });
    // Meanwhile another process stores a new credential with the same fields (it does not take the lock).
    await vault.set("renewed", bindCredential({ token: "stored-anew-value" }, source));
    await runtime.saveCredential!({ token: "renewed-from-first-value" });
  });
  await expect(renewal).rejects.toThrow(/was stored anew while this call was renewing its token; nothing was saved/);
  expect((await vault.get("renewed"))?.token).toBe("stored-anew-value");

  // Unchanged meanwhile, a renewal saves.
  await runtime.withCredentialLock!(async () => runtime.saveCredential!({ token: "renewed-value" }));
  expect((await vault.get("renewed"))?.token).toBe("renewed-value");
});
