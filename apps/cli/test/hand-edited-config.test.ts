import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sendJson, startUpstream as startRecorder, type Upstream as Recorder } from "@src/http-tool/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordingRunSrc, type RunResult } from "./helpers/run-src";
import { startServe } from "./helpers/start-serve";
import { createTempHome, type TempHome } from "./helpers/temp-home";

// An operator who edits config.json by hand gets the status `src source edit` would give: a source whose credential
// was tested with other settings (api.headerNames of a multi-header source, api.baseUrl) says it is untested.
const apiKey = "hand_api_6d1f0e9b3a";
const appKey = "hand_app_2c8a7f4e1d";
const regionKey = "hand_region_9b3e5c0a7f";
const secrets = [apiKey, appKey, regionKey];

let temp: TempHome;
let recorder: Recorder;
const outputs: RunResult[] = [];
const run = recordingRunSrc(outputs, () => ({ env: temp.env }));

beforeEach(async () => {
  temp = await createTempHome();
  outputs.length = 0;
  // Accepts the API key, with the application key when it is sent.
  recorder = await startRecorder((_request, response, recorded) => {
    const app = recorded.headers["x-app-key"];
    const ok = recorded.headers["x-api-key"] === apiKey && (app === undefined || app === appKey);
    sendJson(response, ok ? 200 : 403, ok ? { ok: true } : { error: "forbidden" });
  });
});

afterEach(async () => {
  for (const { stdout, stderr } of outputs) for (const secret of secrets) expect(stdout + stderr).not.toContain(secret);
  for (const file of await temp.files())
    for (const secret of secrets) expect(file.text, file.path).not.toContain(secret);
  await recorder.close();
  await temp.cleanup();
});

interface Listed {
  slug: string;
  source: { status: { connectionStatus: string; lastError: string | null } };
  hasCredential: boolean;
}

/** The status `src source list --json` gives the source. */
async function listedStatus(slug: string): Promise<Listed["source"]["status"]> {
  const listed = await run(["source", "list", "--json"]);
  expect(listed.code, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as Listed[]).find((entry) => entry.slug === slug)!.source.status;
}

/** Edits the source's `api` in its config.json, as an operator would with an editor. */
async function editByHand(slug: string, api: Record<string, unknown>): Promise<void> {
  const file = join(temp.home, "sources", slug, "config.json");
  const record = JSON.parse(await readFile(file, "utf8")) as { api: Record<string, unknown> };
  await writeFile(file, `${JSON.stringify({ ...record, api: { ...record.api, ...api } }, null, 2)}\n`);
}

/** Adds `multi` (X-Api-Key and X-App-Key, both values given), tested connected. */
async function addMulti(extra: string[] = []): Promise<void> {
  const added = await run(
    [
      ...["source", "add", "--name", "Multi", "--base-url", recorder.url, "--auth", "multi-header"],
      ...["--set", "headerNames=X-Api-Key,X-App-Key", "--test-endpoint", "/validate", "--credential-stdin", "--json"],
      ...extra,
    ],
    JSON.stringify({ "X-Api-Key": apiKey, "X-App-Key": appKey }),
  );
  expect(added.code, added.stderr).toBe(0);
  expect(JSON.parse(added.stdout)).toMatchObject({ validation: { status: "connected" } });
}

const headerNamesChanged = /^api\.headerNames changed: .*set the credential again with one value per name/;

describe("config.json edited by hand", { timeout: 60_000 }, () => {
  it("a header name added to api.headerNames: untested in list and show, and a call sends nothing, naming the header", async () => {
    await addMulti();
    await editByHand("multi", { headerNames: ["X-Api-Key", "X-App-Key", "X-Region"] });
    expect(await listedStatus("multi")).toMatchObject({
      connectionStatus: "untested",
      lastError: expect.stringMatching(headerNamesChanged),
    });
    const shown = await run(["source", "show", "multi"]);
    expect(shown.stdout).toMatch(/status: +untested/);
    expect(shown.stdout).toMatch(/last error: +api\.headerNames changed: /);
    const requests = recorder.requests.length;
    const called = await run(["call", "multi", "GET", "/items", "--json"]);
    expect(called.code).toBe(1);
    const error = (JSON.parse(called.stdout) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("AUTH_FAILED");
    expect(error.message).toContain('no value is stored for header "X-Region" of source "multi"');
    expect(error.message).toContain("src credential set multi");
    expect(recorder.requests).toHaveLength(requests);
    // Stored again with one value per name: tested, connected.
    const set = await run(
      ["credential", "set", "multi", "--credential-stdin"],
      JSON.stringify({ "X-Api-Key": apiKey, "X-App-Key": appKey, "X-Region": regionKey }),
    );
    expect(set.code, set.stderr).toBe(0);
    expect(await listedStatus("multi")).toMatchObject({ connectionStatus: "connected", lastError: null });
    expect(recorder.requests.at(-1)?.headers["x-region"]).toBe(regionKey);
  });

  it("a header name removed from api.headerNames: untested, until `src source test` tests it as it is now", async () => {
    await addMulti();
    await editByHand("multi", { headerNames: ["X-Api-Key"] });
    expect(await listedStatus("multi")).toMatchObject({
      connectionStatus: "untested",
      lastError: expect.stringMatching(headerNamesChanged),
    });
    const tested = await run(["source", "test", "multi"]);
    expect(tested.code, tested.stderr).toBe(0);
    expect(recorder.requests.at(-1)?.headers["x-app-key"]).toBeUndefined();
    expect(await listedStatus("multi")).toMatchObject({ connectionStatus: "connected", lastError: null });
    const shown = await run(["source", "show", "multi"]);
    expect(shown.stdout).toMatch(/status: +connected/);
  });

  it("the server started before the edit: GET /v1/sources/multi and GET /v1/tools say untested", async () => {
    await addMulti();
    const served = await startServe(temp.env);
    try {
      const admin = (await readFile(join(temp.home, "server.token"), "utf8")).trim();
      const get = async (path: string): Promise<unknown> =>
        (await fetch(`${served.url}${path}`, { headers: { authorization: `Bearer ${admin}` } })).json();
      const toolStatus = async (): Promise<string | undefined> =>
        ((await get("/v1/tools")) as { tools: { name: string; connectionStatus: string }[] }).tools.find(
          (tool) => tool.name === "api_multi",
        )?.connectionStatus;
      expect(await toolStatus()).toBe("connected");
      await editByHand("multi", { headerNames: ["X-Api-Key", "X-App-Key", "X-Region"] });
      expect(await get("/v1/sources/multi")).toMatchObject({
        source: { status: { connectionStatus: "untested", lastError: expect.stringMatching(headerNamesChanged) } },
        hasCredential: true,
      });
      await expect.poll(toolStatus, { timeout: 15_000 }).toBe("untested");
    } finally {
      await served.stop();
    }
  });

  it("a per-user source whose api.baseUrl is edited by hand: untested, its operator's own credential not sent", async () => {
    await addMulti(["--credentials", "per-user"]);
    await editByHand("multi", { baseUrl: `${recorder.url}/v2` });
    expect(await listedStatus("multi")).toMatchObject({
      connectionStatus: "untested",
      lastError: expect.stringContaining(`api.baseUrl changed to ${recorder.url}/v2`),
    });
    const requests = recorder.requests.length;
    expect((await run(["call", "multi", "GET", "/items"])).code).toBe(1);
    expect(recorder.requests).toHaveLength(requests);
  });
});
