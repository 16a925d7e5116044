import { CREDENTIAL_MODES, type CredentialMode } from "@src/config";
import { InvalidInputError } from "../errors/invalid-input-error";

/** The `--credentials` flag of `src source add|edit`: `shared` (one credential for every agent) or `per-user` (each person's own). */
export const credentialsFlagDescription =
  'whose credential calls send: "shared" (one for every agent, the default) or "per-user" (each person connects their own; none → NOT_CONNECTED, never someone else\'s)';

/** The flag's value checked; `undefined` when it was not given. */
export function credentialModeOf(value: string | undefined): CredentialMode | undefined {
  if (value === undefined) return undefined;
  if ((CREDENTIAL_MODES as readonly string[]).includes(value)) return value as CredentialMode;
  throw new InvalidInputError({
    flag: "--credentials",
    problem: `must be "shared" or "per-user" (got ${JSON.stringify(value)}); nothing was changed`,
  });
}
