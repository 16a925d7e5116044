import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { startUpstream, type Upstream } from "./start-upstream";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./test-home";
import { startTestServer, type TestServer } from "./test-server";
import { started } from "./started";

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
}

/**
 * Registers the hooks most server tests share: one upstream for the file, and for each test a home of its own and a
 * server on it, so each test runs alone, in any order, and again. After each test the server closes, no line of its
 * log (nor of `printed`) may hold a secret of the home, and the home is removed. A file's own hooks, registered
 * after this call, run after these `beforeEach` and before these `afterEach`.
 */
export function useServerPerTest({
  upstreamToken,
  secrets = [],
  printed = () => [],
}: ServerPerTestOptions): ServerPerTest {
  let upstream: Upstream | undefined;
  let testHome: TestHome | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    upstream = await startUpstream({ token: upstreamToken });
  });
  afterAll(() => upstream?.close());
  beforeEach(async () => {
    testHome = await createTestHome();
    testHome.secrets.push(upstreamToken, ...secrets);
    server = await startTestServer(testHome);
  });
  afterEach(async () => {
    if (server === undefined || testHome === undefined) return;
    await server.server.close();
    expect(linesLeakingSecrets([...server.logs.lines, ...printed()], testHome.secrets)).toEqual([]);
    await testHome.cleanup();
  });
  return {
    get upstream() {
      return started("useServerPerTest", "upstream", upstream);
    },
    get testHome() {
      return started("useServerPerTest", "home", testHome);
    },
    get server() {
      return started("useServerPerTest", "server", server);
    },
  };
}
