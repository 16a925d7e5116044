import { z } from "zod";
import { apiHeadersSchema } from "./api-headers-schema";
import { apiOpenApiShape, openApiStatusSchema } from "./api-openapi-schema";
import { apiPolicyShape } from "./policy/api-policy-schema";

/** The connection states the service records after each validation. */
export const CONNECTION_STATUSES = ["untested", "connected", "needs_auth", "failed"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Whose credential a source's calls send: one shared by every caller, or each principal's own (`api.credentials`). */
export const CREDENTIAL_MODES = ["shared", "per-user"] as const;
export type CredentialMode = (typeof CREDENTIAL_MODES)[number];

/** Whether a source sends each principal's own credential (`api.credentials: "per-user"`). */
export function isPerUserSource(source: { api: { credentials?: CredentialMode | undefined } }): boolean {
  return source.api.credentials === "per-user";
}

/** Lower-case letters, digits and `-`, starting with a letter or digit, at most 63 characters. */
export const slugSchema = z
  .string()
  .meta({
    description:
      "Short identifier used in commands and as the directory name: lower-case letters, digits and '-', at most 63 characters.",
  })
  .max(63, { error: "must be at most 63 characters" })
  .regex(/^[a-z0-9][a-z0-9-]*$/, {
    error: "must use only lower-case letters, digits and '-', and start with a letter or digit (e.g. \"github-api\")",
  });

/** An absolute http(s) URL without credentials or fragment. */
export const baseUrlSchema = z
  .string()
  .meta({
    description:
      "Absolute http(s) URL of the external API, including its version segment, e.g. https://api.example.com/v1. No credentials, no fragment.",
  })
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: "custom", message: 'must be an absolute URL such as "https://api.example.com/v1"' });
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      context.addIssue({ code: "custom", message: `must use http or https, not "${url.protocol.slice(0, -1)}"` });
    }
    if (url.username !== "" || url.password !== "") {
      context.addIssue({
        code: "custom",
        message: "must not contain a username or password; store the credential with the source instead",
      });
    }
    if (value.includes("#")) {
      context.addIssue({ code: "custom", message: "must not contain a fragment (#...)" });
    }
  });

/** A path relative to `baseUrl`, starting with `/`, optionally with a query string, no fragment. */
export const testEndpointSchema = z
  .string()
  .meta({
    description:
      "Path relative to baseUrl, called (GET) to validate the source; may carry a query string, e.g. /me or /items?limit=1. Must not write data.",
  })
  .regex(/^\//, { error: 'must be a path starting with "/", e.g. "/me" or "/items?limit=1"' })
  .refine((value) => !value.includes("#"), { error: "must not contain a fragment (#...)" })
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this rule rejects
  .refine((value) => !/[\s\u0000-\u001f\u007f]/.test(value), {
    error: "must not contain whitespace or control characters",
  })
  .refine((value) => !value.startsWith("//") && !value.includes("\\"), {
    error: 'must be a path under baseUrl: no "//" at the start and no backslashes',
  })
  .refine((value) => !/(^|\/)(\.|%2e){1,2}(\/|\?|$)/i.test(value.split("?")[0] ?? ""), {
    error: 'must not contain "." or ".." segments; write the path under baseUrl directly',
  });

/** Executor limits a source may set in its `api` block. Defaults live in `@src/http-tool`. */
export const apiLimitsShape = {
  /** Time-out of one attempt, in milliseconds. Default 30000. */
  timeoutMs: z
    .number()
    .int()
    .min(1)
    .max(600_000)
    .optional()
    .meta({ description: "Time-out of one attempt, in milliseconds. Default 30000." }),
  /** Retries for idempotent methods. Default 2. */
  retries: z
    .number()
    .int()
    .min(0)
    .max(10)
    .optional()
    .meta({ description: "Retries for idempotent methods. Default 2." }),
  /** Most bytes read from the wire for one response. Default 10 MiB. */
  maxResponseBytes: z
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .optional()
    .meta({ description: "Most bytes read from the wire for one response. Default 10485760 (10 MiB)." }),
  /** Most characters of body handed to the agent. Default 32000. */
  maxResultChars: z
    .number()
    .int()
    .min(256)
    .max(1_000_000)
    .optional()
    .meta({ description: "Most characters of body handed to the agent. Default 32000." }),
};

/** What an agent may ask of a result beyond one bounded body: pages followed, a cut body kept to read on. Defaults live in `@src/http-tool`. */
export const apiResultsShape = {
  /** Most pages one call with `paginate` follows, whatever the agent asks. Default 20. */
  maxPages: z.number().int().min(1).max(1000).optional().meta({
    description:
      "Most pages one call with paginate follows, whatever the agent asks (it asks for 5 by default). Default 20.",
  }),
  /** Largest cut body kept for reading on by `resultRef`, in bytes; 0 keeps none. Default 10 MiB. */
  maxStoredResultBytes: z
    .number()
    .int()
    .min(0)
    .max(1024 * 1024 * 1024)
    .optional()
    .meta({
      description:
        "Largest cut body kept for 15 minutes so the agent can read on with resultRef, in bytes; 0 keeps none. Default 10485760 (10 MiB).",
    }),
};

/** How a source reaches its API: proxy and trusted certificate authorities; `@src/http-tool` applies them. */
export const apiConnectionShape = {
  proxy: z
    .string()
    .refine((value) => value === "direct" || /^https?:\/\/[^/@\s]+(\/)?$/i.test(value), {
      error:
        'must be "direct" or a proxy URL like "http://proxy.internal:3128" (no user name or password: they would be stored in clear; put those in HTTPS_PROXY)',
    })
    .optional()
    .meta({
      description:
        'This source\'s proxy, overriding HTTPS_PROXY, HTTP_PROXY and NO_PROXY: "http://host:port" (https:// also works), or "direct" for none. Default: those variables.',
    }),
  allowPlainHttpProxy: z.boolean().optional().meta({
    description:
      "Allow calls to an http: baseUrl through a proxy, which then sees the credential. Default false: such calls are refused.",
  }),
  caFile: z.string().min(1).optional().meta({
    description:
      "A PEM file of the certificate authority (or authorities) this source's https API is checked against, relative to the source's folder or absolute; for that source only. Default: the public authorities and NODE_EXTRA_CA_CERTS.",
  }),
};

/**
 * The `api` block. Loose: the auth plugin selected by `authType` contributes its
 * own fields (`headerName`, `queryParam`, or a custom plugin's) and checks them.
 */
export const sourceApiSchema = z.looseObject({
  baseUrl: baseUrlSchema,
  authType: z
    .string()
    .min(1, { error: 'is required, e.g. "bearer"' })
    .meta({ description: "The auth mode: bearer, header, query, basic, or the type of a registered custom plugin." }),
  testEndpoint: testEndpointSchema,
  headers: apiHeadersSchema.optional(),
  ...apiLimitsShape,
  ...apiResultsShape,
  /** Accept agent paths and redirect targets that only some servers turn into "/", "\\" or ".." (double percent-encoding, overlong UTF-8, look-alike characters). Default false. */
  allowAmbiguousPathEncodings: z.boolean().optional().meta({
    description:
      'Accept agent paths and redirect targets that some servers read as "/", "\\" or ".." segments: double percent-encoding (%252e), overlong UTF-8 (%c0%ae) and look-alike characters (U+FF0E, U+2024, U+2025, U+FF0F, U+FF3C). Default false: refused.',
  }),
  /** Send the call's W3C `traceparent` (and `tracestate`) to the API when tracing is on. Default false. */
  propagateTrace: z.boolean().optional().meta({
    description:
      "Send the W3C trace context (traceparent, tracestate) of each request to this API when the service traces (OTEL_EXPORTER_OTLP_ENDPOINT set), so the API's own traces join the call's. Default false: it tells the API about the caller's trace.",
  }),
  /** `shared` (default): one credential for every caller. `per-user`: one credential per principal, none shared. */
  credentials: z
    .enum(CREDENTIAL_MODES, {
      error: 'must be "shared" (one credential for every caller) or "per-user" (each person connects their own)',
    })
    .optional()
    .meta({
      description:
        'Whose credential a call sends. "shared" (default): the source\'s one credential, for every agent. "per-user": the credential of the principal the agent acts for (a JWT\'s sub, a grant, a named agent token, the local operator), each stored apart; a principal without one gets NOT_CONNECTED and a link to connect, never someone else\'s.',
    }),
  ...apiConnectionShape,
  ...apiOpenApiShape,
  ...apiPolicyShape,
});
export type SourceApi = z.infer<typeof sourceApiSchema>;

/** The status block the service keeps up to date after each validation. */
export const sourceStatusSchema = z.object({
  connectionStatus: z
    .enum(CONNECTION_STATUSES)
    .default("untested")
    .meta({ description: "Result of the last validation. Filled in by the service." }),
  lastTestedAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .default(null)
    .meta({ description: "When the source was last validated (ISO 8601), or null. Filled in by the service." }),
  lastError: z
    .string()
    .nullable()
    .default(null)
    .meta({ description: "Why the last validation failed, or null. Filled in by the service." }),
  openapi: openApiStatusSchema
    .optional()
    .meta({ description: "What the service found when it last loaded api.openapi. Filled in by the service." }),
});
export type SourceStatus = z.infer<typeof sourceStatusSchema>;

/** The fields an operator writes (spec section 2.1). */
export const sourceInputShape = {
  $schema: z
    .string()
    .optional()
    .meta({ description: "Path or URL of this JSON Schema, for editors. Kept as written." }),
  type: z.literal("api", { error: 'must be "api"' }).meta({ description: 'Constant "api" for a REST API source.' }),
  name: z
    .string()
    .trim()
    .min(1, { error: 'is required: a display name such as "GitHub"' })
    .max(200, { error: "must be at most 200 characters" })
    .meta({ description: "Display name of the source." }),
  slug: slugSchema,
  enabled: z.boolean().meta({ description: "Whether the source is enabled." }),
  api: sourceApiSchema,
};

/** The fields the service fills in itself (spec rule 2.1.1). */
export const sourceServiceShape = {
  id: z.string().min(1).meta({ description: "Stable unique identifier (a UUID). Filled in by the service." }),
  createdAt: z.iso
    .datetime({ offset: true })
    .meta({ description: "When the source was created (ISO 8601). Filled in by the service." }),
  updatedAt: z.iso
    .datetime({ offset: true })
    .meta({ description: "When the operator fields last changed (ISO 8601). Filled in by the service." }),
  status: sourceStatusSchema.meta({ description: "Validation status. Filled in by the service." }),
};

/** A stored source record: what `config.json` holds once the service has filled in its fields. */
export const sourceRecordSchema = z.object({ ...sourceInputShape, ...sourceServiceShape });
export type SourceRecord = z.infer<typeof sourceRecordSchema>;

/** What a caller gives to create a source: slug optional (derived from name), enabled defaults to true. */
export const sourceInputSchema = z.object({
  ...sourceInputShape,
  slug: slugSchema.optional(),
  enabled: z.boolean().default(true),
});
export type SourceInput = z.input<typeof sourceInputSchema>;

/**
 * What a `config.json` on disk may hold: the operator fields, and the service
 * fields when the service has written them already (a hand-written file has
 * only the operator fields; the store fills in the rest).
 */
export const sourceFileSchema = z.object({
  ...sourceInputShape,
  id: sourceServiceShape.id.optional(),
  createdAt: sourceServiceShape.createdAt.optional(),
  updatedAt: sourceServiceShape.updatedAt.optional(),
  status: sourceStatusSchema.optional(),
});
export type SourceFile = z.infer<typeof sourceFileSchema>;
