import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium (playwright-core's own download is not reachable here); `SRC_CHROMIUM` names another binary. */
const chromiumPath = process.env.SRC_CHROMIUM ?? "/usr/bin/chromium";

/** One headless Chromium, quiet and offline. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(
      `no Chromium at ${chromiumPath}: install it (apt-get install -y chromium; .ci/run does) or set SRC_CHROMIUM`,
    );
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A person signing in: opens the authorization URL in a fresh profile and waits until the browser lands on the redirect URI. */
export async function signInInBrowser(browser: Browser, url: string): Promise<string> {
  const redirectUri = new URL(url).searchParams.get("redirect_uri")!;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const landed = page.waitForURL((current) => current.href.startsWith(redirectUri), { timeout: 30_000 });
    await page.goto(url);
    await landed;
    await page.waitForLoadState("domcontentloaded");
    return (await page.textContent("body")) ?? "";
  } finally {
    await context.close();
  }
}

/**
 * A person on another device: opens the verification page (with the code in it, or types the code), confirms
 * (or aborts), and waits for the provider's answer page; returns its text.
 */
export async function confirmDeviceCode(
  browser: Browser,
  {
    url,
    userCode,
    urlComplete,
    abort = false,
  }: { url: string; userCode?: string | undefined; urlComplete?: string | undefined; abort?: boolean },
): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (urlComplete !== undefined) await page.goto(urlComplete);
    else {
      await page.goto(url);
      await page.fill('input[name="user_code"]', userCode ?? "");
      await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    }
    await Promise.all([
      page.waitForLoadState("load"),
      page.click(abort ? 'button[name="abort"]' : 'button[autofocus], button[type="submit"]:not([name="abort"])'),
    ]);
    // A string, run in the page (this package's types have no DOM).
    await page.waitForFunction(
      "/success|sign-in|denied|abort|complete|connected|error/i.test(document.body.innerText)",
      undefined,
      { timeout: 30_000 },
    );
    return await page.innerText("body");
  } finally {
    await context.close();
  }
}
