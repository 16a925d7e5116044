import { describe, expect, it } from "vitest";
import { declareError } from "./declare-error";
import { ZetaError } from "../test/zeta-error";
import { errorBase } from "./error-base";
import { ERROR_KINDS } from "./error-kinds";
import { SrcError } from "./src-error";

class AcmeError extends errorBase({
  name: "AcmeError",
  marker: "src.test.declare.acme.error",
  kindOfCode: { ACME_REFUSED: ERROR_KINDS.FORBIDDEN },
}) {}

class AcmeQuotaError extends declareError(AcmeError, {
  marker: "src.test.declare.acme.error.AcmeQuotaError",
  code: AcmeError.codes.ACME_REFUSED,
  message: ({ remaining }: { remaining: number }) => `over quota, ${remaining} left; wait for the next hour`,
}) {}

class ZetaFileGoneError extends declareError(ZetaError, {
  marker: "src.test.declare.zeta.error.ZetaFileGoneError",
  code: ZetaError.codes.ZETA_GONE,
  message: ({ file, owner }: { file: string; owner: string }) => `${file} of ${owner} is gone; restore it`,
}) {}

describe("declareError", () => {
  it("makes an error with its code, the code's kind, the message of its fields, and the fields themselves", () => {
    const cause = new Error("upstream said no");
    const error = new AcmeQuotaError({ remaining: 3, cause });
    expect(error).toMatchObject({
      code: "ACME_REFUSED",
      kind: "forbidden",
      message: "over quota, 3 left; wait for the next hour",
      remaining: 3,
      name: "AcmeQuotaError",
    });
    expect(error.cause).toBe(cause);
    expect(Object.keys(error)).not.toContain("cause");
  });

  it("is told apart by its marker, and is an error of its parent and of SrcError", () => {
    const error: unknown = new AcmeQuotaError({ remaining: 0 });
    expect(AcmeQuotaError.isInstance(error)).toBe(true);
    expect(AcmeError.isInstance(error)).toBe(true);
    expect(SrcError.isInstance(error)).toBe(true);
    expect(ZetaFileGoneError.isInstance(error)).toBe(false);
    expect(AcmeQuotaError.isInstance(new AcmeError({ code: "ACME_REFUSED", message: "no" }))).toBe(false);
  });

  it("hands the fields to the parent, which takes what it knows (a file)", () => {
    const error = new ZetaFileGoneError({ file: "/tmp/x.json", owner: "ops" });
    expect(error.file).toBe("/tmp/x.json");
    expect(error.owner).toBe("ops");
    expect(error.message).toBe("/tmp/x.json of ops is gone; restore it");
    expect(ZetaError.isInstance(error)).toBe(true);
  });
});
