import { createRoute, z } from "@hono/zod-openapi";
import { describeAuthFields } from "@src/auth";
import { buildSourceJsonSchema, pluginConfigJsonSchema } from "@src/config";
import type { RouteContext } from "../app-context";
import { errorResponses, jsonResponse } from "../api-schemas";

const authFieldSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    description: z.string(),
    secret: z.boolean(),
    required: z.boolean(),
    kind: z.enum(["text", "number", "boolean", "list", "choice"]),
    choices: z.array(z.string()).optional(),
    default: z.unknown().optional(),
    example: z.unknown().optional(),
  })
  .openapi("AuthField");

const authTypeSchema = z
  .object({
    type: z.string().openapi({ example: "bearer" }),
    description: z.string(),
    configSchema: z
      .record(z.string(), z.unknown())
      .openapi({ description: "JSON Schema of the extra `api` fields this mode needs (e.g. headerName)." }),
    credentialFields: z
      .array(z.object({ name: z.string(), label: z.string(), secret: z.boolean() }))
      .openapi({ description: "The credential's fields; secret ones are write-only." }),
    fields: z
      .object({
        config: z.array(authFieldSchema),
        credential: z.array(authFieldSchema),
        credentialKeysFrom: z.object({ field: z.string(), each: authFieldSchema }).optional().openapi({
          description:
            "When the credential has one value per entry of the api list `field` (header names): how each is declared.",
        }),
      })
      .openapi({
        description: "Every field the mode declares, for forms: label, description, secret, required, kind, example.",
      }),
    signIn: z
      .boolean()
      .openapi({ description: "Whether the mode signs a person in (POST /v1/sources/{slug}/auth/login)." }),
  })
  .openapi("AuthTypeDescription");

const configSchemaRoute = createRoute({
  method: "get",
  path: "/v1/config-schema",
  tags: ["sources"],
  summary:
    "The JSON Schema of config.json for this server's auth plugins (custom ones included), and each auth mode's fields; forms are built from it.",
  responses: {
    200: jsonResponse(
      z.object({ schema: z.record(z.string(), z.unknown()), authTypes: z.array(authTypeSchema) }),
      "The schema and the registered auth modes.",
    ),
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
      configSchema: pluginConfigJsonSchema(plugin),
      credentialFields: describeAuthFields(plugin).credential.map(({ name, label, secret }) => ({
        name,
        label,
        secret,
      })),
      fields: JSON.parse(JSON.stringify(describeAuthFields(plugin))) as z.infer<typeof authTypeSchema>["fields"],
      signIn: plugin.signIn !== undefined,
    })),
  };
  app.openapi(configSchemaRoute, (c) => c.json(body, 200));
}
