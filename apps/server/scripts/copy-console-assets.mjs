// Build step after tsup: copies the console's built assets (@src/console, built first by turbo's ^build)
// into dist/console, so the published server ships them and serves them with no network.
import { cpSync, existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const built = join(dirname(require.resolve("@src/console/package.json")), "dist");
if (!existsSync(join(built, "index.html"))) {
  console.error(`copy-console-assets: ${built}/index.html is missing; build the console first (npx -y pnpm@10 build)`);
  process.exit(1);
}
const target = join(import.meta.dirname, "..", "dist", "console");
rmSync(target, { recursive: true, force: true });
cpSync(built, target, { recursive: true });
console.log(`copy-console-assets: ${built} -> dist/console`);
