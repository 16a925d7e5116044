import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult, recordingRunSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { closedPort, startUpstream, type Upstream, type UpstreamAuth } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const secret = "s3cr3t-Value-9f8e7d6c5b4a";
let temp: TempHome;
const outputs: RunResult[] = [];

const src = recordingRunSrc(outputs, () => ({ env: temp.env }));

/** The secret never shows: not in any output of the test, not in any file under SRC_HOME. */
async function expectSecretNowhere(): Promise<void> {
  for (const { stdout, stderr } of outputs) {
    expect(stdout).not.toContain(secret);
    expect(stderr).not.toContain(secret);
  }
  const files = await temp.files();
  for (const file of files) expect(file.text, file.path).not.toContain(secret);
}

beforeEach(async () => {
  temp = await createTempHome();
  outputs.length = 0;
});
afterEach(async () => {
  await expectSecretNowhere();
  await temp.cleanup();
});

describe("src source add, each auth mode", () => {
  const modes: { auth: UpstreamAuth; flags: string[] }[] = [
    { auth: { type: "bearer", token: secret }, flags: ["--auth", "bearer"] },
    {
      auth: { type: "header", headerName: "X-Api-Key", key: secret },
      flags: ["--auth", "header", "--header-name", "X-Api-Key"],
    },
    {
      auth: { type: "query", queryParam: "api_key", key: secret },
      flags: ["--auth", "query", "--query-param", "api_key"],
    },
    { auth: { type: "basic", username: "ada", password: secret }, flags: ["--auth", "basic", "--username", "ada"] },
  ];
  let upstreams: Upstream[] = [];
  afterAll(async () => {
    await Promise.all(upstreams.map((upstream) => upstream.close()));
    upstreams = [];
  });

  it.each(modes)(
    "$auth.type: writes config.json, stores the credential encrypted, validates (exit 0, --json shape)",
    async ({ auth, flags }) => {
      const upstream = await startUpstream(auth);
      upstreams.push(upstream);
      const result = await src(
        sourceAddArgs(
          { name: "Echo API", baseUrl: upstream.url, testEndpoint: "/me?limit=1" },
          "--json",
          ...flags,
          "--credential-stdin",
        ),
        `${secret}\n`,
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const output = JSON.parse(result.stdout);
      expect(Object.keys(output).sort()).toEqual(["source", "validation"]);
      expect(output.source).toMatchObject({
        type: "api",
        name: "Echo API",
        slug: "echo-api",
        enabled: true,
        api: { baseUrl: upstream.url, authType: auth.type },
      });
      expect(output.validation).toMatchObject({ ok: true, status: "connected", httpStatus: 200 });
      expect(upstream.received.at(-1)).toMatchObject({ method: "GET", path: "/me", query: { limit: "1" } });
      const file = JSON.parse(await readFile(join(temp.home, "sources", "echo-api", "config.json"), "utf8"));
      expect(file.status.connectionStatus).toBe("connected");
    },
  );
});

describe("source commands against one bearer upstream", () => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream({ type: "bearer", token: secret });
  });
  afterAll(() => upstream.close());

  const add = (extra: string[] = [], stdin: string | Buffer = `${secret}\n`): Promise<RunResult> =>
    src(sourceAddArgs({ name: "Echo", slug: "echo", baseUrl: upstream.url }, ...bearerFromStdin, ...extra), stdin);

  it("people's output: the source, then the validation outcome", async () => {
    const result = await add();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Added source "echo"');
    expect(result.stdout).toContain("echo: connected (HTTP 200)");
  });

  it("a wrong token: added, validation needs_auth, exit 1, the outcome on stderr", async () => {
    const result = await add(["--json"], "wrong-token\n");
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output.validation).toMatchObject({ ok: false, status: "needs_auth", httpStatus: 401 });
    const human = await src(["source", "reload", "echo"]);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain("needs_auth");
  });

  it("--no-test skips validation (validation null), --disabled adds it disabled", async () => {
    const before = upstream.received.length;
    const result = await add(["--no-test", "--disabled", "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      source: { enabled: false, status: { connectionStatus: "untested" } },
      validation: null,
    });
    expect(upstream.received.length).toBe(before);
  });

  it("only one trailing newline is removed from stdin", async () => {
    const result = await add(["--json"], `${secret}\n\n`);
    // Two newlines leave one in the token, which the credential schema refuses: bad input, exit 2, nothing added.
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).error.code).toBe("INVALID_CREDENTIAL");
    expect((await src(["source", "list", "--json"])).stdout.trim()).toBe("[]");
  });

  it.each([
    {
      why: "a byte that is never UTF-8",
      bytes: Buffer.concat([Buffer.from("tok"), Buffer.from([0xff]), Buffer.from("en\n")]),
    },
    { why: "Latin-1 text", bytes: Buffer.from("pässwörd\n", "latin1") },
    { why: "an overlong encoding", bytes: Buffer.from([0x61, 0xc0, 0xae, 0x62]) },
    { why: "a cut-off sequence at the end", bytes: Buffer.from([0x61, 0xe2, 0x82]) },
  ])("--credential-stdin refuses $why: exit 2, the flag named, nothing added", async ({ bytes }) => {
    const result = await add(["--json"], bytes);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).error.code).toBe("INVALID_INPUT");
    expect(result.stderr).toContain("--credential-stdin: standard input is not valid UTF-8");
    expect((await src(["source", "list", "--json"])).stdout.trim()).toBe("[]");
  });

  it.each([
    { why: "duplicate slug", setup: true, extra: [], code: "DUPLICATE_SLUG" },
    { why: "invalid base URL", setup: false, extra: ["--base-url", "not a url"], code: "INVALID_SOURCE" },
    { why: "unknown auth type", setup: false, extra: ["--auth", "kerberos"], code: "UNKNOWN_AUTH_TYPE" },
    {
      why: "test endpoint without a leading slash",
      setup: false,
      extra: ["--test-endpoint", "me"],
      code: "INVALID_SOURCE",
    },
  ])("bad input exits 2: $why", async ({ setup, extra, code }) => {
    if (setup) expect((await add()).code).toBe(0);
    const result = await add([...extra, "--json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).error.code).toBe(code);
    expect(result.stderr).toMatch(/^error: /);
  });

  it("without a terminal, missing fields exit 2 and name the flags", async () => {
    const result = await src(["source", "add", "--name", "Echo", "--auth", "header"]);
    expect(result.code).toBe(2);
    for (const flag of ["--base-url", "--header-name", "--test-endpoint", "--credential-stdin"])
      expect(result.stderr).toContain(flag);
    const basic = await src(
      sourceAddArgs({ name: "B", baseUrl: upstream.url }, "--auth", "basic", "--credential-stdin"),
      "pw\n",
    );
    expect(basic.code).toBe(2);
    expect(basic.stderr).toContain("--username");
  });

  it("list: a table, --json an array, broken config files listed with their error", async () => {
    await add();
    await src(sourceAddArgs({ name: "Other", baseUrl: upstream.url }, ...bearerFromStdin, "--no-test"), `${secret}\n`);
    const broken = join(temp.home, "sources", "broken");
    await (await import("node:fs/promises")).mkdir(broken);
    await writeFile(join(broken, "config.json"), '{ "type": "api", "name": ');

    const table = await src(["source", "list"]);
    expect(table.code).toBe(0);
    for (const text of [
      "slug",
      "last tested",
      "echo",
      "Echo",
      "bearer",
      "connected",
      "other",
      "untested",
      "broken",
      "BROKEN",
    ])
      expect(table.stdout).toContain(text);

    const json = await src(["source", "list", "--json"]);
    const list = JSON.parse(json.stdout);
    expect(list.map((entry: { slug: string }) => entry.slug)).toEqual(["broken", "echo", "other"]);
    expect(list[0]).toMatchObject({ ok: false, slug: "broken", hasCredential: false, error: expect.any(String) });
    // The error sits on lines of its own below the table: no table line holds it, so it widens no column.
    const firstErrorLine = (list[0] as { error: string }).error.split("\n")[0]!;
    const tableLines = table.stdout.split("\n").filter((line) => /^[┌│├└]/.test(line));
    expect(tableLines.some((line) => line.includes(firstErrorLine.slice(0, 30)))).toBe(false);
    expect(table.stdout).toContain(`  ${firstErrorLine}`);
    expect(tableLines.every((line) => line.length === tableLines[0]!.length && line.length < 120)).toBe(true);
    expect(list[1]).toMatchObject({
      ok: true,
      hasCredential: true,
      source: { slug: "echo", status: { connectionStatus: "connected" } },
    });

    const reloadBroken = await src(["source", "reload", "broken", "--json"]);
    expect(reloadBroken.code).toBe(2);
    expect(JSON.parse(reloadBroken.stdout).error.code).toBe("INVALID_SOURCE");
  });

  it("show: the record and whether a credential is stored", async () => {
    await add();
    const json = await src(["source", "show", "echo", "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      source: { slug: "echo", api: { testEndpoint: "/me" } },
      hasCredential: true,
    });
    const human = await src(["source", "show", "echo"]);
    expect(human.stdout).toContain("credential:    stored");
    await src(["credential", "delete", "echo"]);
    expect((await src(["source", "show", "echo"])).stdout).toContain("not stored");
  });

  it("reload re-reads an edited config.json: broken test endpoint → exit 1 and status saved; fixed → exit 0", async () => {
    await add();
    const file = join(temp.home, "sources", "echo", "config.json");
    const record = JSON.parse(await readFile(file, "utf8"));
    await writeFile(file, JSON.stringify({ ...record, api: { ...record.api, testEndpoint: "/missing" } }));
    const failed = await src(["source", "reload", "echo", "--json"]);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({
      source: { api: { testEndpoint: "/missing" } },
      validation: { ok: false, httpStatus: 404 },
    });
    expect(JSON.parse(await readFile(file, "utf8")).status.connectionStatus).toBe("failed");

    await writeFile(
      file,
      JSON.stringify({ ...record, api: { ...record.api, baseUrl: `http://127.0.0.1:${await closedPort()}` } }),
    );
    const unreachable = await src(["source", "reload", "echo"]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain("echo: failed");

    await writeFile(file, JSON.stringify(record));
    expect((await src(["source", "reload", "echo"])).code).toBe(0);
    expect((await src(["source", "reload", "nope"])).code).toBe(2);
  });

  it("enable, disable, remove", async () => {
    await add();
    const disabled = await src(["source", "disable", "echo", "--json"]);
    expect(disabled.code).toBe(0);
    expect(JSON.parse(disabled.stdout).source.enabled).toBe(false);
    expect(JSON.parse((await src(["tools", "--json"])).stdout)).toEqual([]);
    expect((await src(["source", "enable", "echo"])).stdout).toContain('Enabled source "echo"');
    expect(JSON.parse((await src(["tools", "--json"])).stdout)).toHaveLength(1);

    const removed = await src(["source", "remove", "echo", "--json"]);
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual({ removed: "echo" });
    expect(JSON.parse((await src(["source", "list", "--json"])).stdout)).toEqual([]);
    for (const verb of ["enable", "disable", "remove"]) expect((await src(["source", verb, "echo"])).code).toBe(2);
  });

  it("credential set validates; credential delete removes it", async () => {
    await add(["--no-test"], "wrong-token\n");
    const set = await src(["credential", "set", "echo", "--credential-stdin", "--json"], `${secret}\n`);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({
      source: { slug: "echo" },
      validation: { ok: true, status: "connected" },
    });
    const wrong = await src(["credential", "set", "echo", "--credential-stdin"], "nope\n");
    expect(wrong.code).toBe(1);
    const deleted = await src(["credential", "delete", "echo", "--json"]);
    expect(JSON.parse(deleted.stdout)).toEqual({ slug: "echo", deleted: true });
    expect(JSON.parse((await src(["credential", "delete", "echo", "--json"])).stdout)).toEqual({
      slug: "echo",
      deleted: false,
    });
    expect((await src(["credential", "set", "echo"])).stderr).toContain("--credential-stdin");
    expect((await src(["credential", "set", "echo", "--username", "x", "--credential-stdin"], "a\n")).code).toBe(2);
    expect((await src(["credential", "set", "nope", "--credential-stdin"], "a\n")).code).toBe(2);
  });

  it("vault key problems: a wrong key exits 1 (the vault on disk cannot be opened), a malformed key exits 2", async () => {
    await add();
    const { randomBytes } = await import("node:crypto");
    const wrong = await runSrc(["source", "show", "echo", "--json"], {
      env: { ...temp.env, SRC_VAULT_KEY: randomBytes(32).toString("base64") },
    });
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).error.code).toBe("WRONG_KEY");
    const malformed = await runSrc(["source", "show", "echo", "--json"], {
      env: { ...temp.env, SRC_VAULT_KEY: "too-short" },
    });
    expect(malformed.code).toBe(2);
    expect(JSON.parse(malformed.stdout).error.code).toBe("INVALID_KEY");
    outputs.push(wrong, malformed);
  });

  it("--home wins over SRC_HOME", async () => {
    const other = await createTempHome();
    try {
      const added = await runSrc(
        [
          "--home",
          other.home,
          "source",
          "add",
          "--name",
          "Elsewhere",
          "--base-url",
          upstream.url,
          "--auth",
          "bearer",
          "--test-endpoint",
          "/me",
          "--credential-stdin",
        ],
        {
          env: { ...temp.env, SRC_VAULT_KEY: other.env.SRC_VAULT_KEY },
          stdin: `${secret}\n`,
        },
      );
      expect(added.code).toBe(0);
      expect(JSON.parse((await src(["source", "list", "--json"])).stdout)).toEqual([]);
      const list = await runSrc(["source", "list", "--json"], { env: other.env });
      expect(JSON.parse(list.stdout).map((entry: { slug: string }) => entry.slug)).toEqual(["elsewhere"]);
      for (const file of await other.files()) expect(file.text).not.toContain(secret);
    } finally {
      await other.cleanup();
    }
    await add();
  });
});
