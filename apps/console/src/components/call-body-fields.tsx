/** The body of a call tried in the console: none, JSON (parsed before sending) or raw text with its content type. */
export interface CallBodyValues {
  mode: "none" | "json" | "raw";
  json: string;
  raw: string;
  contentType: string;
}

export const emptyCallBody: CallBodyValues = { mode: "none", json: "{\n  \n}", raw: "", contentType: "text/plain" };

/** The body part of the try-a-call form; `problem` is shown under the JSON body (it does not parse). */
export function CallBodyFields({
  values,
  problem,
  onChange,
}: {
  values: CallBodyValues;
  problem: string | undefined;
  onChange: (values: CallBodyValues) => void;
}) {
  return (
    <fieldset>
      <legend>Body</legend>
      <div class="choices">
        {(["none", "json", "raw"] as const).map((mode) => (
          <label key={mode} class="choice">
            <input
              type="radio"
              name="body-mode"
              value={mode}
              checked={values.mode === mode}
              onChange={() => onChange({ ...values, mode })}
            />
            {mode === "none" ? "No body" : mode === "json" ? "JSON" : "Raw, with a content type"}
          </label>
        ))}
      </div>
      {values.mode === "json" ? (
        <div class="field">
          <label for="call-json-body">JSON body</label>
          <textarea
            id="call-json-body"
            rows={6}
            spellcheck={false}
            value={values.json}
            aria-invalid={problem === undefined ? undefined : true}
            aria-describedby={problem === undefined ? undefined : "call-body-problem"}
            onInput={(event) => onChange({ ...values, json: event.currentTarget.value })}
          />
          {problem === undefined ? null : (
            <p id="call-body-problem" class="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
      ) : null}
      {values.mode === "raw" ? (
        <>
          <div class="field">
            <label for="call-content-type">Content type</label>
            <input
              id="call-content-type"
              type="text"
              spellcheck={false}
              value={values.contentType}
              onInput={(event) => onChange({ ...values, contentType: event.currentTarget.value })}
            />
          </div>
          <div class="field">
            <label for="call-raw-body">Raw body</label>
            <textarea
              id="call-raw-body"
              rows={6}
              spellcheck={false}
              value={values.raw}
              onInput={(event) => onChange({ ...values, raw: event.currentTarget.value })}
            />
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
