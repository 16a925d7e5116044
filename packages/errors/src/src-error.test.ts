import { describe, expect, it } from "vitest";
import { ERROR_KINDS } from "./error-kinds";
import { SrcError } from "./src-error";

/** A subclass written the way every package writes its errors: a marker, nothing more. */
class LockedError extends SrcError<"LOCKED"> {
  static override readonly marker: string = "src.test.error.LockedError";
  readonly file: string;

  constructor({ file, cause }: { file: string; cause?: unknown }) {
    super({ code: "LOCKED", kind: ERROR_KINDS.UNAVAILABLE, message: `${file} is locked; try again`, cause });
    this.file = file;
  }
}

class MissingError extends SrcError<"MISSING"> {
  static override readonly marker: string = "src.test.error.MissingError";

  constructor() {
    super({ code: "MISSING", kind: ERROR_KINDS.NOT_FOUND, message: "missing" });
  }
}

/** A subclass of a subclass that names no marker of its own: told apart by its parent's. */
class StaleLockError extends LockedError {}

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
    {
      why: "a subclass is a SrcError and itself",
      error: new LockedError({ file: "f" }),
      src: true,
      locked: true,
      missing: false,
    },
    { why: "a sibling subclass is not the other", error: new MissingError(), src: true, locked: false, missing: true },
    {
      why: "a subclass without a marker is its parent",
      error: new StaleLockError({ file: "f" }),
      src: true,
      locked: true,
      missing: false,
    },
    {
      why: "the base is not a subclass",
      error: new SrcError({ code: "LOCKED", kind: "unavailable", message: "m" }),
      src: true,
      locked: false,
      missing: false,
    },
    {
      why: "a plain Error with the same code is not a SrcError",
      error: Object.assign(new Error("m"), { code: "LOCKED", kind: "unavailable" }),
      src: false,
      locked: false,
      missing: false,
    },
    {
      why: "a marker that is not `true` does not count",
      error: { [Symbol.for("src.error")]: "yes" },
      src: false,
      locked: false,
      missing: false,
    },
    {
      why: "a local symbol with the marker's description does not count",
      error: { [Symbol("src.error")]: true },
      src: false,
      locked: false,
      missing: false,
    },
    { why: "null is nothing", error: null, src: false, locked: false, missing: false },
    { why: "a thrown string is nothing", error: "src.error", src: false, locked: false, missing: false },
  ];
  it.each(rows)("isInstance: $why", ({ error, src, locked, missing }) => {
    expect(SrcError.isInstance(error)).toBe(src);
    expect(LockedError.isInstance(error)).toBe(locked);
    expect(MissingError.isInstance(error)).toBe(missing);
  });

  it("isInstance refuses to answer when it is passed on without its class", () => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the mistake this test is about; the linter names it too.
    const { isInstance } = LockedError;
    // @ts-expect-error -- without its class isInstance cannot tell: TypeScript says so, and so does the call.
    expect(() => isInstance(new LockedError({ file: "f" }))).toThrow(TypeError);
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

  it("a subclass's isInstance works across two copies of its package", async () => {
    const duplicateInstall = "./src-error?duplicate-install-of-a-subclass";
    const copy = (await import(/* @vite-ignore */ duplicateInstall)) as { SrcError: typeof SrcError };
    // The same subclass, built on the other copy, as a second install of the package that declares it would be.
    class CopiedLockedError extends copy.SrcError<"LOCKED"> {
      static override readonly marker: string = "src.test.error.LockedError";
    }
    const fromCopy = new CopiedLockedError({ code: "LOCKED", kind: "unavailable", message: "m" });
    expect(fromCopy instanceof LockedError).toBe(false);
    expect(LockedError.isInstance(fromCopy)).toBe(true);
    expect(MissingError.isInstance(fromCopy)).toBe(false);
    expect(CopiedLockedError.isInstance(new LockedError({ file: "f" }))).toBe(true);
  });
});
