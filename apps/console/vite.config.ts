import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/** Prints the console's total size (raw and gzip) after the build: what a browser downloads on first load. */
function reportBundleSize(): Plugin {
  return {
    name: "src-console-bundle-size",
    apply: "build",
    generateBundle(_options, bundle) {
      let raw = 0;
      let gzip = 0;
      for (const file of Object.values(bundle)) {
        if (file.fileName.endsWith(".map")) continue;
        const content = file.type === "chunk" ? file.code : file.source;
        raw += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
        gzip += gzipSync(content).byteLength;
      }
      this.info(`console bundle: ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip (all files)`);
    },
  };
}

export default defineConfig({
  // Preact's JSX through esbuild: no framework plugin needed.
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // One script and one stylesheet, no inline code (the server's Content-Security-Policy allows none).
    modulePreload: false,
    assetsInlineLimit: 0,
    sourcemap: false,
  },
  plugins: [reportBundleSize()],
});
