import { inspect } from "node:util";

/** Shown instead of every credential value by `util.inspect`, `console.log` and `JSON.stringify`. */
export const REDACTED = "[REDACTED]";

/** A credential read from the vault: its fields are readable (`credential.token`), but it never prints them. */
export type VaultCredential<TCredential extends Record<string, unknown> = Record<string, unknown>> =
  Readonly<TCredential>;

function redactedShape(credential: object): Record<string, string> {
  return Object.fromEntries(Object.keys(credential).map((key) => [key, REDACTED]));
}

/**
 * Wraps credential values in a frozen plain object whose fields read normally
 * but whose `toJSON` and `util.inspect` show `[REDACTED]` for every value.
 * The two methods are non-enumerable, so `Object.keys` and spreading see only
 * the credential fields.
 */
export function createRedactedCredential<TCredential extends Record<string, unknown>>(
  values: TCredential,
): VaultCredential<TCredential> {
  const credential = { ...values };
  Object.defineProperties(credential, {
    toJSON: { value: () => redactedShape(credential), enumerable: false },
    [inspect.custom]: {
      value: (_depth: number, options: { stylize?: (text: string, style: string) => string }) => {
        const fields = Object.keys(credential).map(
          (key) => `${key}: ${options.stylize?.(REDACTED, "special") ?? REDACTED}`,
        );
        return `VaultCredential { ${fields.join(", ")} }`;
      },
      enumerable: false,
    },
  });
  return Object.freeze(credential);
}
