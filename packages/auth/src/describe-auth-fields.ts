import { z } from "zod";
import type { AuthField, AuthFieldKind, AuthFieldMeta, AuthFields } from "./auth-field";
import type { AnyAuthPluginV2 } from "./auth-plugin-v2";

type AnySchema = z.core.$ZodType;

interface Unwrapped {
  readonly meta: AuthFieldMeta;
  readonly inner: AnySchema;
  readonly default?: unknown;
}

/** A zod 4 schema, from any copy of zod (a plugin may bring its own): read by its definition, never by `instanceof`. */
function isZodSchema(value: unknown): value is AnySchema {
  return (
    typeof value === "object" && value !== null && typeof (value as { _zod?: { def?: unknown } })._zod?.def === "object"
  );
}

/** The schema under optional / default / nullable / pipe wrappers, with the metadata of every layer (outer wins) and the default. */
function unwrap(schema: AnySchema): Unwrapped {
  let meta: Record<string, unknown> = {};
  let current: AnySchema = schema;
  let fallback: unknown;
  for (let depth = 0; depth < 16 && isZodSchema(current); depth += 1) {
    const layer: Record<string, unknown> | undefined = z.globalRegistry.get(current);
    meta = { ...layer, ...meta };
    const def = current._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema; defaultValue?: unknown };
    if (def.type === "default" || def.type === "prefault")
      fallback ??= typeof def.defaultValue === "function" ? (def.defaultValue as () => unknown)() : def.defaultValue;
    const next = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
    if (!isZodSchema(next)) break;
    current = next;
  }
  return { meta: meta, inner: current, ...(fallback === undefined ? {} : { default: fallback }) };
}

function kindOf(schema: AnySchema): { kind: AuthFieldKind; choices?: string[] } {
  if (!isZodSchema(schema)) return { kind: "text" };
  const def = schema._zod.def as { type: string; entries?: Record<string, string | number>; values?: unknown[] };
  switch (def.type) {
    case "number":
    case "int":
    case "bigint":
      return { kind: "number" };
    case "boolean":
      return { kind: "boolean" };
    case "array":
    case "set":
      return { kind: "list" };
    case "record":
      return { kind: "map" };
    case "enum":
      return { kind: "choice", choices: Object.values(def.entries ?? {}).map(String) };
    case "literal":
      return { kind: "choice", choices: (def.values ?? []).map(String) };
    default:
      return { kind: "text" };
  }
}

/** `clientId` → `Client id`: a label for a field that declares none. */
function labelFromName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether `config` has every value `requiredUnless` names (then the field stays optional). */
function matches(config: Record<string, unknown> | undefined, values: Readonly<Record<string, unknown>>): boolean {
  return config !== undefined && Object.entries(values).every(([name, value]) => config[name] === value);
}

function fieldOf(
  name: string,
  schema: AnySchema,
  secretByDefault: boolean,
  config?: Record<string, unknown>,
): { field: AuthField; managed: boolean } {
  const { meta, inner, default: fallback } = unwrap(schema);
  const optionalInSchema = isZodSchema(schema) && (schema as z.ZodType).safeParse(undefined).success;
  // Without a config a conditionally required field is shown as optional (it may be).
  const required =
    !optionalInSchema ||
    (meta.requiredUnless !== undefined && config !== undefined && !matches(config, meta.requiredUnless));
  const notNeeded = meta.requiredUnless !== undefined && matches(config, meta.requiredUnless);
  const { kind, choices } = kindOf(inner);
  const field: AuthField = {
    name,
    label: typeof meta.label === "string" && meta.label.trim() !== "" ? meta.label : labelFromName(name),
    description: typeof meta.description === "string" ? meta.description : "",
    secret: secretByDefault ? meta.secret !== false : false,
    required,
    ...(notNeeded ? { notNeeded: true } : {}),
    kind,
    ...(choices === undefined ? {} : { choices }),
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(meta.example === undefined ? {} : { example: meta.example }),
  };
  return { field, managed: meta.managed === true };
}

/** The named fields of an object schema (through refinements); `undefined` for any other schema. */
export function objectShapeOf(schema: unknown): Record<string, AnySchema> | undefined {
  const unwrapped = unwrap(schema as AnySchema).inner;
  if (!isZodSchema(unwrapped)) return undefined;
  const def = unwrapped._zod.def as { type: string; shape?: Record<string, AnySchema> };
  return def.type === "object" && def.shape !== undefined ? def.shape : undefined;
}

/** The metadata written on a schema (its wrappers included). */
export function fieldMetaOf(schema: unknown): AuthFieldMeta {
  return unwrap(schema as AnySchema).meta;
}

/** The list an `api` field holds, as strings (for `keysFrom`). */
function listIn(config: Record<string, unknown> | undefined, field: string): string[] | undefined {
  const value = config?.[field];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string" && item !== "")
    : undefined;
}

/**
 * The fields a plugin declares, read from its zod schemas' metadata
 * (`AuthFieldMeta`): each `api` field and each credential field a person gives,
 * with its label (or one made from its name), description, whether it is secret
 * (credential fields are, unless `secret: false`), whether it is required, its
 * kind and its example. With `config`, a credential keyed by an `api` list
 * (`keysFrom`) has one field per entry.
 */
export function describeAuthFields(
  plugin: Pick<AnyAuthPluginV2, "configSchema" | "credentialSchema">,
  config?: Record<string, unknown>,
): AuthFields {
  const configShape = objectShapeOf(plugin.configSchema) ?? {};
  const configFields = Object.entries(configShape).map(([name, schema]) => fieldOf(name, schema, false, config).field);
  const credentialShape = objectShapeOf(plugin.credentialSchema);
  if (credentialShape !== undefined) {
    const credential = Object.entries(credentialShape)
      .map(([name, schema]) => fieldOf(name, schema, true, config))
      .filter(({ managed }) => !managed)
      .map(({ field }) => field);
    return { config: configFields, credential };
  }
  const { meta, inner } = unwrap(plugin.credentialSchema as AnySchema);
  const record = isZodSchema(inner) ? (inner._zod.def as { type: string; valueType?: AnySchema }) : undefined;
  if (typeof meta.keysFrom !== "string" || record?.type !== "record" || record.valueType === undefined)
    return { config: configFields, credential: [] };
  const keysFrom = meta.keysFrom;
  const each = fieldOf("{key}", record.valueType, true).field;
  const template: AuthField = {
    ...each,
    label: typeof meta.label === "string" ? meta.label : "Value of {key}",
    description: typeof meta.description === "string" ? meta.description : each.description,
    required: true,
  };
  const keys = listIn(config, keysFrom) ?? [];
  const credential = keys.map((key) => ({ ...template, name: key, label: template.label.replaceAll("{key}", key) }));
  return { config: configFields, credential, credentialKeysFrom: { field: keysFrom, each: template } };
}
