#!/usr/bin/env node
// The src demo: start the example REST API, connect it with the BUILT `src` CLI, validate, list the tools,
// make three calls, break the config and watch `src source reload` report it. Nothing is left behind:
// SRC_HOME is a temporary directory removed at the end, also on failure. The token is never printed.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoApi } from "../demo-api/src/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = join(root, "apps/cli/dist/bin.js");
// SRC_DEMO_TOKEN exists for the CLI's tests (they check the token never shows); people get a random one.
const token = process.env.SRC_DEMO_TOKEN ?? `demo_${randomBytes(24).toString("base64url")}`;

const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);
const dim = (text) => (process.stdout.isTTY ? `\x1b[2m${text}\x1b[0m` : text);
const indent = (text) =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");

/** Fails when a text contains the token; every output passes through here before it is printed. */
function assertNoToken(where, text) {
  if (text.includes(token)) throw new Error(`the token appeared in ${where}; this is a bug, please report it`);
}

function step(title) {
  process.stdout.write(`\n${bold(`▶ ${title}`)}\n`);
}

/** Runs the built CLI, prints the command and its output, and checks the exit code. */
async function src(args, { home, stdin, expect = 0, show = args.join(" ") }) {
  process.stdout.write(`${dim("$")} src ${show}\n`);
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, SRC_HOME: home, SRC_VAULT_KEY: undefined, SRC_VAULT_PASSPHRASE: undefined, NO_COLOR: "1" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  child.stdin.end(stdin ?? "");
  const code = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  assertNoToken(`the output of "src ${show}"`, stdout + stderr);
  if (stdout.trim() !== "") process.stdout.write(`${indent(stdout)}\n`);
  if (stderr.trim() !== "") process.stdout.write(`${indent(stderr)}\n`);
  process.stdout.write(dim(`    (exit ${code})\n`));
  if (code !== expect) throw new Error(`"src ${show}" exited with ${code}, expected ${expect}`);
  return stdout;
}

/** Every file under `directory`, recursively. */
async function filesUnder(directory) {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

async function main() {
  if (!existsSync(bin)) throw new Error(`${bin} is missing; build first: npx -y pnpm@10 build`);
  const home = await mkdtemp(join(tmpdir(), "src-demo-"));
  const api = await startDemoApi({ port: 0, token });
  try {
    process.stdout.write(
      `${bold("src demo")}: an example REST API is running at ${api.url} (bearer token required).\n`,
    );
    process.stdout.write(`SRC_HOME is a temporary directory: ${home}\n`);

    step("Connect the API as a source; the token is piped on stdin, never a flag, and validated right away");
    await src(
      [
        "source",
        "add",
        "--name",
        "Demo API",
        "--slug",
        "demo",
        "--base-url",
        api.url,
        "--auth",
        "bearer",
        "--test-endpoint",
        "/me",
        "--credential-stdin",
      ],
      {
        home,
        stdin: `${token}\n`,
        show: `source add --name "Demo API" --slug demo --base-url ${api.url} --auth bearer --test-endpoint /me --credential-stdin  < token`,
      },
    );
    await src(["source", "list"], { home });

    step("The agent's HTTP tool is available (the spec's /tools -v)");
    await src(["tools", "-v"], { home });

    step("A GET with query parameters (the answer has a Link header: the result gives the next page's path)");
    await src(["call", "demo", "GET", "/items", "-q", "limit=2", "-q", "q=e"], { home });

    step("A JSON POST");
    await src(["call", "demo", "POST", "/items", "--body", '{"name":"kiwi"}'], {
      home,
      show: `call demo POST /items --body '{"name":"kiwi"}'`,
    });

    step("A raw XML body with its own Content-Type (the spec's _rawBody and _contentType)");
    const xml = "<note><title>Groceries</title><text>kiwi &amp; figs</text></note>";
    await src(["call", "demo", "POST", "/notes", "--raw-body", xml, "--content-type", "application/xml"], {
      home,
      show: `call demo POST /notes --raw-body '${xml}' --content-type application/xml`,
    });

    step("Break the config by hand (testEndpoint → /no-such-path) and reload: the failure is reported (exit 1)");
    const file = join(home, "sources", "demo", "config.json");
    const record = JSON.parse(await readFile(file, "utf8"));
    record.api.testEndpoint = "/no-such-path";
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
    process.stdout.write(`${dim("$")} edit ${file}: "testEndpoint": "/no-such-path"\n`);
    await src(["source", "reload", "demo"], { home, expect: 1 });
    await src(["source", "list"], { home });

    step("The credential is stored encrypted: no file under SRC_HOME holds the token in clear");
    for (const path of await filesUnder(home)) assertNoToken(path, (await readFile(path)).toString("latin1"));
    process.stdout.write("    checked every file under SRC_HOME\n");
  } finally {
    await api.close();
    await rm(home, { recursive: true, force: true });
  }
  process.stdout.write(
    `\n${bold("Demo finished")}: the example API is stopped and the temporary SRC_HOME is removed.\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`\ndemo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
