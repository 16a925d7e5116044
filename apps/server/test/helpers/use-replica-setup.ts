import { startTestPostgres, type TestPostgres } from "@src/store-postgres/testing";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Replica } from "./start-replica";
import { startUpstream, type Upstream } from "./start-upstream";
import { linesLeakingSecrets } from "./test-home";
import { started } from "./started";

/** What `useReplicaSetup` keeps: the file's PostgreSQL and upstream, the running test's replicas and what was printed. */
export interface ReplicaSetup {
  readonly database: TestPostgres;
  readonly upstream: Upstream;
  /** The replicas a test started; each is stopped after the test and its stderr kept in `printed`. */
  readonly replicas: Replica[];
  /** Everything the replicas and the CLI printed: scanned for `secrets` after the file's tests. */
  readonly printed: string[];
}

/**
 * Registers the hooks the replica tests share: one real PostgreSQL and one upstream (accepting `upstreamToken`) for
 * the file; the replicas a test pushed to `replicas` stopped after it; and after all tests, no printed line may hold
 * one of `secrets`.
 */
export function useReplicaSetup({
  upstreamToken,
  secrets,
}: {
  upstreamToken: string;
  secrets: readonly string[];
}): ReplicaSetup {
  let database: TestPostgres | undefined;
  let upstream: Upstream | undefined;
  const replicas: Replica[] = [];
  const printed: string[] = [];
  beforeAll(async () => {
    [database, upstream] = await Promise.all([startTestPostgres(), startUpstream({ token: upstreamToken })]);
  }, 120_000);
  afterEach(async () => {
    await Promise.all(replicas.splice(0).map((replica) => replica.stop().then(() => printed.push(replica.stderr()))));
  });
  afterAll(async () => {
    await upstream?.close();
    await database?.close();
    expect(linesLeakingSecrets(printed.join("\n").split("\n"), secrets)).toEqual([]);
  });
  return {
    get database() {
      return started("useReplicaSetup", "database", database);
    },
    get upstream() {
      return started("useReplicaSetup", "upstream", upstream);
    },
    replicas,
    printed,
  };
}
