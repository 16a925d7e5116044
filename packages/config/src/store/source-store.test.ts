import { mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestRegistry } from "../../test/auth-plugins";
import { bearerSourceInput } from "../../test/source-inputs";
import { useTemporaryHome } from "../../test/temporary-home";
import { DuplicateSlugError } from "../errors/duplicate-slug-error";
import { SourceNotFoundError } from "../errors/source-not-found-error";
import { SourceValidationError } from "../errors/source-validation-error";
import { createSourceStore } from "./source-store";

const registry = createTestRegistry();
const githubInput = bearerSourceInput("GitHub API", "https://api.github.com", "/user");

describe("createSourceStore", () => {
  const temporaryHome = useTemporaryHome();

  /** A store on a fresh temp home with a clock that ticks one second per call and numbered ids. */
  async function setUp() {
    const home = await temporaryHome();
    let tick = 0;
    let ids = 0;
    const store = createSourceStore({
      home,
      registry,
      now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++)),
      createId: () => `id-${++ids}`,
    });
    return { home, store };
  }

  it("creates a source: derives the slug, fills the service fields, writes 0600 in a 0700 directory", async () => {
    const { home, store } = await setUp();
    const record = await store.create(githubInput);
    expect(record).toMatchObject({
      slug: "github-api",
      enabled: true,
      id: "id-1",
      createdAt: "2025-01-01T00:00:00.000Z",
      updatedAt: "2025-01-01T00:00:00.000Z",
      status: { connectionStatus: "untested", lastTestedAt: null, lastError: null },
    });
    const file = join(home, "sources", "github-api", "config.json");
    expect(store.fileOf("github-api")).toBe(file);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual(record);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(home, "sources", "github-api"))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(home, "sources", "github-api"))).toEqual(["config.json"]);
    expect(await store.get("github-api")).toEqual(record);
  });

  it("refuses a duplicate slug and leaves the first source unchanged", async () => {
    const { store } = await setUp();
    await store.create(githubInput);
    const before = await readFile(store.fileOf("github-api"), "utf8");
    const attempt = store.create({ ...githubInput, name: "Other", slug: "github-api" });
    await expect(attempt).rejects.toBeInstanceOf(DuplicateSlugError);
    await expect(attempt).rejects.toMatchObject({
      code: "DUPLICATE_SLUG",
      message: expect.stringMatching(/^slug: a source "github-api" already exists/),
    });
    expect(await readFile(store.fileOf("github-api"), "utf8")).toBe(before);
    expect(await readdir(store.directoryOf("github-api"))).toEqual(["config.json"]);
  });

  it("rejects invalid input without creating anything", async () => {
    const { home, store } = await setUp();
    await expect(store.create({ ...githubInput, api: { ...githubInput.api, authType: "header" } })).rejects.toThrow(
      'api.headerName: required when api.authType is "header"',
    );
    await expect(readdir(join(home, "sources"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("names the slug and suggests the list command when a source is missing", async () => {
    const { store } = await setUp();
    const attempt = store.get("nope");
    await expect(attempt).rejects.toBeInstanceOf(SourceNotFoundError);
    await expect(attempt).rejects.toThrow(/source "nope" not found; list the sources/);
    await expect(store.remove("nope")).rejects.toMatchObject({ code: "SOURCE_NOT_FOUND" });
  });

  it.each(["..", "../x", "a/b", "a\\b", "/etc", "", "UPPER"])(
    "never joins the unsafe slug %j into a path",
    async (slug) => {
      const { store } = await setUp();
      expect(() => store.directoryOf(slug)).toThrow(SourceValidationError);
      await expect(store.get(slug)).rejects.toMatchObject({ code: "INVALID_SOURCE" });
      await expect(store.remove(slug)).rejects.toMatchObject({ code: "INVALID_SOURCE" });
    },
  );

  it("updates operator fields: merges api, keeps id and createdAt, bumps updatedAt", async () => {
    const { store } = await setUp();
    const created = await store.create(githubInput);
    const updated = await store.update("github-api", {
      name: "GitHub",
      api: { authType: "header", headerName: "X-Api-Key" },
    });
    expect(updated).toMatchObject({ id: created.id, createdAt: created.createdAt, name: "GitHub", slug: "github-api" });
    expect(updated.api).toEqual({ ...githubInput.api, authType: "header", headerName: "X-Api-Key" });
    expect(updated.updatedAt > created.updatedAt).toBe(true);
    const removed = await store.update("github-api", { api: { authType: "bearer", headerName: undefined } });
    expect(removed.api).toEqual(githubInput.api);
    expect(await store.get("github-api")).toEqual(removed);
    // null removes a field as well: what a JSON body (a PATCH over HTTP, the console's form) can say.
    await store.update("github-api", { api: { headers: { "X-Team": "agents" } } });
    const cleared = await store.update("github-api", { api: { headers: null } });
    expect(cleared.api).toEqual(githubInput.api);
  });

  it("leaves the file byte for byte unchanged when an update is invalid", async () => {
    const { store } = await setUp();
    await store.create(githubInput);
    const before = await readFile(store.fileOf("github-api"), "utf8");
    await expect(store.update("github-api", { api: { authType: "query", baseUrl: "ftp://x" } })).rejects.toThrow(
      /api\.baseUrl: must use http or https[\s\S]*api\.queryParam: required when api\.authType is "query"/,
    );
    // The file is fine: the error says it was left alone and that the change is what to fix, not the file.
    const refused = await store.update("github-api", { api: { tesEndpoint: "/x" } }).catch((error: Error) => error);
    expect((refused as Error).message).toMatch(
      /api\.tesEndpoint: is not a known field; did you mean "testEndpoint"\?\n.*config\.json was left as it was; fix the values given for the fields above and try again\.$/,
    );
    expect((refused as Error).message).not.toContain("Fix the fields above in");
    await expect(store.update("github-api", { slug: "other", id: "x" } as never)).rejects.toThrow(
      /slug: cannot be changed[\s\S]*id: is filled in by the service/,
    );
    await expect(store.update("github-api", { nmae: "x", colour: "red" } as never)).rejects.toThrow(
      /nmae: is not a field that can be changed; did you mean "name"\?[\s\S]*colour: is not a field that can be changed; use name, enabled or api/,
    );
    expect(await readFile(store.fileOf("github-api"), "utf8")).toBe(before);
    expect(await readdir(store.directoryOf("github-api"))).toEqual(["config.json"]);
  });

  it("serializes concurrent writes to one source within the process", async () => {
    const { store } = await setUp();
    await store.create(githubInput);
    await Promise.all([
      store.update("github-api", { name: "Renamed" }),
      store.update("github-api", { enabled: false }),
      store.setStatus("github-api", { connectionStatus: "connected" }),
    ]);
    expect(await store.get("github-api")).toMatchObject({
      name: "Renamed",
      enabled: false,
      status: { connectionStatus: "connected" },
    });
  });

  it("setStatus changes the status block and nothing else", async () => {
    const { store } = await setUp();
    const created = await store.create(githubInput);
    const tested = await store.setStatus("github-api", {
      connectionStatus: "failed",
      lastTestedAt: "2025-02-01T10:00:00.000Z",
      lastError: "HTTP 401",
    });
    expect(tested).toEqual({
      ...created,
      status: { connectionStatus: "failed", lastTestedAt: "2025-02-01T10:00:00.000Z", lastError: "HTTP 401" },
    });
    const merged = await store.setStatus("github-api", { connectionStatus: "connected", lastError: null });
    expect(merged.status).toEqual({
      connectionStatus: "connected",
      lastTestedAt: "2025-02-01T10:00:00.000Z",
      lastError: null,
    });
    await expect(store.setStatus("github-api", { connectionStatus: "great" as never })).rejects.toThrow(
      /status\.connectionStatus/,
    );
  });

  it("removes the source directory", async () => {
    const { store } = await setUp();
    await store.create(githubInput);
    await store.remove("github-api");
    await expect(stat(store.directoryOf("github-api"))).rejects.toMatchObject({ code: "ENOENT" });
    await expect(store.get("github-api")).rejects.toBeInstanceOf(SourceNotFoundError);
  });
});

describe("hand-written files and listing", () => {
  const temporaryHome = useTemporaryHome();

  async function writeSource(home: string, directory: string, content: string): Promise<string> {
    await mkdir(join(home, "sources", directory), { recursive: true });
    const file = join(home, "sources", directory, "config.json");
    await writeFile(file, content);
    return file;
  }

  it("accepts a config.json with only the operator fields and persists the service fields once", async () => {
    const home = await temporaryHome();
    const minimal = {
      $schema: "https://unpkg.com/@src/config/schema/source.schema.json",
      type: "api",
      name: "Weather",
      slug: "weather",
      enabled: true,
      api: {
        baseUrl: "https://api.weather.example/v2",
        authType: "query",
        queryParam: "appid",
        testEndpoint: "/status?limit=1",
      },
    };
    const file = await writeSource(home, "weather", JSON.stringify(minimal));
    const store = createSourceStore({ home, registry });
    const first = await store.get("weather");
    expect(first).toMatchObject({
      ...minimal,
      status: { connectionStatus: "untested", lastTestedAt: null, lastError: null },
    });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.updatedAt).toBe(first.createdAt);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual(first);
    expect(await store.get("weather")).toEqual(first);
  });

  it("lists every source sorted by slug; broken files are entries with their error and hide nothing", async () => {
    const home = await temporaryHome();
    const store = createSourceStore({ home, registry });
    await store.create({ ...githubInput, slug: "zeta" });
    await store.create({ ...githubInput, slug: "alpha" });
    await writeSource(home, "broken-json", '{ "type": "api", "name": "tok_LEAKED_VALUE" oops }');
    await writeSource(
      home,
      "invalid",
      JSON.stringify({
        type: "api",
        name: "X",
        slug: "invalid",
        enabled: true,
        api: { baseUrl: "/x", authType: "header", testEndpoint: "/" },
      }),
    );
    await writeSource(home, "mismatch", JSON.stringify({ ...githubInput, slug: "other", enabled: true }));
    await mkdir(join(home, "sources", "empty-dir"));
    await mkdir(join(home, "sources", "Not A Slug"));
    await writeFile(join(home, "sources", "stray-file.txt"), "ignored");

    const entries = await store.list();
    expect(entries.map((entry) => [entry.slug, entry.ok])).toEqual([
      ["Not A Slug", false],
      ["alpha", true],
      ["broken-json", false],
      ["empty-dir", false],
      ["invalid", false],
      ["mismatch", false],
      ["zeta", true],
    ]);
    const errors = Object.fromEntries(entries.flatMap((entry) => (entry.ok ? [] : [[entry.slug, entry]])));
    expect(errors["broken-json"]!.file).toBe(join(home, "sources", "broken-json", "config.json"));
    expect(errors["broken-json"]!.error.message).toMatch(/\(file\): is not valid JSON/);
    expect(errors["broken-json"]!.error.message).not.toContain("tok_LEAKED_VALUE");
    expect(errors["invalid"]!.error.message).toMatch(
      /api\.baseUrl: must be an absolute URL[\s\S]*api\.headerName: required when api\.authType is "header"/,
    );
    expect(errors["mismatch"]!.error.message).toContain('slug: is "other" but the directory is "mismatch"');
    expect(errors["empty-dir"]!.error.message).toContain("(file): is missing");
    expect(errors["Not A Slug"]!.error.message).toContain("not a valid slug");
    await expect(store.get("broken-json")).rejects.toThrow(join(home, "sources", "broken-json", "config.json"));

    // listSome gives the same entries for the slugs it is asked about, and leaves out what is not a source directory.
    const some = await store.listSome([
      "zeta",
      "broken-json",
      "stray-file.txt",
      "no-such-source",
      "..",
      "a/b",
      ".locks",
      "zeta",
    ]);
    expect(some.map((entry) => [entry.slug, entry.ok])).toEqual([
      ["broken-json", false],
      ["zeta", true],
    ]);
    expect(some[1]).toEqual(entries.at(-1));
  });

  it("lists a link to a source directory like the directory, and skips a link to a file", async () => {
    const home = await temporaryHome();
    const store = createSourceStore({ home, registry });
    await store.create({ ...githubInput, slug: "real" });
    await symlink(join(home, "sources", "real"), join(home, "sources", "linked"));
    await writeFile(join(home, "file.txt"), "not a directory");
    await symlink(join(home, "file.txt"), join(home, "sources", "file-link"));
    const entries = await store.list();
    expect(entries.map((entry) => [entry.slug, entry.ok])).toEqual([
      ["linked", false],
      ["real", true],
    ]);
    expect(entries[0]!.ok ? "" : entries[0]!.error.message).toContain('slug: is "real" but the directory is "linked"');
  });

  it("lists nothing when the sources directory does not exist", async () => {
    const home = await temporaryHome();
    expect(await createSourceStore({ home, registry }).list()).toEqual([]);
  });
});
