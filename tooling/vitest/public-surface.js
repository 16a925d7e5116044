// The export-surface check every package with an `/internal` subpath runs (see public-surface.d.ts).
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

/** @type {import("./public-surface.d.ts").describePublicSurface} */
export function describePublicSurface({ root, internal, readme, internalNames }) {
  describe("the package's export surface", () => {
    it("every runtime name at the root is documented in the README (the root is the documented API)", async () => {
      const text = await readFile(readme, "utf8");
      expect(Object.keys(root).filter((name) => !text.includes(`\`${name}`))).toEqual([]);
    });

    it("/internal holds the listed names, and no name is exported twice", () => {
      expect(Object.keys(internal).sort()).toEqual([...internalNames].sort());
      expect(Object.keys(internal).filter((name) => name in root)).toEqual([]);
    });
  });
}
