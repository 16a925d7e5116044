import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const cliDirectory = fileURLToPath(new URL("..", import.meta.url));
const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url));
const { version } = JSON.parse(await readFile(join(cliDirectory, "package.json"), "utf8")) as { version: string };

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "src-install-test-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The environment of a user's shell: PATH and HOME of ours, a fresh SRC_HOME, no colour. */
const userEnvironment = (home: string) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  SRC_HOME: home,
  SRC_VAULT_KEY: Buffer.alloc(32, 7).toString("base64"),
  NO_COLOR: "1",
});

/**
 * How the user's shell reaches the npm registry, which `npx -y pnpm@10` needs: its proxy, its private CA and npm's own
 * settings files. Without them npm retries a registry it cannot verify for minutes. On Node 20 that went unseen: npm
 * finds the machine's global npmrc (with `cafile`) beside the system's node, but with a Node fetched by `npx node@22`
 * first on PATH it looks beside that node instead, and only NODE_EXTRA_CA_CERTS or npm_config_cafile still name the CA.
 */
const registryVariables = [
  "NODE_EXTRA_CA_CERTS",
  "HTTPS_PROXY",
  "https_proxy",
  "HTTP_PROXY",
  "http_proxy",
  "NO_PROXY",
  "no_proxy",
  "npm_config_registry",
  "npm_config_cafile",
  "npm_config_proxy",
  "npm_config_https_proxy",
  "npm_config_noproxy",
  "npm_config_userconfig",
  "npm_config_globalconfig",
];
const registryEnvironment = () =>
  Object.fromEntries(
    registryVariables.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])),
  );

describe("installing the CLI from the clone (README: npm install -g ./apps/cli)", () => {
  it("puts a working src on the PATH of a fresh prefix: it runs, and finds its dependencies outside the repository", async () => {
    const prefix = join(work, "prefix");
    await run("npm", ["install", "--global", "--prefix", prefix, "--no-audit", "--no-fund", cliDirectory], {
      cwd: work,
      env: { ...process.env, npm_config_loglevel: "error" },
    });
    const src = join(prefix, "bin", "src");
    expect((await run(src, ["--version"], { cwd: work })).stdout.trim()).toBe(version);

    // Commands that load the whole service (config, vault, auth plugins, the table printer), from a directory outside the clone.
    const home = join(work, "home");
    expect(
      JSON.parse((await run(src, ["source", "list", "--json"], { cwd: work, env: userEnvironment(home) })).stdout),
    ).toEqual([]);
    const listed = await run(src, ["tools"], { cwd: work, env: userEnvironment(home) });
    expect(listed.stdout).toContain("No tools");
  }, 120_000);
});

describe("the root script (README: npx -y pnpm@10 -w --silent src …)", () => {
  it("prints clean JSON on stdout and resolves @file from the caller's directory", async () => {
    const caller = join(work, "caller");
    await run("mkdir", ["-p", caller]);
    await writeFile(join(caller, "body.json"), '{"a":1}');
    const env = {
      ...userEnvironment(join(work, "root-script-home")),
      ...registryEnvironment(),
      npm_config_loglevel: "error",
    };
    const listed = await run(
      "npx",
      ["-y", "pnpm@10", "--dir", repositoryRoot, "--silent", "src", "--json", "source", "list"],
      { cwd: caller, env },
    );
    expect(JSON.parse(listed.stdout)).toEqual([]);
    // The file is read from the caller's directory (a missing file would be INVALID_INPUT); then the unknown source is the error.
    const called = await run(
      "npx",
      [
        "-y",
        "pnpm@10",
        "--dir",
        repositoryRoot,
        "--silent",
        "src",
        "--json",
        "call",
        "nothing",
        "POST",
        "/x",
        "--body",
        "@body.json",
      ],
      { cwd: caller, env },
    ).catch((error: { stdout: string }) => error);
    expect(JSON.parse(called.stdout)).toMatchObject({ error: { code: "UNKNOWN_TOOL" } });
  }, 120_000);

  it("works as the README writes it (-w) from inside a package's folder, where pnpm would look for the script there", async () => {
    const env = {
      ...userEnvironment(join(work, "root-script-home-w")),
      ...registryEnvironment(),
      npm_config_loglevel: "error",
    };
    const listed = await run("npx", ["-y", "pnpm@10", "-w", "--silent", "src", "--json", "source", "list"], {
      cwd: join(repositoryRoot, "packages", "config", "src"),
      env,
    });
    expect(JSON.parse(listed.stdout)).toEqual([]);
  }, 120_000);
});
