// The resolve hook of record-loaded-modules.mjs (runs on Node's module loader thread).
import { appendFileSync } from "node:fs";

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const file = process.env.RECORD_LOADED_MODULES_FILE;
  if (file !== undefined && !resolved.url.startsWith("node:")) appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
