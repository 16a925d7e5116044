import { createDefaultAuthRegistry } from "@src/auth-presets";
import type { FileSourceStore } from "@src/config";
import { createSourceService } from "../src/sources/create-source-service";
import type { SourceService } from "../src/sources/source-service";
import type { createTemporaryHome } from "./temporary-home";

/**
 * A source service in `home` with the built-in auth modes and one bearer source, `demo`, of the upstream at
 * `baseUrl` (`startUpstream`), its token stored. `test: false` skips the test call when adding it.
 */
export async function createServiceWithDemoSource(
  home: Awaited<ReturnType<typeof createTemporaryHome>>,
  baseUrl: string,
  token: string,
  { test }: { test?: false } = {},
): Promise<SourceService<FileSourceStore>> {
  const service = createSourceService({ home: home.home, env: home.env, registry: createDefaultAuthRegistry() });
  await service.addSource({
    input: {
      type: "api",
      name: "Demo",
      slug: "demo",
      enabled: true,
      api: { baseUrl, authType: "bearer", testEndpoint: "/me" },
    },
    credential: { token },
    ...(test === undefined ? {} : { test }),
  });
  return service;
}
