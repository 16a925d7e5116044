import { createRoute, z } from "@hono/zod-openapi";
import { buildSourceJsonSchema } from "@src/config";
import { z as zod } from "zod";
import type { RouteContext } from "../app-context";
import { errorResponses } from "../api-schemas";

const authTypeSchema = z
  .object({
    type: z.string().openapi({ example: "bearer" }),
    description: z.string(),
    configSchema: z.record(z.string(), z.unknown()).openapi({ description: "JSON Schema of the extra `api` fields this mode needs (e.g. headerName)." }),
    credentialFields: z.array(z.object({ name: z.string(), label: z.string(), secret: z.boolean() })).openapi({ description: "The credential's fields; secret ones are write-only." }),
  })
  .openapi("AuthTypeDescription");

const configSchemaRoute = createRoute({
  method: "get",
  path: "/v1/config-schema",
  tags: ["sources"],
  summary: "The JSON Schema of config.json for this server's auth plugins (custom ones included), and each auth mode's fields; forms are built from it.",
  responses: {
    200: {
      description: "The schema and the registered auth modes.",
      content: { "application/json": { schema: z.object({ schema: z.record(z.string(), z.unknown()), authTypes: z.array(authTypeSchema) }) } },
    },
    ...errorResponses(401, 403),
  },
});

export function registerConfigSchemaRoutes({ app, service }: RouteContext): void {
  const { registry } = service;
  const plugins = registry.types.map((type) => registry.get(type));
  // Built once: the registry does not change while the server runs.
  const body = {
    schema: buildSourceJsonSchema({ plugins }),
    authTypes: plugins.map((plugin) => ({
      type: plugin.type,
      description: plugin.description,
      configSchema: zod.toJSONSchema(plugin.configSchema, { io: "input", target: "draft-2020-12", unrepresentable: "any" }) as Record<string, unknown>,
      credentialFields: plugin.credentialFields.map(({ name, label, secret }) => ({ name, label, secret })),
    })),
  };
  app.openapi(configSchemaRoute, (c) => c.json(body, 200));
}
