// Regenerates schema/source.schema.json from the zod schema and the built-in auth plugins.
// Run: npx tsx --conditions=@src/source scripts/generate-json-schema.ts  (or: pnpm generate:schema)
import { writeFile } from "node:fs/promises";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createOAuth2Auth } from "@src/auth-oauth2";
import { createQueryAuth } from "@src/auth-query";
import { renderSourceJsonSchema } from "../src/source-json-schema";

const target = new URL("../schema/source.schema.json", import.meta.url);
await writeFile(target, renderSourceJsonSchema({ plugins: [createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth(), createOAuth2Auth()] }), "utf8");
console.log(`wrote ${target.pathname}`);
