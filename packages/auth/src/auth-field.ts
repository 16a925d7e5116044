/**
 * What a plugin writes in `.meta({ ... })` on each field of its `configSchema`
 * and `credentialSchema`: the declaration every input (CLI flags and prompts,
 * the console's forms, the server's request schema) is built from.
 *
 * ```ts
 * z.object({ keyId: z.string().meta({ label: "Key id", description: "Which key signs", example: "team-key-1" }) })
 * ```
 */
export interface AuthFieldMeta {
  /** What a prompt or a form shows, e.g. `API key`. The conformance suite requires one on every field. */
  readonly label?: string;
  /** One sentence on what the value is and where to find it. */
  readonly description?: string;
  /**
   * Credential fields are secret unless this is `false` (a user name, a client id):
   * read hidden, never a flag, never shown again, always redacted. `api` fields
   * are never secret (`config.json` is not encrypted): `true` there is refused.
   */
  readonly secret?: boolean;
  /** A value that parses, shown in help and as a form's placeholder; never a real secret. */
  readonly example?: string | number | boolean | readonly string[] | Readonly<Record<string, string>>;
  /**
   * A credential field the plugin fills itself at run time (an access token) and
   * saves with `context.saveCredential`: never asked for, never shown.
   */
  readonly managed?: boolean;
  /**
   * On a credential schema that is a record (`z.record(...)`): its keys are the
   * entries of the list in `api.<keysFrom>` (header names, say), one secret each.
   * `label` may hold `{key}`, replaced by each entry.
   */
  readonly keysFrom?: string;
  /**
   * For a field its schema makes optional: required after all unless every `api`
   * field named here has the value given (`{ clientAuth: "none" }`: a public
   * OAuth 2.0 client has no secret, every other one needs it).
   */
  readonly requiredUnless?: Readonly<Record<string, unknown>>;
}

/** One declared field, as the apps use it. */
export interface AuthField {
  /** The key in `api` or in the credential. */
  readonly name: string;
  readonly label: string;
  /** `""` when the plugin gave none. */
  readonly description: string;
  /** Read hidden, never a flag, never shown; always `false` for `api` fields. */
  readonly secret: boolean;
  /** Whether the value must be given (no default, not optional). */
  readonly required: boolean;
  /**
   * True when the config given makes the field pointless (its `requiredUnless` holds: a public OAuth 2.0
   * client has no secret): never asked for, left out of forms. Absent otherwise.
   */
  readonly notNeeded?: boolean | undefined;
  /** What kind of value: a line of text, a number, true or false, a list of strings, names with string values (`map`), or one of `choices`. */
  readonly kind: AuthFieldKind;
  /** For `kind: "choice"`: the values allowed. */
  readonly choices?: readonly string[] | undefined;
  /** The value used when none is given, when the schema has one. */
  readonly default?: unknown;
  /** A value that parses, when the plugin gave one. */
  readonly example?: unknown;
}

/** What kind of value a field takes. */
export type AuthFieldKind = "text" | "number" | "boolean" | "list" | "map" | "choice";

/** Every field a plugin declares, for one config when it is known. */
export interface AuthFields {
  /** The extra `api` fields of the mode, in schema order. */
  readonly config: readonly AuthField[];
  /**
   * The credential fields a person gives, in schema order (fields the plugin
   * manages itself left out). For a credential keyed by an `api` list
   * (`keysFrom`), one field per entry when the config was given.
   */
  readonly credential: readonly AuthField[];
  /** Set when the credential's keys come from the list in `api.<field>`: the field, and how each key is declared. */
  readonly credentialKeysFrom?: { readonly field: string; readonly each: AuthField } | undefined;
}
