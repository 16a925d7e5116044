import { z } from "zod";

/** How calls are checked against a source's OpenAPI document. */
export const OPENAPI_VALIDATION_MODES = ["strict", "warn", "off"] as const;
export type OpenApiValidationMode = (typeof OPENAPI_VALIDATION_MODES)[number];

const loopbackHosts = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Where a source's OpenAPI document is: a path (relative to the source's folder, or absolute), an https: URL, or a loopback http: URL. */
export const apiOpenApiSchema = z
  .string()
  .min(1, { error: 'must be a path such as "openapi.json" or an https: URL' })
  .superRefine((value, context) => {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: "custom", message: 'must be a path such as "openapi.json" or an absolute https: URL' });
      return;
    }
    if (url.username !== "" || url.password !== "")
      context.addIssue({ code: "custom", message: "must not contain a username or password" });
    if (url.protocol === "https:") return;
    if (url.protocol === "http:" && loopbackHosts.test(url.hostname)) return;
    context.addIssue({
      code: "custom",
      message:
        "must be an https: URL (http: only on a loopback address such as 127.0.0.1), or a path in the source's folder",
    });
  })
  .meta({
    description:
      "The API's OpenAPI document (3.0, 3.1 or Swagger 2.0, JSON or YAML): a path relative to the source's folder, or an https: URL (loopback http: allowed), fetched at add and reload and saved in the source's folder. Calls are then checked against it and agents can search its operations.",
  });

/** The `api` fields of a source's OpenAPI document. */
export const apiOpenApiShape = {
  openapi: apiOpenApiSchema.optional(),
  openapiValidation: z.enum(OPENAPI_VALIDATION_MODES, { error: 'must be "strict", "warn" or "off"' }).optional().meta({
    description:
      'How calls are checked against api.openapi: "strict" (default) refuses a call that breaks the document before sending it, "warn" sends it and adds the problems to the result as warnings, "off" does not check.',
  }),
};

/** What the service last found when it loaded the document (`status.openapi`). */
export const openApiStatusSchema = z.object({
  loaded: z
    .boolean()
    .meta({ description: "Whether the document was loaded; when false, the source works without it (see error)." }),
  title: z.string().optional(),
  version: z.string().optional(),
  operations: z.number().int().min(0).optional(),
  error: z.string().nullable().default(null).meta({ description: "Why the document was not loaded, or null." }),
  checkedAt: z.iso.datetime({ offset: true }).meta({ description: "When the document was last loaded (ISO 8601)." }),
  rulesNamingNothing: z
    .array(z.object({ path: z.string(), rule: z.string(), message: z.string() }))
    .optional()
    .meta({
      description:
        'The operation: and tag: rules of api.policy that name no operation or tag of the loaded document (they match no call), as found when the document was last loaded or the policy last edited, e.g. { path: "api.policy.deny.0", rule: "operation:repos/delet", message }. Absent when every rule names something.',
    }),
});
export type OpenApiStatus = z.infer<typeof openApiStatusSchema>;
