import type { Dispatch, StateUpdater } from "preact/hooks";

/** One query parameter of a tried call, as typed. */
export interface QueryRow {
  id: number;
  name: string;
  value: string;
}

let nextRowId = 1;

/** The query parameters of a tried call: a name and a value per row, rows added and removed. */
export function QueryRowsFields({
  rows,
  onChange,
}: {
  rows: QueryRow[];
  onChange: Dispatch<StateUpdater<QueryRow[]>>;
}) {
  return (
    <fieldset>
      <legend>Query parameters</legend>
      {rows.map((row, index) => (
        <div class="row" key={row.id}>
          <div class="field">
            <label for={`query-name-${row.id}`}>Name {index + 1}</label>
            <input
              id={`query-name-${row.id}`}
              type="text"
              spellcheck={false}
              value={row.name}
              onInput={(event) => {
                const name = event.currentTarget.value;
                onChange((previous) => previous.map((item) => (item.id === row.id ? { ...item, name } : item)));
              }}
            />
          </div>
          <div class="field grow">
            <label for={`query-value-${row.id}`}>Value {index + 1}</label>
            <input
              id={`query-value-${row.id}`}
              type="text"
              spellcheck={false}
              value={row.value}
              onInput={(event) => {
                const value = event.currentTarget.value;
                onChange((previous) => previous.map((item) => (item.id === row.id ? { ...item, value } : item)));
              }}
            />
          </div>
          <button
            type="button"
            class="secondary"
            aria-label={`Remove query parameter ${index + 1}`}
            onClick={() => onChange((previous) => previous.filter((item) => item.id !== row.id))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        class="secondary"
        onClick={() => onChange((previous) => [...previous, { id: nextRowId++, name: "", value: "" }])}
      >
        Add a query parameter
      </button>
    </fieldset>
  );
}
