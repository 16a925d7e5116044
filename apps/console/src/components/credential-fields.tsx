import type { AuthField, AuthTypeDescription } from "../api/console-types";
import { CredentialInput } from "./credential-input";

/**
 * The credential fields a mode declares, for the source's `api` values as they
 * stand: one per declared field, or one per entry of the api list a keyed
 * credential follows (`credentialKeysFrom`: header names).
 */
export function credentialFieldsFor(authType: AuthTypeDescription, api: Record<string, unknown>): AuthField[] {
  const keysFrom = authType.fields.credentialKeysFrom;
  if (keysFrom === undefined) return authType.fields.credential;
  const value = api[keysFrom.field];
  const names = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string" && item.trim() !== "").map((item) => item.trim())
    : [];
  return names.map((name) => ({ ...keysFrom.each, name, label: keysFrom.each.label.replaceAll("{key}", name) }));
}

/**
 * The credential's inputs: secret fields as password inputs (never filled from
 * the server, emptied once sent), the others as text; each with its label,
 * whether it is required, its description and, for plain fields, an example.
 */
export function CredentialFields({
  fields,
  idPrefix,
  values,
  errorFor,
  onValue,
}: {
  fields: readonly AuthField[];
  idPrefix: string;
  values: Record<string, string>;
  errorFor: (name: string) => string | undefined;
  onValue: (name: string, value: string) => void;
}) {
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name.replace(/\W/g, "-")}`;
        const error = errorFor(field.name);
        const example =
          field.secret || field.example === undefined
            ? undefined
            : `e.g. ${typeof field.example === "string" ? field.example : JSON.stringify(field.example)}`;
        return (
          <div class="field" key={field.name}>
            <label for={id}>
              {field.label}
              {field.required ? " (required)" : " (optional)"}
            </label>
            <CredentialInput
              id={id}
              secret={field.secret}
              value={values[field.name] ?? ""}
              error={error}
              placeholder={example}
              hintId={field.description === "" ? undefined : `${id}-hint`}
              onValue={(value) => onValue(field.name, value)}
            />
            {field.description === "" ? null : (
              <p id={`${id}-hint`} class="hint">
                {field.description}
              </p>
            )}
            {error === undefined ? null : (
              <p id={`${id}-error`} class="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}
