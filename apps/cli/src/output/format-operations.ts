import type { OperationSearchAnswer } from "@src/openapi";

/** A search answer as a table (operationId, method, path, required, summary), or one operation as indented JSON. */
export async function formatOperations(answer: unknown): Promise<string> {
  if (typeof answer !== "object" || answer === null) return "No answer.";
  if (!("total" in answer)) return JSON.stringify(answer, null, 2);
  const search = answer as OperationSearchAnswer;
  if (search.operations.length === 0) return "No operation matches; try other words or --tag.";
  const { default: Table } = await import("cli-table3");
  const table = new Table({
    head: ["operationId", "method", "path", "required", "summary"],
    style: { head: [], border: [] },
  });
  for (const operation of search.operations)
    table.push([
      operation.operationId,
      operation.method,
      operation.path,
      operation.required.join(", "),
      operation.summary,
    ]);
  const shown = `${search.operations.length} of ${search.total} matching operations${search.note === undefined ? "" : ` (${search.note})`}; show one with --id OPERATION_ID`;
  return `${table.toString()}\n${shown}`;
}
