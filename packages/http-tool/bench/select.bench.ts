// How much `select` cuts from what an agent is handed, on GitHub's own example of an issue list (`@octokit/openapi`,
// components.examples["issue-items"]): characters of the page's JSON with and without a typical select. Deterministic:
// no timing, so the figure can be quoted.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { applySelect } from "../src/select/apply-select";
import { compileSelect } from "../src/select/compile-select";

const require = createRequire(import.meta.url);
const documentFile = require.resolve("@octokit/openapi/generated/api.github.com.json");
const document = JSON.parse(await readFile(documentFile, "utf8")) as {
  components: { examples: Record<string, { value: unknown }> };
};
const page = document.components.examples["issue-items"]?.value;
if (!Array.isArray(page)) throw new Error("GitHub's document has no issue-items example");
// A page of 30 issues (GitHub's default per_page), made of the example's issue.
const issues = Array.from({ length: 30 }, (_, index) => ({
  ...(page[index % page.length] as Record<string, unknown>),
  number: index + 1,
}));
const expression = "[].{number: number, title: title, state: state, labels: labels[].name, user: user.login}";
const selected = applySelect(compileSelect(expression), issues);
if (!selected.ok) throw new Error(selected.message);
const whole = JSON.stringify(issues).length;
const kept = JSON.stringify(selected.value).length;
console.log(
  `select on GitHub's issue list (30 issues): ${whole} -> ${kept} characters, ${(100 * (1 - kept / whole)).toFixed(1)} % fewer (${expression})`,
);
