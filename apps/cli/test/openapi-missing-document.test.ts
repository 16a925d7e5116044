import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerItemsDocument } from "./helpers/openapi-document";

// A source checked against its OpenAPI document (api.openapiValidation strict, the default) whose document is gone
// (deleted from its folder, or never there, as after `source import`) is not called unchecked: its calls are refused
// before anything is sent, `warn` sends them with a warning, and reload, export and import say so.

const token = "tok-missing-doc-4c19e02b77";
let upstream: Upstream;
const homes: TempHome[] = [];

const document = (url: string) => bearerItemsDocument(url);

async function newHome(): Promise<TempHome> {
  const temp = await createTempHome();
  homes.push(temp);
  return temp;
}

/** Runs `src --json call items-api ...` in `temp` and says which requests reached the upstream meanwhile. */
async function call(temp: TempHome, ...args: string[]) {
  const before = upstream.requests.length;
  const run = await runSrc(["--json", "call", "items-api", ...args], { env: temp.env });
  return {
    ...run,
    result: JSON.parse(run.stdout) as { ok: boolean; error?: { code: string; rule?: string; message: string } } & {
      warnings?: string[];
    },
    sent: upstream.requests.slice(before).map((request) => `${request.method} ${request.path}`),
  };
}

async function homeWithDocument(): Promise<TempHome> {
  const temp = await newHome();
  await writeFile(join(temp.home, "openapi.json"), JSON.stringify(document(upstream.url)));
  const added = await runSrc(["source", "add", "--openapi", "openapi.json", "--credential-stdin"], {
    env: temp.env,
    stdin: token,
    cwd: temp.home,
  });
  expect(added.code, added.stderr).toBe(0);
  return temp;
}

const documentFile = (temp: TempHome) => join(temp.home, "sources", "items-api", "openapi.json");

beforeEach(async () => {
  upstream = await startUpstream({ type: "bearer", token });
});
afterEach(async () => {
  await upstream.close();
  for (const temp of homes.splice(0)) {
    for (const file of await temp.files()) expect(file.text, file.path).not.toContain(token);
    await temp.cleanup();
  }
});

const refusedForDocument = (run: Awaited<ReturnType<typeof call>>) => {
  expect(run.code).toBe(1);
  expect(run.sent).toEqual([]);
  expect(run.result.ok).toBe(false);
  expect(run.result.error?.code).toBe("POLICY_DENIED");
  expect(run.result.error?.rule).toBe("document not loaded");
  expect(run.result.error?.message).toContain("src source reload items-api");
};

describe("a strict source whose OpenAPI document is gone", { timeout: 60_000 }, () => {
  it("refuses its calls before anything is sent (with the document: checked and refused or sent)", async () => {
    const temp = await homeWithDocument();
    const invalid = await call(temp, "POST", "/items", "--body", "{}");
    expect(invalid.result.error?.code).toBe("INVALID_CALL");
    expect(invalid.sent).toEqual([]);
    expect((await call(temp, "GET", "/me")).sent).toEqual(["GET /me"]);

    await rm(documentFile(temp));
    const afterDelete = await call(temp, "POST", "/items", "--body", "{}");
    refusedForDocument(afterDelete);
    expect(afterDelete.result.error?.message).toContain('its file "openapi.json" is missing');
    refusedForDocument(await call(temp, "GET", "/me"));
    const audit = await readFile(join(temp.home, "logs", "calls.jsonl"), "utf8");
    expect(audit.trim().split("\n").at(-1)).toContain('"outcome":"denied"');

    // Reload says so, and names what to run; the source stays as it is (connected: the test endpoint answers).
    const reload = await runSrc(["source", "reload", "items-api"], { env: temp.env });
    expect(reload.stderr).toMatch(
      /warning: the OpenAPI document of "items-api" could not be loaded: .*openapi\.json.*; while it is not loaded its calls are refused \(api\.openapiValidation is strict\)\. Fix the file or api\.openapi \(`src source edit items-api --openapi FILE\|URL`\), then run `src source reload items-api`/,
    );

    // Given back, the calls are checked again.
    await writeFile(documentFile(temp), JSON.stringify(document(upstream.url)));
    expect((await call(temp, "GET", "/me")).sent).toEqual(["GET /me"]);
  });

  it('with api.openapiValidation "warn": sent, with a warning that it was not checked; "off": sent', async () => {
    const temp = await homeWithDocument();
    await rm(documentFile(temp));
    const edited = await runSrc(["source", "edit", "items-api", "--set", "openapiValidation=warn"], {
      env: temp.env,
    });
    expect(edited.code, edited.stderr).toBe(0);
    const warned = await call(temp, "POST", "/items", "--body", "{}");
    expect(warned.sent).toEqual(["POST /items"]);
    expect(warned.result.warnings).toEqual([
      expect.stringMatching(/^not checked against the OpenAPI document: it is not loaded \(.*openapi\.json.*\)$/),
    ]);
    await runSrc(["source", "edit", "items-api", "--set", "openapiValidation=off"], { env: temp.env });
    const off = await call(temp, "POST", "/items", "--body", "{}");
    expect(off.sent).toEqual(["POST /items"]);
    expect(off.result.warnings).toBeUndefined();
  });

  it("export and import name the document file the export does not carry, and the imported source refuses its calls", async () => {
    const from = await homeWithDocument();
    const exported = await runSrc(["source", "export"], { env: from.env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(
      'note: the export holds configs only, not the OpenAPI document files of "items-api" (openapi.json)',
    );
    const to = await newHome();
    await writeFile(join(to.home, "export.json"), exported.stdout);
    const imported = await runSrc(["source", "import", join(to.home, "export.json")], { env: to.env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain(
      'warning: "items-api" names the OpenAPI document "openapi.json", which an export does not carry; its calls are refused until it is given: `src source edit items-api --openapi FILE`',
    );
    const stored = await runSrc(["credential", "set", "items-api", "--credential-stdin"], {
      env: to.env,
      stdin: token,
    });
    expect(stored.stderr).toContain('warning: the OpenAPI document of "items-api" could not be loaded');
    refusedForDocument(await call(to, "POST", "/items", "--body", "{}"));

    await writeFile(join(to.home, "openapi.json"), JSON.stringify(document(upstream.url)));
    const given = await runSrc(["source", "edit", "items-api", "--openapi", join(to.home, "openapi.json")], {
      env: to.env,
    });
    expect(given.code, given.stderr).toBe(0);
    expect((await call(to, "POST", "/items", "--body", "{}")).result.error?.code).toBe("INVALID_CALL");
    expect((await call(to, "GET", "/me")).sent).toEqual(["GET /me"]);
  });
});
