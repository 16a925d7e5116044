import type { JsonSchemaNode } from "../api/console-types";

/** The input kinds a JSON Schema node maps to; other shapes are not editable in the form. */
export type FieldKind = "text" | "integer" | "boolean" | "choice" | "string-map" | "string-list";

const typeOf = (node: JsonSchemaNode): string | undefined =>
  Array.isArray(node.type) ? node.type.find((type) => type !== "null") : node.type;

/** The choices of an `enum`, or of an `anyOf` that starts with one (auth types). */
export function choicesOf(node: JsonSchemaNode): string[] | undefined {
  const list = node.enum ?? node.anyOf?.find((branch) => branch.enum !== undefined)?.enum;
  return list?.filter((item): item is string => typeof item === "string");
}

export function fieldKindOf(node: JsonSchemaNode): FieldKind | undefined {
  if (choicesOf(node) !== undefined) return "choice";
  const type = typeOf(node) ?? (node.anyOf !== undefined ? "string" : undefined);
  if (type === "string") return "text";
  if (type === "integer" || type === "number") return "integer";
  if (type === "boolean") return "boolean";
  if (type === "array" && node.items !== undefined && typeOf(node.items) === "string") return "string-list";
  if (
    type === "object" &&
    typeof node.additionalProperties === "object" &&
    typeOf(node.additionalProperties) === "string"
  )
    return "string-map";
  return undefined;
}

const knownLabels: Record<string, string> = {
  name: "Name",
  slug: "Slug",
  enabled: "Enabled",
  baseUrl: "Base URL",
  authType: "Auth mode",
  testEndpoint: "Test endpoint",
  headers: "Fixed headers",
  timeoutMs: "Timeout (ms)",
  maxResponseBytes: "Max response bytes",
  maxResultChars: "Max result characters",
  caFile: "CA file",
  openapi: "OpenAPI document",
  openapiValidation: "OpenAPI validation",
  allowPlainHttpProxy: "Allow a plain-HTTP proxy",
};

/** Words written as their own names, not sentence case: `openapi` → "OpenAPI", `url` → "URL". */
const properWords: Record<string, string> = {
  openapi: "OpenAPI",
  url: "URL",
  http: "HTTP",
  https: "HTTPS",
  id: "ID",
  ca: "CA",
  pem: "PEM",
  oauth: "OAuth",
};

/** A readable label for a field name: `headerName` → "Header name", `authorizationUrl` → "Authorization URL". */
export function labelOf(name: string): string {
  const known = knownLabels[name];
  if (known !== undefined) return known;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(" ")
    .map((word) => properWords[word] ?? word);
  const sentence = words.join(" ");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The placeholder of a multi-line field: one entry per line, in the form the field reads. */
const placeholderOf: Partial<Record<FieldKind, string>> = {
  "string-map": "Name: value (one per line)",
  "string-list": "one per line",
};

/**
 * The field's description as the form shows it. The schema's descriptions are written for config.json, so a
 * `{"Name": "value"}` example of a name-value field becomes the `Name: value` lines the field reads.
 */
export function hintOf(node: JsonSchemaNode, kind: FieldKind): string | undefined {
  const description = node.description;
  if (description === undefined || kind !== "string-map") return description;
  return description.replace(/\{[^{}]*\}/g, (example) => {
    try {
      const entries = Object.entries(JSON.parse(example) as Record<string, unknown>);
      if (entries.length === 0 || entries.some(([, value]) => typeof value !== "string")) return example;
      return `${entries.map(([entryName, value]) => `"${entryName}: ${String(value)}"`).join(" and ")}, one per line`;
    } catch {
      return example;
    }
  });
}

/** A form value: text for text-like inputs, a boolean for checkboxes. */
export type FieldValue = string | boolean;

/** One labelled input for a schema field, with its description and the server's error for it next to it. */
export function SchemaField({
  id,
  name,
  node,
  kind,
  required,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  node: JsonSchemaNode;
  kind: FieldKind;
  required: boolean;
  value: FieldValue | undefined;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hint = hintOf(node, kind);
  const describedBy =
    [hint === undefined ? undefined : hintId, error === undefined ? undefined : errorId].filter(Boolean).join(" ") ||
    undefined;
  const common = {
    id,
    name: id,
    "aria-describedby": describedBy,
    "aria-invalid": error === undefined ? undefined : true,
  } as const;
  const text = typeof value === "string" ? value : "";
  const label = `${node.title ?? labelOf(name)}${required ? " (required)" : ""}`;
  const example = node.examples?.[0];
  const placeholder =
    example === undefined
      ? undefined
      : `e.g. ${Array.isArray(example) ? example.map((item) => JSON.stringify(item).replace(/^"|"$/g, "")).join(kind === "string-list" ? "\n" : ", ") : typeof example === "string" ? example : JSON.stringify(example)}`;
  let input;
  if (kind === "boolean") {
    return (
      <div class="field checkbox">
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <label for={id}>{labelOf(name)}</label>
        <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
      </div>
    );
  }
  if (kind === "choice") {
    const choices = choicesOf(node) ?? [];
    input = (
      <select {...common} required={required} value={text} onChange={(event) => onChange(event.currentTarget.value)}>
        {required ? null : <option value="">(default)</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  } else if (kind === "string-map" || kind === "string-list") {
    input = (
      <textarea
        {...common}
        rows={3}
        placeholder={kind === "string-map" ? placeholderOf[kind] : (placeholder ?? placeholderOf[kind])}
        value={text}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
    );
  } else {
    input = (
      <input
        {...common}
        type={kind === "integer" ? "number" : "text"}
        list={undefined}
        inputMode={kind === "integer" ? "numeric" : undefined}
        min={node.minimum}
        max={node.maximum}
        required={required}
        spellcheck={false}
        placeholder={placeholder}
        autoComplete="off"
        value={text}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {input}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The hint under a field and its error, each with the id its input's `aria-describedby` names. */
function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint: string | undefined;
  hintId: string;
  error: string | undefined;
  errorId: string;
}) {
  return (
    <>
      {hint === undefined ? null : (
        <p id={hintId} class="hint">
          {hint}
        </p>
      )}
      {error === undefined ? null : (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
    </>
  );
}
