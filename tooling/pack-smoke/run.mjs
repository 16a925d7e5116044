// Packs every publishable package (pnpm pack: workspace:* becomes the real version), installs the tarballs
// with npm into a temp dir outside the workspace, and runs the installed `src` against the demo API:
// proof that the published packages work as users install them. Needs `pnpm build` first and the npm registry
// for third-party dependencies. Usage: npx -y pnpm@10 --filter @src/pack-smoke smoke
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "src-pack-smoke-"));
const packs = join(work, "packs");
const install = join(work, "install");
const home = join(work, "home");
const step = (text) => console.log(`\n▶ ${text}`);
let api;
try {
  step("pack every publishable package");
  for (const directory of [
    ...readdirSync(join(root, "packages")).map((name) => join(root, "packages", name)),
    join(root, "apps/cli"),
    join(root, "apps/server"),
  ]) {
    execFileSync("npx", ["-y", "pnpm@10", "pack", "--pack-destination", packs], {
      cwd: directory,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const tarballs = readdirSync(packs).map((name) => join(packs, name));
  console.log(tarballs.map((file) => `  ${file}`).join("\n"));

  step("npm install the tarballs outside the workspace");
  execFileSync("mkdir", ["-p", install]);
  writeFileSync(join(install, "package.json"), JSON.stringify({ name: "smoke", private: true }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...tarballs], {
    cwd: install,
    stdio: "inherit",
  });

  const { startDemoApi } = await import(join(root, "examples/demo-api/src/index.js"));
  const token = randomBytes(12).toString("hex");
  api = await startDemoApi({ port: 0, token });
  const src = (args, input = "") =>
    new Promise((resolve, reject) => {
      const child = spawn(join(install, "node_modules/.bin/src"), args, {
        env: { PATH: process.env.PATH, HOME: home, SRC_HOME: home },
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("error", reject);
      child.on("close", (code) => {
        console.log(`$ src ${args.join(" ")}\n${output}(exit ${code})`);
        if (output.includes(token)) reject(new Error("the token appeared in the output"));
        else if (code !== 0) reject(new Error(`src ${args.join(" ")} exited ${code}`));
        else resolve(output);
      });
      child.stdin.end(input);
    });
  step("run the installed src");
  await src(["--version"]);
  await src(
    [
      "source",
      "add",
      "--name",
      "Demo",
      "--base-url",
      api.url,
      "--auth",
      "bearer",
      "--test-endpoint",
      "/me",
      "--credential-stdin",
    ],
    token,
  );
  await src(["call", "demo", "GET", "/items", "-q", "limit=1"]);
  await src(["tools"]);
  console.log("\npack smoke: ok");
} finally {
  await api?.close();
  rmSync(work, { recursive: true, force: true });
}
