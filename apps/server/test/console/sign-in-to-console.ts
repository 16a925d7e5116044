import type { Page } from "playwright-core";

/** Opens the console at `url` and signs in through its form with `adminToken`, as an operator does; waits for Sources. */
export async function signInToConsole(page: Page, url: string, adminToken: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel("Admin token").fill(adminToken);
  await page.getByLabel("Admin token").press("Enter");
  await page.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
}
