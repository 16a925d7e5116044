import type { VaultKeySource } from "./key-source";

/** What a refused key check knows besides the file, so its message gives advice that fits. */
export interface WrongKeyContext {
  /** The slugs stored in the file (readable without the key): what a reset would set aside. */
  readonly storedSlugs: readonly string[];
  /** This process had read the vault under another vault id: it was re-encrypted since (`src vault rotate`). */
  readonly rotatedSinceOpened: boolean;
}

/** "3 credentials (github, stripe, crm)", at most five names. */
function describeCredentials(slugs: readonly string[]): string {
  if (slugs.length === 0) return "no credentials";
  const shown = slugs.slice(0, 5).join(", ");
  const more = slugs.length > 5 ? ` and ${slugs.length - 5} more` : "";
  return `${slugs.length} credential${slugs.length === 1 ? "" : "s"} (${shown}${more})`;
}

/**
 * The one place a message offers `src vault reset`: only for a key that is lost for good, and saying what the reset
 * sets aside, since the credentials then have to be entered again.
 */
export function lostKeyAdvice(storedSlugs: readonly string[] | undefined): string {
  const what = storedSlugs === undefined ? "every credential stored in it" : `its ${describeCredentials(storedSlugs)}`;
  return (
    "Only if that key is lost for good: `src vault reset --yes` moves the vault aside (renamed, never deleted) and " +
    `${what} can no longer be used: each must be stored again with \`src credential set SLUG\`.`
  );
}

/** How the process gets the new key, by where its key comes from. */
function newKeyStep(kind: VaultKeySource["kind"], keyFile: string | undefined): string {
  if (kind === "key") return "set SRC_VAULT_KEY to the new key and restart this process";
  if (kind === "passphrase") return "set SRC_VAULT_PASSPHRASE to the new passphrase and restart this process";
  return (
    `the key file ${keyFile ?? "$SRC_HOME/vault.key"} was read again and does not open it either, so the new key is ` +
    "elsewhere: if the rotation was to a key (--new-key-stdin) or a passphrase, set SRC_VAULT_KEY or SRC_VAULT_PASSPHRASE to it and restart this process"
  );
}

/** The advice of a `WRONG_KEY`: for a vault rotated under a running process, how to give it the new key; otherwise, which key to use. */
export function wrongKeyAdvice({
  context,
  kind,
  keyFile,
}: {
  context: WrongKeyContext;
  kind: VaultKeySource["kind"];
  keyFile?: string | undefined;
}): string {
  if (context.rotatedSinceOpened) {
    return (
      `It was re-encrypted under another key after this process opened it (\`src vault rotate\`): ${newKeyStep(kind, keyFile)}. ` +
      `Its ${describeCredentials(context.storedSlugs)} ${context.storedSlugs.length === 1 ? "is" : "are"} intact and the file was not changed; do not reset the vault.`
    );
  }
  return (
    "Use the key it was created with (SRC_VAULT_KEY, SRC_VAULT_PASSPHRASE or the key file $SRC_HOME/vault.key); " +
    "if you are sure the key is right, the vault header was altered. The file was not changed. " +
    lostKeyAdvice(context.storedSlugs)
  );
}
