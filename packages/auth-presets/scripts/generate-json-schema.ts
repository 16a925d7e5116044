// Regenerates @src/config's schema/source.schema.json from the zod schema and the built-in auth plugins.
// The file stays in @src/config (where editors and `$schema` URLs find it); this preset is what knows the plugins.
// Run: npx tsx --conditions=@src/source scripts/generate-json-schema.ts  (or: pnpm generate:schema)
import { writeFile } from "node:fs/promises";
import { renderDefaultSourceJsonSchema } from "../src/default-source-json-schema";

const target = new URL("../../config/schema/source.schema.json", import.meta.url);
await writeFile(target, renderDefaultSourceJsonSchema(), "utf8");
console.log(`wrote ${target.pathname}`);
