import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import * as root from "./index";
import * as internal from "./internal";

// The root is the documented API (README.md); what only other @src/* packages use is in `@src/config/internal`.
// A new name is a decision: document it in the README (root), or list it here (internal). Types are erased, so only
// runtime names are checked.
describe("the package's export surface", () => {
  it("every runtime name at the root is documented in the README (the root is the documented API)", async () => {
    const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
    expect(Object.keys(root).filter((name) => !readme.includes(`\`${name}`))).toEqual([]);
  });

  it("/internal holds the rest, and no name is exported twice", () => {
    expect(Object.keys(internal).sort()).toEqual(
      [
        "apiLimitsShape",
        "applySourceChanges",
        "baseUrlSchema",
        "defaultSourceLockOptions",
        "defaultSourceStatus",
        "fallbackSlug",
        "fillServiceFields",
        "maxSlugLength",
        "slugSchema",
        "sourceInputShape",
        "sourceServiceShape",
        "testEndpointSchema",
      ].sort(),
    );
    expect(Object.keys(internal).filter((name) => name in root)).toEqual([]);
  });
});
