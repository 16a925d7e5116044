import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

/**
 * Debian's Chromium (playwright-core's own browser download is not reachable here); `SRC_CHROMIUM`
 * names another binary. `.ci/run` installs the package when it is missing.
 */
export const chromiumPath = process.env.SRC_CHROMIUM ?? "/usr/bin/chromium";

/** The flags for a quiet, offline headless run (no GPU, no QUIC, no sync or update traffic). */
const chromiumFlags = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** One headless Chromium with a fresh profile directory, removed on close. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`no Chromium at ${chromiumPath}: install it (apt-get install -y chromium; .ci/run does) or set SRC_CHROMIUM to a Chromium binary`);
  }
  const profile = await mkdtemp(join(tmpdir(), "src-console-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
