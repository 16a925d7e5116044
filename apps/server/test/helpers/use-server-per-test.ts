import { expect } from "vitest";
import type { StartServerOptions } from "../../src/start-server";
import { adminAddBearerSource } from "./server-requests";
import { startUpstream, type Upstream } from "./start-upstream";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./test-home";
import { startTestServer, type TestServer } from "./test-server";
import { useFileSetup, useTestSetup, type Keep } from "./use-setup";

/** What `useServerPerTest` keeps: the file's upstream, and the running test's home and server. */
export interface ServerPerTest {
  readonly upstream: Upstream;
  readonly testHome: TestHome;
  readonly server: TestServer;
}

/** What `useServerPerTest` is given. */
export interface ServerPerTestOptions {
  /** The token the upstream accepts; a secret of every home. */
  upstreamToken: string;
  /** More values no log line may hold. */
  secrets?: string[];
  /** More lines to scan for secrets after each test (what the test's CLI runs printed). */
  printed?: () => string[];
  /** The server's options beyond the home, the loopback address and the log (limits, allowed hosts...). */
  serverOptions?: Partial<StartServerOptions>;
  /** The slugs of the bearer sources on the upstream (its token as their credential) each new server starts with. */
  sources?: string[];
}

/**
 * Registers the hooks most server tests share: one upstream for the file, and for each test a home of its own and a
 * server on it, so each test runs alone, in any order, and again. After each test the server closes, no line of its
 * log (nor of `printed`) may hold a secret of the home, and the home is removed. A file's own hooks, registered
 * after this call, run after these `beforeEach` and before these `afterEach`.
 */
export function useServerPerTest(options: ServerPerTestOptions): ServerPerTest {
  const file = useFileSetup(async (keep) => ({ upstream: await keepUpstream(keep, options.upstreamToken) }));
  const test = useTestSetup((keep) => startHomeAndServer(keep, file.upstream, options));
  return {
    get upstream() {
      return file.upstream;
    },
    get testHome() {
      return test.testHome;
    },
    get server() {
      return test.server;
    },
  };
}

/**
 * As `useServerPerTest`, but the upstream, the home and the server are started once for the file (and checked and
 * removed after its tests): for a file whose tests only read what its own `beforeAll` added.
 */
export function useServerPerFile(options: ServerPerTestOptions): ServerPerTest {
  return useFileSetup(async (keep) => {
    const upstream = await keepUpstream(keep, options.upstreamToken);
    return { upstream, ...(await startHomeAndServer(keep, upstream, options)) };
  });
}

/** As `useServerPerFile`, but all three are new for each test (a test that parks calls or stops the server). */
export function useUpstreamAndServerPerTest(options: ServerPerTestOptions): ServerPerTest {
  return useTestSetup(async (keep) => {
    const upstream = await keepUpstream(keep, options.upstreamToken);
    return { upstream, ...(await startHomeAndServer(keep, upstream, options)) };
  });
}

const keepUpstream = (keep: Keep, token: string): Promise<Upstream> =>
  keep(startUpstream({ token }), (upstream) => upstream.close());

/**
 * A home (the upstream token and `secrets` among its secrets) and a server on it with the bearer `sources` on
 * `upstream`; once the server closed, no line of its log (nor of `printed`) may hold a secret of the home.
 */
async function startHomeAndServer(
  keep: Keep,
  upstream: Upstream,
  { upstreamToken, secrets = [], printed = () => [], serverOptions = {}, sources = [] }: ServerPerTestOptions,
): Promise<{ testHome: TestHome; server: TestServer }> {
  const testHome = await keep(createTestHome(), (home) => home.cleanup());
  testHome.secrets.push(upstreamToken, ...secrets);
  const server = await keep(startTestServer(testHome, serverOptions), async (started) => {
    await started.server.close();
    expect(linesLeakingSecrets([...started.logs.lines, ...printed()], testHome.secrets)).toEqual([]);
  });
  for (const slug of sources)
    await adminAddBearerSource(server.server.url, testHome.adminToken, {
      slug,
      baseUrl: upstream.url,
      token: upstreamToken,
    });
  return { testHome, server };
}
