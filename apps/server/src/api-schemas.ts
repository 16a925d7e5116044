import { z } from "@hono/zod-openapi";
import { apiPolicySchema } from "@src/config";

/** `{ "error": { "code", "message", "details"? } }` — the body of every failure. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "SOURCE_NOT_FOUND" }),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi("Error");

/** A stored source record (`config.json`), never a secret. */
export const sourceRecordSchema = z
  .object({
    type: z.literal("api"),
    name: z.string(),
    slug: z.string(),
    enabled: z.boolean(),
    api: z.looseObject({
      baseUrl: z.string(),
      authType: z.string(),
      testEndpoint: z.string(),
      // The schema @src/config checks api.policy with: documented here as it is enforced.
      policy: apiPolicySchema.optional().openapi("ApiPolicy", {
        description:
          'What agents may do with the source (`api.policy`), enforced before anything is sent; set it with POST /v1/sources or PATCH /v1/sources/{slug} like any api field (`{"api": {"policy": null}}` removes it).',
      }),
    }),
    id: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    status: z.object({
      connectionStatus: z.enum(["untested", "connected", "needs_auth", "failed"]),
      lastTestedAt: z.string().nullable(),
      lastError: z.string().nullable(),
      openapi: z
        .object({
          loaded: z.boolean(),
          title: z.string().optional(),
          version: z.string().optional(),
          operations: z.number().optional(),
          error: z.string().nullable(),
          checkedAt: z.string(),
        })
        .optional()
        .openapi({ description: "What the service found when it last loaded api.openapi." }),
    }),
  })
  .openapi("SourceRecord");

/** The outcome of testing a source (spec 1.6): `null` when the test was skipped. */
export const validationOutcomeSchema = z
  .object({
    status: z.enum(["connected", "needs_auth", "failed"]),
    ok: z.boolean(),
    httpStatus: z.number().nullable(),
    reason: z.string(),
    message: z.string(),
    hint: z.string().nullable(),
    testedAt: z.string(),
    durationMs: z.number(),
    request: z.object({
      method: z.string(),
      url: z.string().openapi({ description: "Secrets replaced by [REDACTED]." }),
    }),
  })
  .openapi("ValidationOutcome");

/** `{ source, validation }`: what connect, reload and credential set return. */
export const sourceOperationResultSchema = z
  .object({
    source: sourceRecordSchema,
    validation: validationOutcomeSchema.nullable(),
    discovery: z
      .object({ filled: z.array(z.string()), from: z.string(), notes: z.array(z.string()) })
      .optional()
      .openapi({
        description:
          "When the auth mode filled in `api` fields a server publishes as the source was added (OAuth 2.0 discovery from `api.issuer`, or from the test endpoint's RFC 9728 answer): which, from where, and what to know.",
      }),
  })
  .openapi("SourceOperationResult");

/** One entry of `GET /v1/sources`: the record, or why its file could not be read. */
export const sourceSummarySchema = z
  .union([
    z.object({ ok: z.literal(true), slug: z.string(), source: sourceRecordSchema, hasCredential: z.boolean() }),
    z.object({
      ok: z.literal(false),
      slug: z.string(),
      file: z.string(),
      error: z.string(),
      hasCredential: z.boolean(),
    }),
  ])
  .openapi("SourceSummary");

/** One HTTP tool (`/tools -v`); `description` and `inputSchema` only with `?verbose=1`. */
export const toolSummarySchema = z
  .object({
    name: z.string().openapi({ example: "api_github" }),
    source: z.string(),
    sourceName: z.string(),
    baseUrl: z.string(),
    authType: z.string(),
    connectionStatus: z.enum(["untested", "connected", "needs_auth", "failed"]),
    hasCredential: z.boolean(),
    headers: z.record(z.string(), z.string()).openapi({
      description: "The source's fixed headers (api.headers), sent on every request.",
      example: { "Notion-Version": "2022-06-28" },
    }),
    description: z.string().optional(),
    inputSchema: z.record(z.string(), z.unknown()).optional(),
    openapi: z
      .union([
        z.object({ title: z.string(), version: z.string(), operations: z.number() }),
        z.object({ error: z.string() }),
      ])
      .optional()
      .openapi({
        description: "The source's OpenAPI document: title, version and operation count, or why it was not loaded.",
      }),
    readOnly: z.boolean().optional().openapi({
      description:
        "True for a tool that changes nothing upstream: api_<slug>_operations (searches the document, sends nothing), and the call tool of a read-only source or token or the read tool of a split pair.",
    }),
    openWorld: z.boolean().optional().openapi({
      description: "True for the call tools (they reach the external API); false for api_<slug>_operations.",
    }),
    kind: z.enum(["call", "write", "operations"]).optional().openapi({
      description:
        "call: api_<slug>; write: api_<slug>_write of a source whose policy splits its tools (api.policy.tools); operations: api_<slug>_operations.",
    }),
  })
  .openapi("ToolSummary");

/** A call of an `api_<slug>` tool: the request to send (documentation of the call route's body). */
export const apiToolCallSchema = z
  .object({
    method: z.string().optional().openapi({ example: "GET" }),
    path: z.string().optional().openapi({ example: "/users/42" }),
    query: z.record(z.string(), z.unknown()).optional(),
    body: z.unknown().optional(),
    _rawBody: z.string().optional(),
    _contentType: z.string().optional(),
    select: z.string().optional().openapi({
      description: "JMESPath applied to the JSON body before it is bounded.",
      example: "items[].{id: id, title: title}",
    }),
    paginate: z
      .union([
        z.boolean(),
        z.object({ maxPages: z.number().int().min(1).optional(), maxItems: z.number().int().min(1).optional() }),
      ])
      .optional()
      .openapi({
        description:
          "GET only: follow the next pages and join their items (maxPages defaults to 5, capped by api.maxPages); true is {}, false no pagination.",
      }),
    resultRef: z.string().optional().openapi({
      description:
        "Read a cut result on without a request (only with offset and select); for the caller that made the call, 15 minutes.",
    }),
    offset: z.number().int().min(0).optional().openapi({ description: "With resultRef: the first character to read." }),
  })
  .openapi("ApiToolCall", {
    description: "A call of api_<slug>. method and path are required unless resultRef is given.",
  });

/** A call of an `api_<slug>_operations` tool: a search of the source's OpenAPI operations, or one operation by id. */
export const operationsToolCallSchema = z
  .strictObject({
    query: z.string().optional().openapi({ example: "create an issue" }),
    tag: z.string().optional(),
    operationId: z.string().optional(),
    limit: z.number().int().min(1).max(25).optional(),
    offset: z.number().int().min(0).optional(),
  })
  .openapi("OperationsToolCall", {
    description:
      "A call of api_<slug>_operations: search the operations (query and/or tag), or read one (operationId). Sends nothing upstream.",
  });

/**
 * The agent's call (spec 2.2), for the document only: the route takes any JSON, and a call of the wrong shape is a 200
 * result with `error.code` `INVALID_CALL`.
 */
export const toolCallBodySchema = z.union([apiToolCallSchema, operationsToolCallSchema]).openapi("ToolCall");

/** What the agent gets back, whatever the upstream said; `ok` tells. */
export const toolResultSchema = z
  .object({
    ok: z.boolean(),
    status: z.number(),
    statusText: z.string(),
    durationMs: z.number(),
    attempts: z.number(),
    headers: z.record(z.string(), z.string()),
    body: z.union([
      z.object({ kind: z.literal("json"), value: z.unknown() }),
      z.object({ kind: z.literal("text"), value: z.string() }),
      z.object({ kind: z.literal("binary"), contentType: z.string(), size: z.number(), base64: z.string().optional() }),
      z.object({ kind: z.literal("empty") }),
    ]),
    truncated: z
      .object({ originalSize: z.number().nullable(), unit: z.enum(["bytes", "chars"]), note: z.string() })
      .optional(),
    request: z.object({ method: z.string(), url: z.string() }),
    nextPath: z.string().optional(),
    selected: z.string().optional(),
    resultRef: z.string().optional(),
    part: z
      .object({ offset: z.number(), length: z.number(), totalChars: z.number(), nextOffset: z.number().optional() })
      .optional(),
    pagination: z
      .object({
        pages: z.number(),
        items: z.number(),
        more: z.boolean(),
        next: z
          .object({
            method: z.literal("GET"),
            path: z.string(),
            query: z.record(z.string(), z.unknown()).optional(),
            select: z.string().optional().openapi({ description: "The walk's select, when it had one." }),
          })
          .optional(),
        style: z.string().optional(),
        stoppedBecause: z.string().optional(),
      })
      .optional(),
    note: z.string().optional(),
    warnings: z.array(z.string()).optional().openapi({
      description:
        "Where the call breaks the source's OpenAPI document, when api.openapiValidation is warn: the call was sent all the same.",
    }),
    error: z
      .object({
        code: z.string(),
        message: z.string(),
        retryable: z.boolean(),
        next: z
          .object({ tool: z.string(), input: z.record(z.string(), z.string()) })
          .optional()
          .describe(
            'The tool call that helps next (an INVALID_CALL against the OpenAPI document): api_<slug>_operations with {"operationId"} to see the operation in full, or {"query"} to search.',
          ),
        rule: z.string().optional().openapi({
          description:
            'With POLICY_DENIED, CONFIRMATION_REQUIRED, CONFIRMATION_DECLINED and RATE_LIMITED: the rule that refused ("read-only", "not in allow", a rule as written, "rateLimit 60/60s").',
        }),
        retryAfterSeconds: z.number().optional().openapi({
          description: "With RATE_LIMITED: seconds until a call may succeed (also the Retry-After header of the 429).",
        }),
        connectUrl: z.string().optional().openapi({
          description:
            "With NOT_CONNECTED (a per-user source holds no credential of the caller's principal; nothing was sent): the console's connect page for this source and principal, single use, valid 10 minutes, for the agent to show its person.",
        }),
      })
      .optional(),
  })
  .openapi("ToolResult");

/** The outcome of an operator command. */
export const operatorCommandResultSchema = z
  .object({ command: z.string(), ok: z.boolean(), text: z.string(), data: z.unknown() })
  .openapi("OperatorCommandResult");

/** A JSON object of any shape (credential bodies, PATCH bodies); checked by the service, which names every wrong field. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/** Error responses, by status, for route definitions. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503)[]) {
  const descriptions = {
    400: "The body is not JSON (INVALID_JSON).",
    401: "Missing, wrong, revoked or expired token (UNAUTHORIZED).",
    403: "An agent token on a route or source it is not allowed (FORBIDDEN).",
    404: "No such source, tool or agent token.",
    409: "A source with this slug, or an agent token with this name, exists (DUPLICATE_SLUG, DUPLICATE_AGENT_TOKEN).",
    413: "The body is larger than the limit (BODY_TOO_LARGE).",
    422: "The body has the wrong shape; `details` lists every field problem.",
    429: "The source is at its concurrency limit (SOURCE_BUSY); see Retry-After.",
    500: "An unexpected failure, or a damaged agent token file (AGENT_TOKENS_DAMAGED).",
    503: "The server is shutting down (SHUTTING_DOWN), a file it writes is locked by another process, or, to an agent token, the server's agent token store cannot be read (AGENT_TOKENS_DAMAGED: the token was not checked; the operator restores the store).",
  };
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: descriptions[status], content: { "application/json": { schema: errorBodySchema } } },
    ]),
  ) as Record<
    (typeof statuses)[number],
    { description: string; content: { "application/json": { schema: typeof errorBodySchema } } }
  >;
}

/** A response whose body is JSON of `schema`, for a route's `responses`. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/** A required JSON request body of `schema`, for a route's `request.body`. */
export function jsonRequestBody<T extends z.ZodType>(schema: T, description?: string) {
  return {
    required: true,
    ...(description === undefined ? {} : { description }),
    content: { "application/json": { schema } },
  };
}
