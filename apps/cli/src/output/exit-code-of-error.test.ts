import { describe, expect, it } from "vitest";
import { CancelledError } from "../errors/cancelled-error";
import { UsageError } from "../errors/usage-error";
import { EXIT_CODES } from "../exit-codes";
import { codeOfError, exitCodeOfError } from "./exit-code-of-error";

const withCode = (code: string): Error => Object.assign(new Error("x"), { code });

describe("exitCodeOfError", () => {
  const rows: { why: string; error: unknown; exit: number }[] = [
    { why: "invalid config is bad input", error: withCode("INVALID_SOURCE"), exit: EXIT_CODES.USAGE },
    { why: "unknown slug is bad input", error: withCode("SOURCE_NOT_FOUND"), exit: EXIT_CODES.USAGE },
    { why: "duplicate slug is bad input", error: withCode("DUPLICATE_SLUG"), exit: EXIT_CODES.USAGE },
    { why: "a refused credential is bad input", error: withCode("INVALID_CREDENTIAL"), exit: EXIT_CODES.USAGE },
    { why: "an unknown auth type is bad input", error: withCode("UNKNOWN_AUTH_TYPE"), exit: EXIT_CODES.USAGE },
    { why: "a malformed SRC_VAULT_KEY is bad input", error: withCode("INVALID_KEY"), exit: EXIT_CODES.USAGE },
    { why: "an unknown tool is bad input", error: withCode("UNKNOWN_TOOL"), exit: EXIT_CODES.USAGE },
    { why: "a wrong vault key is a failure of the operation", error: withCode("WRONG_KEY"), exit: EXIT_CODES.FAILURE },
    { why: "a damaged vault is a failure of the operation", error: withCode("DAMAGED"), exit: EXIT_CODES.FAILURE },
    { why: "a locked vault is a failure of the operation", error: withCode("LOCKED"), exit: EXIT_CODES.FAILURE },
    { why: "an error without a code is a failure", error: new Error("boom"), exit: EXIT_CODES.FAILURE },
    { why: "a thrown string is a failure", error: "boom", exit: EXIT_CODES.FAILURE },
    { why: "CLI errors carry their own exit code", error: new UsageError({ message: "x" }), exit: EXIT_CODES.USAGE },
    { why: "a cancelled prompt is 130", error: new CancelledError(), exit: EXIT_CODES.CANCELLED },
  ];
  it.each(rows)("$why", ({ error, exit }) => {
    expect(exitCodeOfError(error)).toBe(exit);
  });

  it("codeOfError falls back to ERROR", () => {
    expect(codeOfError(withCode("WRONG_KEY"))).toBe("WRONG_KEY");
    expect(codeOfError(new Error("x"))).toBe("ERROR");
    expect(codeOfError(null)).toBe("ERROR");
  });
});
