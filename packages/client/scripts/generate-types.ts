// The TypeScript types of the server's API, generated from openapi.json by openapi-typescript.
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

const banner =
  "// Generated from openapi.json by openapi-typescript: do not edit.\n// Run `pnpm --filter @src/client update-server-api` after changing a route of the server.\n" +
  "/* eslint-disable @typescript-eslint/no-duplicate-type-constituents -- two auth modes may declare the same credential shape (header and query: { key }) */\n\n";

/** The content of src/generated/server-api.ts for `document`. */
export async function generateTypes(document: unknown): Promise<string> {
  return banner + astToString(await openapiTS(document as OpenAPI3, { alphabetize: true }));
}
