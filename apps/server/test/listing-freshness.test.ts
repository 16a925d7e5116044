import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { cliAddBearerArgs, type CliRun, runCli } from "./helpers/run-cli";
import { useServerPerTest } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-token-fresh-listing-5b7d9f";
const cliRuns: CliRun[] = [];
// The watcher's quiet time is far longer than any test here: a listing that shows a change at once caught up itself.
const setup = useServerPerTest({
  upstreamToken,
  sources: ["first"],
  serverOptions: { watchDebounceMs: 60_000 },
  printed: () => cliRuns.flatMap((run) => `${run.stdout}\n${run.stderr}`.split("\n")),
});

/** Runs the built CLI on the server's home (another process); it must succeed. */
async function cli(args: string[], stdin?: string): Promise<void> {
  const run = await runCli(args, { env: setup.testHome.env, stdin });
  cliRuns.push(run);
  expect(run.code, `src ${args.join(" ")}: ${run.stderr}`).toBe(0);
}

const listedTools = async (): Promise<string[]> => {
  const answer = await setup.server.api("GET", "/v1/tools");
  expect(answer.status).toBe(200);
  return (answer.json.tools as { name: string }[]).map((tool) => tool.name);
};

describe("a listing right after the CLI changed the sources (another process)", () => {
  it("GET /v1/tools shows each change the moment the CLI has ended", async () => {
    expect(await listedTools()).toContain("api_first");
    await cli(["source", "disable", "first"]);
    expect(await listedTools()).not.toContain("api_first");
    await cli(["source", "enable", "first"]);
    expect(await listedTools()).toContain("api_first");
    await cli(cliAddBearerArgs("Second", "second", setup.upstream.url, "--no-test"), upstreamToken);
    expect(await listedTools()).toEqual(expect.arrayContaining(["api_first", "api_second"]));
    await cli(["source", "remove", "second"]);
    expect(await listedTools()).not.toContain("api_second");
    const sources = await setup.server.api("GET", "/v1/sources");
    expect((sources.json.sources as { slug: string }[]).map((entry) => entry.slug)).toEqual(["first"]);
  });

  it("MCP tools/list shows a source the CLI disabled and one it added, without waiting for the watcher", async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${setup.server.server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${setup.testHome.adminToken}` } },
    });
    const client = new Client({ name: "listing-freshness-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const names = async (): Promise<string[]> => (await client.listTools()).tools.map((tool) => tool.name);
      expect(await names()).toContain("api_first");
      await cli(["source", "disable", "first"]);
      expect(await names()).not.toContain("api_first");
      await cli(cliAddBearerArgs("Third", "third", setup.upstream.url, "--no-test"), upstreamToken);
      expect(await names()).toContain("api_third");
    } finally {
      await client.close();
    }
  });
});
