import { describeAuthFields, type AnyAuthPluginV2, type AuthField } from "@src/auth";
import { sourceApiSchema } from "@src/config";
import type { CommandContext } from "../command-context";
import { InvalidInputError } from "../errors/invalid-input-error";
import { UsageError } from "../errors/usage-error";
import { aliasFlagOf } from "./field-flag-aliases";
import { askChoice, askSecret, askText } from "./prompts";
import { readStdinText } from "./read-stdin-text";

/** The fields given on the command line (`--set`, `--api`, the alias flags), by field name, and the flag that gave each. */
export interface GivenFields {
  readonly values: Readonly<Record<string, string | readonly string[]>>;
  readonly flagOf: Readonly<Record<string, string>>;
}

/** Where each missing value would come from, collected so one error names them all. */
export type MissingFlags = string[];

/** How a missing field is named in an error: its alias flag when it has one, else `--set FIELD=VALUE`. */
const flagFor = (field: AuthField, aliases: Readonly<Record<string, string>>): string =>
  aliases[field.name] ?? aliasFlagOf(field.name) ?? `--set ${field.name}=VALUE`;

/**
 * A field of every source's `api` block that takes `true`/`false` or a number (`propagateTrace`, `timeoutMs`), as
 * `@src/config`'s schema says, so `--set propagateTrace=true` stores a boolean: the kind `valueOfKind` reads. Fields of
 * the auth mode are declared by it instead; every other field stays text.
 */
export function sourceApiFieldOf(name: string): AuthField | undefined {
  let schema = (sourceApiSchema.shape as Record<string, unknown>)[name] as
    { def: { type: string; innerType?: unknown } } | undefined;
  while (schema !== undefined && (schema.def.type === "optional" || schema.def.type === "nullable"))
    schema = schema.def.innerType as typeof schema;
  const kind = schema?.def.type;
  if (kind !== "boolean" && kind !== "number") return undefined;
  return { name, label: name, description: "", kind, required: false, secret: false };
}

/** A command-line value in the kind the field declares (the mode's schema checks it afterwards). */
export function valueOfKind(field: AuthField | undefined, value: string | readonly string[]): unknown {
  if (field?.kind === "map") return mapOf(value);
  if (Array.isArray(value)) return [...(value as string[])];
  const text = value as string;
  switch (field?.kind) {
    case "list":
      if (text.trim().startsWith("[")) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return text;
        }
      }
      return text
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "");
    case "number":
      return text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
    case "boolean":
      return text === "true" ? true : text === "false" ? false : text;
    default:
      return text;
  }
}

/**
 * A `map` field from the command line: a JSON object, or `name=value` pairs (repeated flags, or
 * comma-separated). Text that is neither is passed on as it is, for the mode's check to name.
 */
function mapOf(value: string | readonly string[]): unknown {
  const items = Array.isArray(value) ? (value as string[]) : [value as string];
  if (items.length === 1 && items[0]!.trim().startsWith("{")) {
    try {
      return JSON.parse(items[0]!) as unknown;
    } catch {
      return items[0];
    }
  }
  // Repeated flags give one pair each (a value may hold a comma); one --set value may list several, comma-separated.
  const pairs = (Array.isArray(value) ? items : items.flatMap((item) => item.split(",")))
    .map((item) => item.trim())
    .filter((item) => item !== "");
  if (!pairs.every((pair) => pair.indexOf("=") > 0)) return Array.isArray(value) ? items : value;
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
}

/** Refuses a given field that is a secret of the mode: secrets never come from a flag. */
function refuseSecretFlags(
  plugin: AnyAuthPluginV2,
  given: GivenFields,
  secretNames: ReadonlySet<string>,
  command: string,
): void {
  for (const name of Object.keys(given.values)) {
    if (!secretNames.has(name)) continue;
    throw new UsageError({
      message: `${command}: ${given.flagOf[name] ?? "--set"} ${name}: "${name}" is a secret of auth type "${plugin.type}" and never a flag (flags show up in shell history and process lists); pipe it with --credential-stdin, or run in a terminal to be asked with hidden input`,
    });
  }
}

/**
 * The `api` fields of the mode: each declared field from the command line (in
 * its kind), the required ones without a default asked for in a terminal, or
 * pushed to `missing`; given fields the mode does not declare pass through (the
 * config check names them, with "did you mean").
 */
export async function readApiFields(
  context: CommandContext,
  plugin: AnyAuthPluginV2,
  given: GivenFields,
  { ask, missing, command }: { ask: boolean; missing: MissingFlags; command: string },
): Promise<Record<string, unknown>> {
  const declared = describeAuthFields(plugin);
  const credentialNames = new Set(declared.credential.map((field) => field.name));
  refuseSecretFlags(
    plugin,
    given,
    new Set(declared.credential.filter((field) => field.secret).map((field) => field.name)),
    command,
  );
  const api: Record<string, unknown> = {};
  const fieldOf = new Map(declared.config.map((field) => [field.name, field]));
  for (const [name, value] of Object.entries(given.values)) {
    if (credentialNames.has(name) && !fieldOf.has(name)) continue;
    api[name] = valueOfKind(fieldOf.get(name) ?? sourceApiFieldOf(name), value);
  }
  for (const field of declared.config) {
    if (api[field.name] !== undefined || !field.required) continue;
    if (!ask || !context.interactive) {
      missing.push(flagFor(field, given.flagOf));
      continue;
    }
    api[field.name] =
      field.kind === "choice" && field.choices !== undefined
        ? await askChoice(
            field.label,
            field.choices.map((choice) => ({ value: choice, label: choice })),
          )
        : valueOfKind(
            field,
            await askText(promptOf(field), {
              ...exampleOf(field),
              validate: (text) => (text.trim() === "" ? "required" : undefined),
            }),
          );
  }
  return api;
}

function promptOf(field: AuthField): string {
  return field.label;
}

/** A declared example as the command line would write it: a list comma-separated. */
export function exampleText(example: unknown): string {
  if (Array.isArray(example)) return example.map((item) => exampleText(item)).join(",");
  if (typeof example === "object" && example !== null)
    return Object.entries(example)
      .map(([name, value]) => `${name}=${String(value)}`)
      .join(",");
  return typeof example === "string" || typeof example === "number" || typeof example === "boolean"
    ? String(example)
    : JSON.stringify(example);
}

function exampleOf(field: AuthField): { example?: string } {
  return field.example === undefined ? {} : { example: exampleText(field.example) };
}

/** Where the credential's values come from. */
export interface CredentialInput {
  /** The non-secret fields given on the command line (`--set`, `--username`, `--client-id`). */
  readonly given: GivenFields;
  /**
   * `--credential-stdin`: the secret (one secret field) or a JSON object of the credential's fields (several
   * secrets, or a non-secret field such as basic's username that should not be a flag either), from stdin.
   */
  readonly credentialStdin: boolean;
  /** Non-secret fields of the credential stored now, used when neither a flag nor stdin gives a new value. Default none. */
  readonly stored?: Readonly<Record<string, string>>;
  /** Told which stored fields are kept, before any prompt (`src credential set` says so). */
  readonly keepsStored?: (names: readonly string[]) => void;
  /** Refuse a given field the mode does not declare (`src credential set`); else it is left to the `api` block's check (`src source add`). Default false. */
  readonly refuseUnknown?: boolean;
}

/**
 * The text on stdin as a JSON object of the credential's fields (`{ "username": "…", "password": "…" }`): only when
 * it is an object whose keys are all fields of the credential, so a raw secret that happens to look like JSON is
 * kept as it is. An object that names some of the fields and others besides (a typo, a field the mode manages such as
 * `accessToken`) is refused, naming them: it was meant as the credential, and stored whole as one secret it would be
 * sent as that secret. Each value must be a string.
 */
function credentialObjectOf(text: string, fields: readonly AuthField[]): Record<string, string> | undefined {
  const names = fields.map((field) => field.name);
  let parsed: unknown;
  try {
    parsed = text.trimStart().startsWith("{") ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length === 0)
    return undefined;
  const unknown = Object.keys(parsed).filter((key) => !names.includes(key));
  if (unknown.length === Object.keys(parsed).length) return undefined;
  if (unknown.length > 0)
    throw new InvalidInputError({
      flag: "--credential-stdin",
      problem: `the JSON object has ${unknown.map((key) => JSON.stringify(key)).join(", ")}, which ${unknown.length === 1 ? "is not a field" : "are not fields"} of this credential (its fields: ${names.join(", ")}; the mode fills in the others itself); fix or leave out ${unknown.length === 1 ? "that key" : "those keys"}. Nothing was stored`,
    });
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== "string")
      throw new InvalidInputError({
        flag: "--credential-stdin",
        problem: `"${key}" must be a string in the JSON object; nothing was stored`,
      });
    values[key] = value;
  }
  return values;
}

/** The secret fields from stdin: those of the JSON object when the text is one, else the raw text for the one required secret. */
function secretsFromStdin(
  plugin: AnyAuthPluginV2,
  text: string,
  object: Readonly<Record<string, string>> | undefined,
  secrets: readonly AuthField[],
  command: string,
): Record<string, string> {
  if (object !== undefined) {
    const values: Record<string, string> = {};
    for (const field of secrets) if (object[field.name] !== undefined) values[field.name] = object[field.name]!;
    const absent = secrets
      .filter((field) => field.required && values[field.name] === undefined)
      .map((field) => `"${field.name}"`);
    if (absent.length > 0)
      throw new InvalidInputError({
        flag: "--credential-stdin",
        problem: `the JSON object has no ${absent.join(", ")}, which auth type "${plugin.type}" needs; nothing was stored`,
      });
    return values;
  }
  const required = secrets.filter((field) => field.required);
  const only = required.length === 1 ? required[0] : secrets.length === 1 ? secrets[0] : undefined;
  if (only !== undefined) return { [only.name]: text };
  const names = secrets.map((field) => field.name);
  const example = `{${secrets.map((field) => `"${field.name}":"…"`).join(",")}}`;
  throw new InvalidInputError({
    flag: "--credential-stdin",
    problem: `auth type "${plugin.type}" has ${secrets.length} secret fields (${names.join(", ")}): pipe a JSON object of them, e.g. printf '%s' '${example}' | ${command} … --credential-stdin (the fields not needed may be left out); nothing was stored`,
  });
}

/**
 * The credential a mode expects, from its declared fields for `config`: the
 * non-secret fields from the command line, the JSON object on stdin, the stored
 * credential or a prompt; the secrets from stdin (raw for one, a JSON object of
 * the credential's fields otherwise) or hidden prompts. Missing values are
 * pushed to `missing` when no one can be asked. The object is checked by the
 * service, never printed.
 */
export async function readCredentialFields(
  context: CommandContext,
  plugin: AnyAuthPluginV2,
  config: Record<string, unknown>,
  { given, credentialStdin, stored = {}, keepsStored, refuseUnknown = false }: CredentialInput,
  { missing, command }: { missing: MissingFlags; command: string },
): Promise<Record<string, string>> {
  const fields = describeAuthFields(plugin, config).credential;
  const secrets = fields.filter((field) => field.secret);
  const plain = fields.filter((field) => !field.secret);
  refuseSecretFlags(plugin, given, new Set(secrets.map((field) => field.name)), command);
  const known = new Set([
    ...fields.map((field) => field.name),
    ...describeAuthFields(plugin).config.map((field) => field.name),
  ]);
  for (const name of Object.keys(given.values)) {
    if (known.has(name) || !refuseUnknown) continue;
    const fieldList = fields.map((field) => `${field.name}${field.secret ? " (secret)" : ""}`).join(", ");
    throw new UsageError({
      message: `${command}: ${given.flagOf[name] ?? "--set"} sets "${name}", which auth type "${plugin.type}" does not have; its credential fields are ${fieldList === "" ? "none" : fieldList} (src source add --auth ${plugin.type} --help)`,
    });
  }
  const credential: Record<string, string> = {};
  for (const field of plain) {
    const value = given.values[field.name];
    if (value !== undefined) credential[field.name] = Array.isArray(value) ? value.join(",") : (value as string);
  }
  // Stdin carries the credential, so it cannot also answer prompts: what it does not give must come from flags. It is
  // read when the credential needs something of it. While other flags are missing it is read only when it is piped
  // (a failing command waits for no typing) and a credential field is missing too: the JSON object may hold that
  // field, and the error names only what neither the flags nor the object give.
  const needsSecrets = !secrets.every((field) => field.notNeeded === true);
  const plainMissing = plain.some(
    (field) => field.required && credential[field.name] === undefined && stored[field.name] === undefined,
  );
  const readable = missing.length === 0 || (plainMissing && process.stdin.isTTY !== true);
  let piped: { text: string; object: Record<string, string> | undefined } | undefined;
  if (credentialStdin && readable && (needsSecrets || plainMissing)) {
    const text = await readStdinText({ flag: "--credential-stdin" });
    piped = { text, object: credentialObjectOf(text, fields) };
    for (const field of plain) {
      const value = piped.object?.[field.name];
      if (value === undefined) continue;
      if (credential[field.name] !== undefined)
        throw new InvalidInputError({
          flag: "--credential-stdin",
          problem: `"${field.name}" is in the JSON object and given by ${given.flagOf[field.name] ?? "--set"} as well; give it once; nothing was stored`,
        });
      credential[field.name] = value;
    }
  }
  const kept = plain.filter((field) => credential[field.name] === undefined && stored[field.name] !== undefined);
  for (const field of kept) credential[field.name] = stored[field.name]!;
  if (kept.length > 0) keepsStored?.(kept.map((field) => field.name));
  const missingPlain = plain.filter((field) => field.required && credential[field.name] === undefined);
  const askable = context.interactive && !credentialStdin;
  for (const field of missingPlain) {
    if (!askable)
      missing.push(
        credentialStdin
          ? `${flagFor(field, given.flagOf)} (or "${field.name}" in the JSON object on --credential-stdin)`
          : flagFor(field, given.flagOf),
      );
    else
      credential[field.name] = await askText(promptOf(field), {
        ...exampleOf(field),
        validate: (text) => (text.trim() === "" ? "required" : undefined),
      });
  }
  const requiredSecrets = secrets.filter((field) => field.required);
  if (credentialStdin) {
    if (missing.length > 0 || piped === undefined || !needsSecrets) return credential;
    Object.assign(credential, secretsFromStdin(plugin, piped.text, piped.object, secrets, command));
    return credential;
  }
  if (!context.interactive) {
    if (requiredSecrets.length > 0)
      missing.push(
        `--credential-stdin (pipe ${requiredSecrets.length === 1 ? `the ${requiredSecrets[0]!.label.toLowerCase()}` : `a JSON object of ${requiredSecrets.map((field) => field.name).join(", ")}`} on stdin)`,
      );
    return credential;
  }
  // A field the config makes pointless (a public client's secret, --client-auth none) is never asked for.
  for (const field of secrets.filter((secret) => secret.notNeeded !== true)) {
    const value = await askSecret(`${field.label} (hidden${field.required ? "" : ", Enter to skip"})`, {
      optional: !field.required,
    });
    if (value !== "") credential[field.name] = value;
  }
  return credential;
}
