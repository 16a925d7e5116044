import { isPrincipal, principalForms } from "@src/service";
import { InvalidInputError } from "../errors/invalid-input-error";

/**
 * `--principal`'s value, refused (exit 2) unless it is a principal (`local`, `token:NAME`, `grant:NAME`, `idp:SUB`):
 * checked before anything is read, sent or stored. `untouched` says what was left alone, e.g. "nothing was stored".
 */
export function principalFlag(value: string | undefined, untouched: string): string | undefined {
  if (value === undefined || isPrincipal(value)) return value;
  throw new InvalidInputError({
    flag: "--principal",
    problem: `${JSON.stringify(value)} is not a principal; write ${principalForms}; ${untouched}`,
  });
}
