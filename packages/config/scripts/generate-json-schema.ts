// Regenerates schema/source.schema.json from the zod schema.
// Run: npx tsx --conditions=@src/source scripts/generate-json-schema.ts  (or: pnpm generate:schema)
import { writeFile } from "node:fs/promises";
import { renderSourceJsonSchema } from "../src/source-json-schema";

const target = new URL("../schema/source.schema.json", import.meta.url);
await writeFile(target, renderSourceJsonSchema(), "utf8");
console.log(`wrote ${target.pathname}`);
