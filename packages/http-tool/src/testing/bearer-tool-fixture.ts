import { createAuthRegistry } from "@src/auth";
import { createBearerAuth } from "@src/auth-bearer";
import { createApiTool } from "../tool/create-api-tool";
import type { ApiTool } from "../tool/create-api-tool";
import { createSourceRecordFixture } from "./source-record-fixture";

/** A bearer-auth tool for the source `slug` at `baseUrl`, its credential `{ token }` always stored. */
export function createBearerToolFixture({
  slug = "notes-api",
  baseUrl,
  token,
}: {
  slug?: string;
  baseUrl: string;
  token: string;
}): ApiTool {
  const source = createSourceRecordFixture({ slug, name: "Notes", api: { baseUrl, authType: "bearer" } });
  const tool = createApiTool(source, {
    registry: createAuthRegistry([createBearerAuth()]),
    credentials: { get: async () => ({ token }) },
  });
  if (tool === undefined) throw new Error("fixture source is enabled, so it must have a tool");
  return tool;
}
