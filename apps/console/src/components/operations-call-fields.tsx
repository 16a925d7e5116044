import type { OperationsToolCall } from "../api/console-types";

/** The fields of an `api_<slug>_operations` call, as the form holds them. */
export interface OperationsCallValues {
  query: string;
  tag: string;
  operationId: string;
  limit: string;
}

export const emptyOperationsCall: OperationsCallValues = { query: "", tag: "", operationId: "", limit: "" };

/** The call the agent would send: only the fields given. */
export function operationsCallOf(values: OperationsCallValues): OperationsToolCall {
  const call: OperationsToolCall = {};
  if (values.query.trim() !== "") call.query = values.query.trim();
  if (values.tag.trim() !== "") call.tag = values.tag.trim();
  if (values.operationId.trim() !== "") call.operationId = values.operationId.trim();
  if (values.limit.trim() !== "") call.limit = Number(values.limit);
  return call;
}

/**
 * The operations tool's own form (its input is `{ query, tag, operationId, limit }`, not a request): search the
 * source's OpenAPI operations in words and/or by tag, or read one operation by its id.
 */
export function OperationsCallFields({
  values,
  onChange,
}: {
  values: OperationsCallValues;
  onChange: (values: OperationsCallValues) => void;
}) {
  const field = (key: keyof OperationsCallValues, label: string, hint: string, numeric = false) => (
    <div class="field">
      <label for={`operations-${key}`}>{label}</label>
      <input
        id={`operations-${key}`}
        type={numeric ? "number" : "text"}
        list={undefined}
        min={numeric ? 1 : undefined}
        max={numeric ? 25 : undefined}
        spellcheck={false}
        autoComplete="off"
        aria-describedby={`operations-${key}-hint`}
        value={values[key]}
        onInput={(event) => onChange({ ...values, [key]: event.currentTarget.value })}
      />
      <p id={`operations-${key}-hint`} class="hint">
        {hint}
      </p>
    </div>
  );
  return (
    <fieldset>
      <legend>Search the operations</legend>
      <p class="hint">
        Answers from the source's OpenAPI document, as the agent's tool does: nothing is sent to the API.
      </p>
      {field("query", "Query", 'Plain words, e.g. "create an issue".')}
      {field("tag", "Tag", 'Only operations with this tag, e.g. "issues".')}
      {field(
        "operationId",
        "Operation ID",
        "Give it to read one operation in full: parameters, body schema, response and an example call.",
      )}
      {field("limit", "Limit", "Most matches to return: 1 to 25 (default 8).", true)}
    </fieldset>
  );
}
