// Run after each build (tsup's onSuccess): writes dist/help.txt, the top-level help exactly as commander prints it
// 80 columns wide (stdout is a pipe here), which dist/bin.js prints for `src --help` without loading commander.
import { execFileSync } from "node:child_process";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dist = new URL("../dist/", import.meta.url);
const helpFile = fileURLToPath(new URL("help.txt", dist));
// Without the file, dist/bin.js asks commander.
rmSync(helpFile, { force: true });
const help = execFileSync(process.execPath, [fileURLToPath(new URL("bin.js", dist)), "--help"], {
  encoding: "utf8",
  env: { ...process.env, SRC_AUTH_PLUGINS: "" },
});
if (!help.startsWith("Usage: src ")) throw new Error(`src --help printed something unexpected:\n${help}`);
writeFileSync(`${helpFile}.tmp`, help);
renameSync(`${helpFile}.tmp`, helpFile);
