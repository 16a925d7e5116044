import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** One built file of the console, held in memory. */
export interface ConsoleAsset {
  body: Uint8Array;
  contentType: string;
  /** Hashed file names (`assets/index-<hash>.js`) never change: they may be cached for good. */
  immutable: boolean;
}

/** The console's files by URL path (`/` is `index.html`). */
export type ConsoleAssets = ReadonlyMap<string, ConsoleAsset>;

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Where the built console lives: `dist/console` beside the built server
 * (`dist/index.js`, `dist/bin.js`), or, when the server runs from its sources
 * (tests), the package's `dist/console`.
 */
export function defaultConsoleDirectory(): string | undefined {
  const candidates = [new URL("./console/", import.meta.url), new URL("../../dist/console/", import.meta.url)];
  return candidates.map((url) => fileURLToPath(url)).find((directory) => existsSync(join(directory, "index.html")));
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Reads the built console into memory once (a few small files); `undefined` when the directory has no `index.html`. */
export function loadConsoleAssets(directory: string | undefined): ConsoleAssets | undefined {
  if (directory === undefined || !existsSync(join(directory, "index.html"))) return undefined;
  const assets = new Map<string, ConsoleAsset>();
  for (const file of filesUnder(directory)) {
    const urlPath = `/${relative(directory, file).split(sep).join("/")}`;
    if (urlPath.endsWith(".map")) continue;
    const asset = {
      body: readFileSync(file),
      contentType: contentTypes[extname(file)] ?? "application/octet-stream",
      immutable: urlPath.startsWith("/assets/"),
    };
    assets.set(urlPath === "/index.html" ? "/" : urlPath, asset);
  }
  return assets;
}
