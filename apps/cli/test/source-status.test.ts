import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { startServe } from "./helpers/start-serve";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";
import { srcMcpTransport } from "./helpers/src-mcp-transport";

// `src source test SLUG` validates a source now; a source whose last validation failed is still offered to agents,
// and its tool description says its status and what the operator must do (src tools -v, src mcp, the server).

const token = "status-token-3f9c2a1e7b";
let temp: TempHome;
let api: Upstream;
const src = (args: string[], stdin?: string): Promise<RunResult> => runSrc(args, { env: temp.env, stdin });

const needsAuth =
  "Status: needs_auth (the API refused the stored credential at the last check): calls fail until an operator stores a new credential; tell your user instead of retrying.";

beforeEach(async () => {
  temp = await createTempHome();
  api = await startUpstream({ type: "bearer", token });
  const added = await src(
    sourceAddArgs({ name: "Status API", slug: "status", baseUrl: api.url }, ...bearerFromStdin),
    token,
  );
  expect(added.code, added.stderr).toBe(0);
});
afterEach(async () => {
  await api.close();
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(token);
  await temp.cleanup();
});

describe("src source test", { timeout: 60_000 }, () => {
  it("validates the source now, saves the status and reports it (exit 0 when connected)", async () => {
    const before = JSON.parse((await src(["--json", "source", "show", "status"])).stdout) as {
      source: { status: { lastTestedAt: string } };
    };
    const calls = api.requests.length;
    const tested = await src(["source", "test", "status"]);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toContain(`Tested source "status" (${api.url}/me)`);
    expect(tested.stdout).toContain("status: connected (HTTP 200)");
    expect(api.requests.length).toBe(calls + 1);
    const after = JSON.parse((await src(["--json", "source", "show", "status"])).stdout) as {
      source: { status: { lastTestedAt: string } };
    };
    expect(after.source.status.lastTestedAt > before.source.status.lastTestedAt).toBe(true);
    const json = JSON.parse((await src(["--json", "source", "test", "status"])).stdout) as {
      source: unknown;
      validation: { ok: boolean; status: string };
    };
    expect(json.validation).toMatchObject({ ok: true, status: "connected" });
  });

  it("names the URL it tested as requested, for a base URL written with a trailing slash too", async () => {
    expect((await src(["source", "edit", "status", "--base-url", `${api.url}/`])).code).toBe(0);
    await src(["credential", "set", "status", "--credential-stdin"], token);
    const tested = await src(["source", "reload", "status"]);
    expect(tested.stdout).toContain(`Reloaded source "status" (${api.url}/me)`);
    expect(api.requests.at(-1)?.path).toBe("/me");
  });

  it("exit 1 with the status and hint when the API refuses the credential; an unknown slug is exit 2", async () => {
    const refused = await src(["credential", "set", "status", "--credential-stdin"], "wrong-token-0000000000");
    expect(refused.code).toBe(1);
    const tested = await src(["source", "test", "status"]);
    expect(tested.code).toBe(1);
    expect(tested.stderr).toContain("status: needs_auth (HTTP 401)");
    const unknown = await src(["source", "test", "nosuch"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"nosuch"');
  });
});

describe(
  "a source whose last validation failed is offered with its status in the tool description",
  { timeout: 90_000 },
  () => {
    it("src tools -v and src mcp (official SDK client) say needs_auth and what the operator must do; connected again, they do not", async () => {
      expect((await src(["credential", "set", "status", "--credential-stdin"], "wrong-token-0000000000")).code).toBe(1);
      const verbose = await src(["tools", "-v"]);
      expect(verbose.stdout).toContain(needsAuth);

      const transport = srcMcpTransport(temp.env);
      const client = new Client({ name: "status-test", version: "0.0.0" });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.find((tool) => tool.name === "api_status")?.description).toContain(needsAuth);
        expect((await src(["credential", "set", "status", "--credential-stdin"], token)).code).toBe(0);
        await expect
          .poll(async () => (await client.listTools()).tools.find((tool) => tool.name === "api_status")?.description, {
            timeout: 15_000,
          })
          .not.toContain("Status:");
      } finally {
        await client.close();
      }
    });

    it("the server's GET /v1/tools ?verbose=1 and tools/list over /mcp say failed when the API is down", async () => {
      await api.close();
      expect((await src(["source", "test", "status"])).code).toBe(1);
      const served = await startServe(temp.env);
      try {
        const admin = (await readFile(join(temp.home, "server.token"), "utf8")).trim();
        const listed = (await (
          await fetch(`${served.url}/v1/tools?verbose=1`, { headers: { authorization: `Bearer ${admin}` } })
        ).json()) as { tools: { name: string; description: string }[] };
        const description = listed.tools.find((tool) => tool.name === "api_status")?.description;
        expect(description).toContain(
          "Status: failed (the last check of this API failed): calls may fail until an operator fixes the source or the API is back; if they do, tell your user instead of retrying.",
        );
        const client = new Client({ name: "status-test", version: "0.0.0" });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), {
            requestInit: { headers: { authorization: `Bearer ${admin}` } },
          }),
        );
        try {
          expect((await client.listTools()).tools.find((tool) => tool.name === "api_status")?.description).toBe(
            description,
          );
        } finally {
          await client.close();
        }
      } finally {
        await served.stop();
      }
    });
  },
);
