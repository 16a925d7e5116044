import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { cliAddBearerArgs, type CliRun, runCli } from "./helpers/run-cli";
import { bearerConfig } from "./helpers/test-server";
import { useServerPerTest } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-token-shared-8a2b4c6d0e";
const setup = useServerPerTest({
  upstreamToken,
  printed: () => cliRuns.flatMap((run) => `${run.stdout}\n${run.stderr}`.split("\n")),
});
const cliRuns: CliRun[] = [];

/** Runs the built CLI on the server's home; it must succeed. */
async function cli(args: string[], stdin?: string): Promise<CliRun> {
  const run = await runCli(args, { env: setup.testHome.env, stdin });
  cliRuns.push(run);
  expect(run.code, `src ${args.join(" ")}: ${run.stderr}`).toBe(0);
  return run;
}

const addArgs = (slug: string): string[] => cliAddBearerArgs(`CLI ${slug}`, slug, setup.upstream.url);

// A home and a server per test: each test's sources are the only ones there, whatever ran before (or failed half-way).
beforeEach(async () => {
  cliRuns.length = 0;
});

describe("the server and the built CLI writing one SRC_HOME at once", () => {
  it("loses no source and no credential", async () => {
    const serverSlugs = ["srv-1", "srv-2", "srv-3", "srv-4"];
    const cliSlugs = ["cli-1", "cli-2", "cli-3", "cli-4"];
    const added = Promise.all(cliSlugs.map((slug) => cli(addArgs(slug), upstreamToken)));
    const created = await Promise.all(
      serverSlugs.map((slug) =>
        setup.server.api("POST", "/v1/sources", {
          body: { config: bearerConfig(slug, setup.upstream.url), credential: { token: upstreamToken } },
        }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    await added;

    const listed = await setup.server.api("GET", "/v1/sources");
    const entries = listed.json.sources as { slug: string; ok: boolean; hasCredential: boolean }[];
    expect(entries.map((entry) => entry.slug).sort()).toEqual([...serverSlugs, ...cliSlugs].sort());
    expect(entries.every((entry) => entry.ok && entry.hasCredential)).toBe(true);
    for (const slug of cliSlugs) {
      const answer = await setup.server.api("POST", `/v1/tools/${slug}/call`, { body: { method: "GET", path: "/me" } });
      expect(answer.json, slug).toMatchObject({ ok: true, status: 200 });
    }
  });

  it("keeps every CLI write to a slug the server is reloading and calling at the same moment", async () => {
    const slug = "shared";
    await cli(addArgs(slug), upstreamToken);
    const file = join(setup.testHome.home, "sources", slug, "config.json");
    const enabledOnDisk = async (): Promise<boolean> =>
      (JSON.parse(await readFile(file, "utf8")) as { enabled: boolean }).enabled;

    // Three loops keep the server reloading (a status write) and calling the source until told to stop.
    let stopped = false;
    const rounds = [0, 0, 0];
    const statuses: string[] = [];
    const loops = rounds.map(async (_, loop) => {
      while (!stopped) {
        const reload = await setup.server.api("POST", `/v1/sources/${slug}/reload`);
        const call = await setup.server.api("POST", `/v1/tools/${slug}/call`, { body: { method: "GET", path: "/me" } });
        statuses.push(`reload ${reload.status}`, `call ${call.status < 500 ? "ok" : call.status}`);
        rounds[loop] = (rounds[loop] ?? 0) + 1;
      }
    });
    /** Waits until every loop finished two more rounds: no server write that began before now is still running. */
    const settle = async (): Promise<void> => {
      const target = rounds.map((count) => count + 2);
      for (let wait = 0; wait < 600 && rounds.some((count, loop) => count < (target[loop] ?? 0)); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    try {
      for (let cycle = 0; cycle < 3; cycle += 1) {
        await cli(["source", "disable", slug]);
        await settle();
        expect(await enabledOnDisk(), `cycle ${cycle}: disable kept after concurrent reloads`).toBe(false);
        await cli(["credential", "set", slug, "--credential-stdin"], upstreamToken);
        await cli(["source", "enable", slug]);
        await settle();
        expect(await enabledOnDisk(), `cycle ${cycle}: enable kept after concurrent reloads`).toBe(true);
        const reloaded = await cli(["source", "reload", slug]);
        expect(reloaded.stdout).toContain("connected");
      }
      await cli(["source", "disable", slug]);
      await settle();
    } finally {
      stopped = true;
      await Promise.all(loops);
    }

    expect(new Set(statuses)).toEqual(new Set(["reload 200", "call ok"]));
    const shown = await setup.server.api("GET", `/v1/sources/${slug}`);
    expect(shown.json).toMatchObject({
      source: { slug, enabled: false, status: { connectionStatus: "connected" } },
      hasCredential: true,
    });
    expect(await enabledOnDisk()).toBe(false);
    // The credential survived every concurrent write: enabled again, the server's call reaches the upstream with it.
    await cli(["source", "enable", slug]);
    const answer = await setup.server.api("POST", `/v1/tools/${slug}/call`, { body: { method: "GET", path: "/me" } });
    expect(answer.json).toMatchObject({ ok: true, status: 200 });
    // Thirteen CLI processes against a busy server: 27 s alone on a loaded machine, over 30 s in .ci/run's Node 22 rerun.
  }, 120_000);
});
