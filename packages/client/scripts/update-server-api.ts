// `pnpm --filter @src/client update-server-api`: after a change to the server's routes (and `pnpm build`),
// copies the built server's /openapi.json to openapi.json and regenerates src/generated/server-api.ts from it.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { generateTypes } from "./generate-types";
import { fetchServerDocument, formatDocument } from "./server-document";

const document = await fetchServerDocument();
await writeFile(fileURLToPath(new URL("../openapi.json", import.meta.url)), formatDocument(document));
await writeFile(
  fileURLToPath(new URL("../src/generated/server-api.ts", import.meta.url)),
  await generateTypes(document),
);
process.stdout.write("openapi.json and src/generated/server-api.ts updated from the built server\n");
