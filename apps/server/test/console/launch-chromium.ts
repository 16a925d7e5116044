import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's Chromium (playwright-core's own browser download is not reachable here); `SRC_CHROMIUM`
 * names another binary. `.ci/run` installs the package when it is missing.
 */
export const chromiumPath = process.env.SRC_CHROMIUM ?? "/usr/bin/chromium";

/** The flags for a quiet, offline headless run (no GPU, no QUIC, no sync or update traffic). */
const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** One headless Chromium; each `browser.newContext()` is a fresh profile of its own (storage, cookies), gone when closed. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `no Chromium at ${chromiumPath}: install it (apt-get install -y chromium; .ci/run does) or set SRC_CHROMIUM to a Chromium binary`,
    );
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
}
