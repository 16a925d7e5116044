import { describe, expect, it } from "vitest";
import { ZetaError } from "../test/zeta-error";
import { errorBase } from "./error-base";
import { ERROR_KINDS } from "./error-kinds";
import { SrcError } from "./src-error";

/** A package's base error, written the way every package writes it. */
class AcmeError extends errorBase({
  name: "AcmeError",
  marker: "src.test.acme.error",
  kindOfCode: {
    /** Acme does not answer. */
    ACME_DOWN: ERROR_KINDS.UNAVAILABLE,
    ACME_REFUSED: ERROR_KINDS.FORBIDDEN,
  },
}) {}
const ACME_ERROR_CODES = AcmeError.codes;

/** One of its errors, with a field of its own. */
class AcmeQuotaError extends AcmeError {
  static override readonly marker: string = "src.test.acme.error.AcmeQuotaError";
  readonly remaining: number;

  constructor({ remaining }: { remaining: number }) {
    super({ code: ACME_ERROR_CODES.ACME_REFUSED, message: `over quota, ${remaining} left` });
    this.remaining = remaining;
  }
}

describe("errorBase", () => {
  it("maps each code to itself, in the order given, for callers that branch on them", () => {
    expect(ACME_ERROR_CODES).toEqual({ ACME_DOWN: "ACME_DOWN", ACME_REFUSED: "ACME_REFUSED" });
    expect(Object.keys(ACME_ERROR_CODES)).toEqual(["ACME_DOWN", "ACME_REFUSED"]);
    expect(AcmeError.kindOfCode).toEqual({ ACME_DOWN: "unavailable", ACME_REFUSED: "forbidden" });
  });

  it("gives an error the kind of its code, the base's name, the message and the cause", () => {
    const cause = new Error("ECONNRESET");
    const error = new AcmeError({ code: "ACME_DOWN", message: "acme is down; try again in a minute", cause });
    expect(error).toBeInstanceOf(SrcError);
    expect(error).toBeInstanceOf(Error);
    expect({ code: error.code, kind: error.kind, name: error.name, message: error.message }).toEqual({
      code: "ACME_DOWN",
      kind: "unavailable",
      name: "AcmeError",
      message: "acme is down; try again in a minute",
    });
    expect(error.cause).toBe(cause);
  });

  it("keeps a subclass's name, fields and the kind of the code it chose", () => {
    const error = new AcmeQuotaError({ remaining: 0 });
    expect({ code: error.code, kind: error.kind, name: error.name, remaining: error.remaining }).toEqual({
      code: "ACME_REFUSED",
      kind: "forbidden",
      name: "AcmeQuotaError",
      remaining: 0,
    });
    const zeta = new ZetaError({ code: "ZETA_GONE", message: "gone", file: "/tmp/zeta.json" });
    expect({ kind: zeta.kind, name: zeta.name, file: zeta.file }).toEqual({
      kind: "not_found",
      name: "ZetaError",
      file: "/tmp/zeta.json",
    });
  });

  const rows: { why: string; error: unknown; acme: boolean; quota: boolean; zeta: boolean }[] = [
    {
      why: "a base's error is its base's, not its subclass's",
      error: new AcmeError({ code: "ACME_DOWN", message: "m" }),
      acme: true,
      quota: false,
      zeta: false,
    },
    {
      why: "a subclass's error is its own and its base's",
      error: new AcmeQuotaError({ remaining: 1 }),
      acme: true,
      quota: true,
      zeta: false,
    },
    {
      why: "another package's error is neither",
      error: new ZetaError({ code: "ZETA_GONE", message: "m" }),
      acme: false,
      quota: false,
      zeta: true,
    },
    {
      why: "a SrcError with the same code is no package's",
      error: new SrcError({ code: "ACME_DOWN", kind: "unavailable", message: "m" }),
      acme: false,
      quota: false,
      zeta: false,
    },
  ];
  it.each(rows)("isInstance: $why", ({ error, acme, quota, zeta }) => {
    expect(SrcError.isInstance(error)).toBe(true);
    expect(AcmeError.isInstance(error)).toBe(acme);
    expect(AcmeQuotaError.isInstance(error)).toBe(quota);
    expect(ZetaError.isInstance(error)).toBe(zeta);
  });

  it("isInstance works across two copies of @src/errors, where instanceof does not", async () => {
    // A second evaluation of error-base.ts: what two installs of a package built on it give.
    const duplicateInstall = "./error-base?duplicate-install";
    const copy = (await import(/* @vite-ignore */ duplicateInstall)) as { errorBase: typeof errorBase };
    class CopiedAcmeError extends copy.errorBase({
      name: "AcmeError",
      marker: "src.test.acme.error",
      kindOfCode: { ACME_DOWN: ERROR_KINDS.UNAVAILABLE },
    }) {}
    const fromCopy = new CopiedAcmeError({ code: "ACME_DOWN", message: "m" });
    expect(fromCopy instanceof AcmeError).toBe(false);
    expect(AcmeError.isInstance(fromCopy)).toBe(true);
    expect(AcmeQuotaError.isInstance(fromCopy)).toBe(false);
    expect(CopiedAcmeError.isInstance(new AcmeQuotaError({ remaining: 1 }))).toBe(true);
  });
});
