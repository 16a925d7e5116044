/**
 * What is wrong with a broken `config.json`, on one line for a warning: the problems its error lists
 * (`api.zz: is not a known field`), joined, or its first line when it lists none (a file that is not JSON).
 */
export function brokenFileProblems(message: string): string {
  const problems = message
    .split("\n")
    .filter((line) => line.startsWith("  - "))
    .map((line) => line.slice(4));
  return problems.length > 0 ? problems.join("; ") : (message.split("\n")[0] ?? message);
}
