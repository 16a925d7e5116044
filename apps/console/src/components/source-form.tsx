import { useEffect, useRef, useState } from "preact/hooks";
import { problemOf } from "../api/console-api";
import type { AuthTypeDescription, ConfigSchemaAnswer, JsonSchemaNode, SourceRecord } from "../api/console-types";
import { useApi } from "./api-context";
import { CredentialFields, credentialFieldsFor } from "./credential-fields";
import { ErrorNotice } from "./error-notice";
import { fromFormValue, toFormValue } from "./form-values";
import { fieldKindOf, SchemaField, type FieldKind, type FieldValue } from "./schema-field";

/** What the form sends: the config fields and, when creating, the credential. */
export interface SourceFormOutput {
  config: { name: string; slug?: string; enabled: boolean; api: Record<string, unknown> };
  credential: Record<string, string> | undefined;
}

interface FieldSpec {
  key: string;
  name: string;
  node: JsonSchemaNode;
  kind: FieldKind;
  required: boolean;
}

const coreApiFields = ["baseUrl", "authType", "testEndpoint"];

function fieldsOf(
  properties: Record<string, JsonSchemaNode> | undefined,
  prefix: string,
  names: string[],
  required: string[] = [],
): FieldSpec[] {
  return names.flatMap((name) => {
    const node = properties?.[name];
    const kind = node === undefined ? undefined : fieldKindOf(node);
    return node === undefined || kind === undefined
      ? []
      : [{ key: `${prefix}${name}`, name, node, kind, required: required.includes(name) }];
  });
}

/** The form's layout for one auth mode: top-level, connection, the mode's own fields, and the rest under "More settings". */
function layoutOf(answer: ConfigSchemaAnswer, authType: AuthTypeDescription | undefined, creating: boolean) {
  const top = answer.schema.properties;
  const api = top?.api;
  const apiProperties = api?.properties ?? {};
  const pluginFieldNames = new Set(answer.authTypes.flatMap((type) => Object.keys(type.configSchema.properties ?? {})));
  const ownFields = Object.keys(authType?.configSchema.properties ?? {});
  const general = fieldsOf(top, "", creating ? ["name", "slug", "enabled"] : ["name", "enabled"], ["name"]);
  const connection = fieldsOf(apiProperties, "api.", coreApiFields, coreApiFields);
  const plugin = fieldsOf(
    { ...apiProperties, ...authType?.configSchema.properties },
    "api.",
    ownFields,
    authType?.configSchema.required,
  );
  const more = fieldsOf(
    apiProperties,
    "api.",
    Object.keys(apiProperties).filter((name) => !coreApiFields.includes(name) && !pluginFieldNames.has(name)),
  );
  return { general, connection, plugin, more };
}

/** Finds the server's error for a field: details name `api.baseUrl`, `config.api.baseUrl`, `token` or `credential.token`. */
function errorFor(errors: Map<string, string>, key: string): string | undefined {
  for (const [path, message] of errors) {
    if (path === key || path.endsWith(`.${key}`) || `credential.${path}` === key) return message;
  }
  return undefined;
}

/** The form's first values: the stored source's (each in its field's form), or a new source's defaults. */
function initialValuesOf(loaded: ConfigSchemaAnswer, source: SourceRecord | undefined): Record<string, FieldValue> {
  const initial: Record<string, FieldValue> = {
    "api.authType": source?.api.authType ?? loaded.authTypes[0]?.type ?? "bearer",
    enabled: source?.enabled ?? true,
  };
  if (source === undefined) return initial;
  initial.name = source.name;
  const apiProperties = loaded.schema.properties?.api?.properties ?? {};
  const ownProperties =
    loaded.authTypes.find((type) => type.type === source.api.authType)?.configSchema.properties ?? {};
  for (const [name, value] of Object.entries(source.api)) {
    const node = ownProperties[name] ?? apiProperties[name];
    const kind = node === undefined ? undefined : fieldKindOf(node);
    const formValue = kind === undefined ? undefined : toFormValue(kind, value);
    if (formValue !== undefined) initial[`api.${name}`] = formValue;
  }
  return initial;
}

/** The `api` object sent: the typed fields, an emptied field of a stored source as null (which removes it: a JSON merge patch). */
function apiFieldsOf(
  fields: FieldSpec[],
  values: Record<string, FieldValue>,
  source: SourceRecord | undefined,
): Record<string, unknown> {
  const apiFields: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fromFormValue(field.kind, values[field.key]);
    if (value === undefined && source?.api[field.name] !== undefined) apiFields[field.name] = null;
    else if (
      value !== undefined &&
      !(field.kind === "boolean" && value === false && source?.api[field.name] === undefined)
    )
      apiFields[field.name] = value;
  }
  return apiFields;
}

/**
 * The source form, built from the server's JSON Schema of config.json (a
 * custom auth plugin's fields appear when its mode is chosen). Creating also
 * asks for the credential, whose fields are emptied after saving and never
 * filled from the server.
 */
export function SourceForm({
  source,
  submitLabel,
  onSubmit,
}: {
  source?: SourceRecord;
  submitLabel: string;
  onSubmit: (output: SourceFormOutput) => Promise<void>;
}) {
  const { api, onUnauthorized } = useApi();
  const creating = source === undefined;
  const [answer, setAnswer] = useState<ConfigSchemaAnswer | undefined>(undefined);
  const [loadError, setLoadError] = useState<unknown>(undefined);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [credential, setCredential] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<ReturnType<typeof problemOf> | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  // The values start from the record as it was when the form opened: the page's live refresh must not undo typing.
  const initialSource = useRef(source);
  useEffect(() => {
    const source = initialSource.current;
    api.configSchema().then(
      (loaded) => {
        setAnswer(loaded);
        setValues(initialValuesOf(loaded, source));
      },
      (error: unknown) => {
        if (!onUnauthorized(error)) setLoadError(error);
      },
    );
  }, [api, onUnauthorized]);

  if (loadError !== undefined) return <ErrorNotice error={loadError} title="Could not load the config schema" />;
  if (answer === undefined) return <p aria-busy="true">Loading the form…</p>;

  const authTypeName = typeof values["api.authType"] === "string" ? values["api.authType"] : "";
  const authType = answer.authTypes.find((type) => type.type === authTypeName);
  const layout = layoutOf(answer, authType, creating);
  // The credential follows the mode's declaration for the api values typed so far (a keyed credential: one secret per header name).
  const typedApi = Object.fromEntries(
    [...layout.connection, ...layout.plugin].map((field) => [field.name, fromFormValue(field.kind, values[field.key])]),
  );
  const credentialFields = authType === undefined ? [] : credentialFieldsFor(authType, typedApi);
  const fieldErrors = problem?.fieldErrors ?? new Map<string, string>();
  const idOf = (key: string): string => `source-${key.replace(/\W/g, "-")}`;
  const render = (field: FieldSpec) => (
    <SchemaField
      key={field.key}
      id={idOf(field.key)}
      name={field.name}
      node={field.node}
      kind={field.kind}
      required={field.required}
      value={values[field.key]}
      error={errorFor(fieldErrors, field.key)}
      onChange={(value) => setValues((previous) => ({ ...previous, [field.key]: value }))}
    />
  );

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const apiFields = apiFieldsOf([...layout.connection, ...layout.plugin, ...layout.more], values, source);
    const slug = fromFormValue("text", values.slug);
    const filled = Object.entries(credential).filter(([, value]) => value !== "");
    setBusy(true);
    setProblem(undefined);
    try {
      await onSubmit({
        config: {
          name: typeof values.name === "string" ? values.name.trim() : "",
          ...(typeof slug === "string" ? { slug } : {}),
          enabled: values.enabled === true,
          api: apiFields,
        },
        credential: creating && filled.length > 0 ? Object.fromEntries(filled) : undefined,
      });
      // Write-only: the credential leaves the page once it is sent.
      setCredential({});
    } catch (error) {
      if (!onUnauthorized(error)) setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="source-form" onSubmit={(event) => void submit(event)} noValidate>
      {problem === undefined ? null : (
        <div class="notice error" role="alert">
          <strong>Not saved</strong> <code>{problem.code}</code>
          <p>{problem.message}</p>
        </div>
      )}
      <fieldset>
        <legend>Source</legend>
        {layout.general.map(render)}
        {creating ? null : (
          <p class="hint">
            Slug: <code>{source.slug}</code> (fixed)
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>Connection</legend>
        {layout.connection.map(render)}
        {authType === undefined ? null : <p class="hint">{authType.description}</p>}
        {layout.plugin.map(render)}
      </fieldset>
      {creating && credentialFields.length > 0 ? (
        <fieldset>
          <legend>Credential (write-only: stored encrypted, never shown again)</legend>
          <CredentialFields
            fields={credentialFields}
            idPrefix={idOf("credential")}
            values={credential}
            errorFor={(name) => errorFor(fieldErrors, `credential.${name}`)}
            onValue={(name, value) => setCredential((previous) => ({ ...previous, [name]: value }))}
          />
        </fieldset>
      ) : null}
      {layout.more.length === 0 ? null : (
        <details
          class="more-settings"
          open={layout.more.some((field) => errorFor(fieldErrors, field.key) !== undefined)}
        >
          {/* The summary names the group once; a fieldset legend would repeat it on the page. */}
          <summary>More settings</summary>
          <div class="fields">{layout.more.map(render)}</div>
        </details>
      )}
      <button type="submit" disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </button>
    </form>
  );
}
