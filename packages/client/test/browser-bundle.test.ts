import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("../src/index.ts", import.meta.url));

/** Bundles the client as a browser page would load it: esbuild for the browser platform, minified. */
async function bundleForBrowser(): Promise<{ bytes: number; gzipBytes: number; text: string }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    conditions: ["@src/source"],
    logLevel: "silent",
  });
  const output = result.outputFiles[0]!;
  return { bytes: output.contents.byteLength, gzipBytes: gzipSync(output.contents).byteLength, text: output.text };
}

describe("the client in a browser", () => {
  it("bundles for the browser platform with no Node built-in (esbuild fails on one), within the size the README reports", async () => {
    const bundle = await bundleForBrowser();
    expect(bundle.text).not.toMatch(/\bfrom\s*"node:|require\(/);
    // The README's table reports these sizes; the budget leaves room for small changes, not for a new dependency.
    expect(bundle.bytes).toBeLessThan(24_000);
    expect(bundle.gzipBytes).toBeLessThan(9_000);
    console.info(`@src/client browser bundle: ${bundle.bytes} bytes minified, ${bundle.gzipBytes} bytes gzipped`);
  });

  it("a Node built-in in the client's sources would fail the bundle (the check above can fail)", async () => {
    await expect(
      build({
        stdin: {
          contents: 'import { readFile } from "node:fs/promises"; export { readFile };',
          resolveDir: fileURLToPath(new URL("../src", import.meta.url)),
        },
        bundle: true,
        platform: "browser",
        write: false,
        logLevel: "silent",
      }),
    ).rejects.toThrow(/node:fs/);
  });
});
