import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const token = "transfer-token-93be1a77";
let from: TempHome;
let to: TempHome;
let upstream: Upstream;

interface ExportDocument {
  format: string;
  version: number;
  sources: Record<string, unknown>[];
}

beforeEach(async () => {
  from = await createTempHome();
  to = await createTempHome();
  upstream = await startUpstream({ type: "bearer", token });
  const first = await runSrc(sourceAddArgs({ name: "Alpha", baseUrl: upstream.url }, ...bearerFromStdin), {
    env: from.env,
    stdin: token,
  });
  expect(first.code, first.stderr).toBe(0);
  const second = await runSrc(
    sourceAddArgs(
      { name: "Beta", baseUrl: `${upstream.url}/v2` },
      "--auth",
      "query",
      "--query-param",
      "key",
      "--disabled",
      "--no-test",
      "--credential-stdin",
    ),
    {
      env: from.env,
      stdin: "beta-query-key-55aa",
    },
  );
  expect(second.code, second.stderr).toBe(0);
});

afterEach(async () => {
  await upstream.close();
  await from.cleanup();
  await to.cleanup();
});

/** Every file under a home, for "nothing changed" checks. */
const snapshot = async (home: TempHome): Promise<string> =>
  JSON.stringify((await home.files()).map((file) => [file.path, file.text]).sort((a, b) => (a[0]! < b[0]! ? -1 : 1)));

/** A source record of an import document: SLUG called NAME, a bearer source testing /me unless `api` says otherwise. */
const importRecord = (name: string, slug: string, api: { baseUrl: string; authType?: string }) => ({
  type: "api",
  name,
  slug,
  enabled: true,
  api: { authType: "bearer", testEndpoint: "/me", ...api },
});

describe("src source export / import", () => {
  it("copies the configs to another home (never credentials): imported sources are untested and need their credential", async () => {
    const exported = await runSrc(["source", "export"], { env: from.env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain("Exported 2 sources");
    expect(exported.stdout).not.toContain(token);
    expect(exported.stdout).not.toContain("beta-query-key-55aa");
    const document = JSON.parse(exported.stdout) as ExportDocument;
    expect(document).toMatchObject({ format: "src.sources", version: 1 });
    expect(document.sources.map((source) => source.slug)).toEqual(["alpha", "beta"]);
    expect(document.sources[1]).toEqual({
      type: "api",
      name: "Beta",
      slug: "beta",
      enabled: false,
      api: { baseUrl: `${upstream.url}/v2`, authType: "query", queryParam: "key", testEndpoint: "/me" },
    });
    for (const source of document.sources)
      for (const field of ["id", "createdAt", "updatedAt", "status"]) expect(source).not.toHaveProperty(field);

    const file = join(to.home, "..", `${to.home.split("/").at(-1)}-export.json`);
    await writeFile(file, exported.stdout);
    try {
      const imported = await runSrc(["source", "import", file, "--json"], { env: to.env });
      expect(imported.code, imported.stderr).toBe(0);
      const records = (
        JSON.parse(imported.stdout) as {
          imported: { slug: string; enabled: boolean; status: { connectionStatus: string } }[];
        }
      ).imported;
      expect(records.map((record) => [record.slug, record.enabled, record.status.connectionStatus])).toEqual([
        ["alpha", true, "untested"],
        ["beta", false, "untested"],
      ]);
      const shown = JSON.parse((await runSrc(["source", "show", "alpha", "--json"], { env: to.env })).stdout) as {
        hasCredential: boolean;
      };
      expect(shown.hasCredential).toBe(false);
      expect(
        (await runSrc(["credential", "set", "alpha", "--credential-stdin"], { env: to.env, stdin: token })).code,
      ).toBe(0);
      expect((await runSrc(["call", "alpha", "GET", "/me"], { env: to.env })).code).toBe(0);
    } finally {
      await import("node:fs/promises").then(({ rm }) => rm(file, { force: true }));
    }
  });

  it("export SLUG... exports only those; import - reads stdin and says what to do next", async () => {
    const exported = await runSrc(["source", "export", "beta", "--json"], { env: from.env });
    expect(exported.code).toBe(0);
    expect((JSON.parse(exported.stdout) as ExportDocument).sources.map((source) => source.slug)).toEqual(["beta"]);
    const imported = await runSrc(["source", "import", "-"], { env: to.env, stdin: exported.stdout });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("Imported 1 source (untested, no credential): beta");
    expect(imported.stdout).toContain("Store each credential:\n  src credential set beta\n");
    expect((await runSrc(["source", "export", "nosuch"], { env: from.env })).code).toBe(2);
  });

  it("an import with problems lists every one (record and field) and changes nothing", async () => {
    expect(
      (
        await runSrc(sourceAddArgs({ name: "Alpha", baseUrl: upstream.url }, ...bearerFromStdin, "--no-test"), {
          env: to.env,
          stdin: token,
        })
      ).code,
    ).toBe(0);
    const before = await snapshot(to);
    const document = {
      format: "src.sources",
      version: 1,
      sources: [
        importRecord("Gamma", "gamma", { baseUrl: upstream.url }),
        importRecord("Alpha", "alpha", { baseUrl: upstream.url }),
        importRecord("Delta", "delta", { baseUrl: "not a url" }),
        importRecord("Epsilon", "epsilon", { baseUrl: upstream.url, authType: "carrier-pigeon" }),
        importRecord("Gamma again", "gamma", { baseUrl: upstream.url }),
      ],
    };
    const result = await runSrc(["source", "import", "-", "--json"], { env: to.env, stdin: JSON.stringify(document) });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: "INVALID_IMPORT" } });
    expect(result.stderr).toContain("nothing was imported");
    expect(result.stderr).toContain("sources[1].slug");
    expect(result.stderr).toContain('a source "alpha" already exists');
    expect(result.stderr).toContain("sources[2].api.baseUrl");
    expect(result.stderr).toContain("sources[3].api.authType");
    expect(result.stderr).toContain("sources[4].slug");
    expect(await snapshot(to)).toBe(before);

    const notJson = await runSrc(["source", "import", "-"], { env: to.env, stdin: "{ nope" });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain("is not JSON");
    const wrongShape = await runSrc(["source", "import", "-"], { env: to.env, stdin: JSON.stringify({ sources: {} }) });
    expect(wrongShape.code).toBe(2);
    expect(wrongShape.stderr).toContain('format: must be "src.sources"');
    expect(wrongShape.stderr).toContain("sources: must be a list");
    expect(await snapshot(to)).toBe(before);
  });

  it("export of all leaves a broken config.json out with a warning naming it, and exits 1", async () => {
    await mkdir(join(from.home, "sources", "broken"), { recursive: true });
    await writeFile(join(from.home, "sources", "broken", "config.json"), "{ not json");
    const exported = await runSrc(["source", "export"], { env: from.env });
    expect(exported.code).toBe(1);
    expect((JSON.parse(exported.stdout) as ExportDocument).sources.map((source) => source.slug)).toEqual([
      "alpha",
      "beta",
    ]);
    expect(exported.stderr).toContain('left out "broken"');
  });
});
