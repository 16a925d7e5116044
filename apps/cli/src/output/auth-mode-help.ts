import { describeAuthFields, type AnyAuthPluginV2, type AuthField, type AuthRegistry } from "@src/auth";
import { aliasFlagOf } from "../input/field-flag-aliases";
import { exampleText } from "../input/read-auth-fields";

function exampleOf(field: AuthField): string {
  if (field.example === undefined) return "";
  return ` (e.g. ${exampleText(field.example)})`;
}

function line(field: AuthField, how: string): string {
  const facts = [
    field.required ? "required" : "optional",
    how,
    ...(field.default === undefined ? [] : [`default ${JSON.stringify(field.default)}`]),
    ...(field.choices === undefined ? [] : [`one of ${field.choices.join(", ")}`]),
  ];
  const description = field.description === "" ? "" : `: ${field.description.replace(/\.$/, "")}`;
  return `    ${field.name} (${facts.join("; ")}) ${field.label}${description}${field.secret ? "" : exampleOf(field)}`;
}

/** ` (or --username)` when the field has an older alias flag. */
function aliasOf(field: AuthField): string {
  const alias = aliasFlagOf(field.name);
  return alias === undefined ? "" : ` (or ${alias})`;
}

/** What `src source add --auth TYPE --help` adds: the mode's description, each of its fields, and how secrets are given. */
export function authModeHelp(plugin: AnyAuthPluginV2): string {
  const fields = describeAuthFields(plugin);
  const secrets = fields.credential.filter((field) => field.secret);
  const lines = [`Auth mode "${plugin.type}": ${plugin.description}`];
  lines.push(fields.config.length === 0 ? "  api fields: none" : "  api fields (--set FIELD=VALUE):");
  for (const field of fields.config) lines.push(line(field, `--set ${field.name}=VALUE`));
  lines.push("  credential fields (kept encrypted with the secret in the vault, never in config.json):");
  for (const field of fields.credential)
    lines.push(
      line(
        field,
        field.secret
          ? "secret: --credential-stdin or a hidden prompt"
          : `--set ${field.name}=VALUE${aliasOf(field)}, or "${field.name}" in the JSON object on --credential-stdin`,
      ),
    );
  if (fields.credentialKeysFrom !== undefined) {
    const { field, each } = fields.credentialKeysFrom;
    lines.push(line({ ...each, name: `<each name in api.${field}>` }, "secret: --credential-stdin or a hidden prompt"));
  }
  const plain = fields.credential.filter((field) => !field.secret).map((field) => field.name);
  const objectExample = (names: readonly string[]): string =>
    `printf '%s' '{${names.map((name) => `"${name}":"…"`).join(",")}}' | src source add … --credential-stdin`;
  if (secrets.length > 1 || fields.credentialKeysFrom !== undefined) {
    const names = fields.credentialKeysFrom === undefined ? secrets.map((field) => field.name) : ["NAME1", "NAME2"];
    lines.push(
      `  several secrets: pipe a JSON object to --credential-stdin, e.g. ${objectExample([...plain, ...names])}`,
    );
  } else if (secrets.length === 1) {
    lines.push(
      `  the secret: pipe it to --credential-stdin, e.g. printf '%s' "$SECRET" | src source add … --credential-stdin`,
    );
    if (plain.length > 0)
      lines.push(
        `  or the whole credential as a JSON object, which keeps ${plain.join(", ")} out of shell history and the process list too: ${objectExample([...plain, secrets[0]!.name])}`,
      );
  }
  if (plugin.signIn !== undefined)
    lines.push(
      "  sign-in: a person signs in with `src auth login SLUG` when the mode needs it (see `src auth status SLUG`)",
    );
  return lines.join("\n");
}

/** The list of modes under `src source add --help`. */
export function authModesHelp(registry: AuthRegistry): string {
  return [
    `Auth modes (--auth): ${registry.types.join(", ")}`,
    "  `src source add --auth TYPE --help` lists a mode's fields.",
  ].join("\n");
}
