import { describe, expect, it } from "vitest";
import { ERROR_KINDS } from "./error-kinds";
import { SrcError } from "./src-error";

const lockedMarker = "src.test.error.LockedError";
const lockedSymbol = Symbol.for(lockedMarker);

/** A subclass written the way every package writes its errors. */
class LockedError extends SrcError<"LOCKED"> {
  private readonly [lockedSymbol] = true;
  readonly file: string;

  constructor({ file, cause }: { file: string; cause?: unknown }) {
    super({ code: "LOCKED", kind: ERROR_KINDS.UNAVAILABLE, message: `${file} is locked; try again`, cause });
    this.name = "LockedError";
    this.file = file;
  }

  static override isInstance(error: unknown): error is LockedError {
    return SrcError.hasMarker(error, lockedMarker);
  }
}

const missingMarker = "src.test.error.MissingError";
const missingSymbol = Symbol.for(missingMarker);

class MissingError extends SrcError<"MISSING"> {
  private readonly [missingSymbol] = true;

  constructor() {
    super({ code: "MISSING", kind: ERROR_KINDS.NOT_FOUND, message: "missing" });
    this.name = "MissingError";
  }

  static override isInstance(error: unknown): error is MissingError {
    return SrcError.hasMarker(error, missingMarker);
  }
}

describe("SrcError", () => {
  it("keeps code, kind, message, name and cause", () => {
    const cause = new Error("EEXIST");
    const error = new LockedError({ file: "/tmp/vault.json", cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("LOCKED");
    expect(error.kind).toBe("unavailable");
    expect(error.message).toBe("/tmp/vault.json is locked; try again");
    expect(error.name).toBe("LockedError");
    expect(error.cause).toBe(cause);
    expect(error.file).toBe("/tmp/vault.json");
  });

  const rows: { why: string; error: unknown; src: boolean; locked: boolean; missing: boolean }[] = [
    { why: "a subclass is a SrcError and itself", error: new LockedError({ file: "f" }), src: true, locked: true, missing: false },
    { why: "a sibling subclass is not the other", error: new MissingError(), src: true, locked: false, missing: true },
    { why: "the base is not a subclass", error: new SrcError({ code: "LOCKED", kind: "unavailable", message: "m" }), src: true, locked: false, missing: false },
    { why: "a plain Error with the same code is not a SrcError", error: Object.assign(new Error("m"), { code: "LOCKED", kind: "unavailable" }), src: false, locked: false, missing: false },
    { why: "a marker that is not `true` does not count", error: { [Symbol.for("src.error")]: "yes" }, src: false, locked: false, missing: false },
    { why: "a local symbol with the marker's description does not count", error: { [Symbol("src.error")]: true }, src: false, locked: false, missing: false },
    { why: "null is nothing", error: null, src: false, locked: false, missing: false },
    { why: "a thrown string is nothing", error: "src.error", src: false, locked: false, missing: false },
  ];
  it.each(rows)("isInstance: $why", ({ error, src, locked, missing }) => {
    expect(SrcError.isInstance(error)).toBe(src);
    expect(LockedError.isInstance(error)).toBe(locked);
    expect(MissingError.isInstance(error)).toBe(missing);
  });

  it("isInstance works across two copies of the package, where instanceof does not", async () => {
    // A second evaluation of the same file: what a duplicate install in node_modules gives.
    const duplicateInstall = "./src-error?duplicate-install";
    const copy = (await import(/* @vite-ignore */ duplicateInstall)) as { SrcError: typeof SrcError };
    expect(copy.SrcError).not.toBe(SrcError);
    const fromCopy = new copy.SrcError({ code: "LOCKED", kind: "unavailable", message: "m" });
    expect(fromCopy instanceof SrcError).toBe(false);
    expect(SrcError.isInstance(fromCopy)).toBe(true);
    expect(copy.SrcError.isInstance(new LockedError({ file: "f" }))).toBe(true);
  });
});
