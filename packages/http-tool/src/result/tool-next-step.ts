/**
 * What to do after a refused call, as a call of another tool: `api_<slug>_operations` with `{ operationId }` to see
 * the operation in full, or with `{ query }` to search the operations. Structured, so each channel words it its own
 * way: the agent's text names the tool and its input, the CLI its `src operations` command.
 */
export interface ToolNextStep {
  /** The tool to call, e.g. `api_github_operations`. */
  tool: string;
  /** Its input, e.g. `{ "operationId": "createIssue" }` or `{ "query": "post issues" }`. */
  input: { operationId: string } | { query: string };
}

/** The next step in an agent's words: `see the operation in full with api_x_operations {"operationId":"createIssue"}`. */
export function describeNextStep(next: ToolNextStep): string {
  const what = "operationId" in next.input ? "see the operation in full" : "search the operations";
  return `${what} with ${next.tool} ${JSON.stringify(next.input)}`;
}

/** Search words for a call no operation matches: the method and the path's words, ids left out (`GET /users/42/repos` → `get users repos`). */
export function searchWordsOf(method: string, path: string): string {
  const words = (path.split("?")[0] ?? "")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "" && !/\d/.test(word) && word.length <= 40);
  return [method.toLowerCase(), ...words].join(" ").slice(0, 200);
}
