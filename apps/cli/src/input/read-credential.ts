import type { RegisteredAuthPlugin as AnyAuthPlugin } from "@src/auth";
import type { CommandContext } from "../command-context";
import { MissingInputError } from "../errors/missing-input-error";
import { UsageError } from "../errors/usage-error";
import { askSecret, askText } from "./prompts";
import { readStdinText } from "./read-stdin-text";

/** Where the credential comes from. Secrets never come from a flag. */
export interface CredentialSources {
  /** `--username U`: fills a non-secret field named `username` (basic auth). Default none. */
  username?: string;
  /** `--credential-stdin`: the secret field is read from stdin (one trailing newline removed). Default false. */
  credentialStdin?: boolean;
  /** `--client-id ID`: fills a non-secret field named `clientId` (oauth2). Default none. */
  clientId?: string;
}

/**
 * Gathers the credential object a plugin expects (`plugin.credentialFields`):
 * the secret from stdin or a hidden prompt, `username` from `--username` or a
 * prompt. Without a terminal, missing fields are a `MissingInputError`.
 * The object is checked by the service, never printed.
 */
export async function readCredential(
  context: CommandContext,
  plugin: AnyAuthPlugin,
  { username, credentialStdin = false, clientId }: CredentialSources,
  command: string,
  /** Non-secret fields of the credential stored now (`username`), used when no flag gives a new value. Default none. */
  stored: Readonly<Record<string, string>> = {},
  /** `false` when the source needs no secret: an OAuth 2.0 public client (`--client-auth none`) has no client secret to ask for. Default true. */
  secretsNeeded = true,
): Promise<Record<string, string>> {
  const credential: Record<string, string> = {};
  const secretFields = secretsNeeded ? plugin.credentialFields.filter((field) => field.secret) : [];
  const plainFields = plugin.credentialFields.filter((field) => !field.secret);
  if (username !== undefined) {
    if (!plainFields.some((field) => field.name === "username")) {
      throw new UsageError({ message: `${command}: --username is only used with --auth basic (auth type "${plugin.type}" has no username)` });
    }
    credential.username = username;
  }
  if (clientId !== undefined) {
    if (!plainFields.some((field) => field.name === "clientId")) {
      throw new UsageError({ message: `${command}: --client-id is only used with --auth oauth2 (auth type "${plugin.type}" has no client id)` });
    }
    credential.clientId = clientId;
  }
  for (const field of plainFields) if (credential[field.name] === undefined && stored[field.name] !== undefined) credential[field.name] = stored[field.name]!;
  const missingPlain = plainFields.filter((field) => credential[field.name] === undefined);
  const flagOf = (name: string): string => (name === "username" ? "--username" : name === "clientId" ? "--client-id" : `the ${name} field`);

  if (!secretsNeeded) {
    // Nothing secret to read: stdin is left alone, and only the plain fields are needed.
    if (missingPlain.length > 0 && (credentialStdin || !context.interactive)) throw new MissingInputError({ command, flags: missingPlain.map((field) => flagOf(field.name)) });
    for (const field of missingPlain) credential[field.name] = await askText(field.label, { validate: (value) => (value.trim() === "" ? "required" : undefined) });
    return credential;
  }

  if (credentialStdin) {
    if (secretFields.length !== 1) {
      throw new UsageError({
        message: `${command}: auth type "${plugin.type}" needs ${secretFields.length} secret fields; --credential-stdin reads exactly one. Run in a terminal to be asked for each.`,
      });
    }
    // stdin carries the secret, so it cannot also answer prompts: every other field must come from flags.
    if (missingPlain.length > 0) throw new MissingInputError({ command, flags: missingPlain.map((field) => flagOf(field.name)) });
    credential[secretFields[0]!.name] = await readStdinText({ flag: "--credential-stdin" });
    return credential;
  }

  if (!context.interactive) {
    throw new MissingInputError({ command, flags: [...missingPlain.map((field) => flagOf(field.name)), "--credential-stdin (pipe the secret on stdin)"] });
  }
  for (const field of missingPlain) credential[field.name] = await askText(field.label, { validate: (value) => (value.trim() === "" ? "required" : undefined) });
  for (const field of secretFields) credential[field.name] = await askSecret(`${field.label} (hidden)`);
  return credential;
}
