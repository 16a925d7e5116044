import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One axe-core violation, as the test reports it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2 A/AA rules and best practices) on the page as it is and
 * returns the serious and critical violations. The engine is evaluated through
 * the DevTools protocol, so the console's Content-Security-Policy stays on.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  // Browser-side code is given as text: the server's TypeScript setup has no DOM types.
  const violations = await page.evaluate<AxeViolation[]>(`
    axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } }).then((results) =>
      results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => String(node.target[0])) })))
  `);
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}
