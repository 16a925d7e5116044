import { createRoute, z } from "@hono/zod-openapi";
import { unknownFieldIssues } from "@src/config";
import type { RouteContext } from "../app-context";
import { errorResponses, jsonRequestBody, jsonResponse } from "../api-schemas";
import { revokeAgentToken } from "../agent-tokens/revoke-agent-token";
import { AgentTokenError } from "../errors/agent-token-error";
import { SERVER_ERROR_CODES } from "../errors/server-error";

const tokenNameParamSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "name", in: "path" }, example: "claude-desktop" }),
});

const rateLimitSchema = z.object({ calls: z.number(), perSeconds: z.number() }).nullable().openapi({
  description:
    "Its own rate limit across every source it calls (at most `calls` in every window of `perSeconds` seconds); null for none.",
});

const createdTokenSchema = z
  .object({
    name: z.string(),
    token: z.string().openapi({ description: "The token value. Shown this once; only its SHA-256 is stored." }),
    sources: z.array(z.string()).nullable().openapi({ description: "The slugs it may call; null for every source." }),
    expiresAt: z.string().nullable().openapi({ description: "ISO time it stops working; null for never." }),
    readOnly: z
      .boolean()
      .openapi({ description: "True: it may only read (GET, HEAD, OPTIONS), whatever a source's policy allows." }),
    rateLimit: rateLimitSchema,
  })
  .openapi("CreatedAgentToken");

const tokenSummarySchema = z
  .object({
    name: z.string(),
    prefix: z.string().openapi({
      description:
        "The value's first characters, to recognise it by; never the value. Empty for a hosted agent's OAuth grant (it has no value of its own).",
    }),
    sources: z.array(z.string()).nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    expired: z.boolean(),
    readOnly: z.boolean(),
    readOnlySources: z.array(z.string()).openapi({
      description: "Sources it may only read (a grant's per-source choice on the consent page); empty when none.",
    }),
    rateLimit: rateLimitSchema,
    client: z.object({ id: z.string(), name: z.string() }).nullable().openapi({
      description:
        "The hosted agent's OAuth client this grant was given to (its client_id and client_name); null for a token made by `src token create`.",
    }),
    lastUsedAt: z
      .string()
      .nullable()
      .openapi({ description: "When it last reached the server (written at most once a minute); null for never." }),
  })
  .openapi("AgentTokenSummary");

/** The body of `POST /v1/tokens`: its fields are the only ones taken (`refuseUnknownFields`). */
const createTokenBodySchema = z
  .object({
    name: z.string().openapi({ example: "claude-desktop" }),
    sources: z
      .array(z.string())
      .nullable()
      .optional()
      .openapi({ description: "Slugs it may call. Default: every source.", example: ["github"] }),
    expires: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "Lifetime: a whole number and m, h, d or w. Default: never.", example: "30d" }),
    readOnly: z.boolean().nullable().optional().openapi({
      description:
        "Only GET, HEAD and OPTIONS, whatever a source's policy allows; its tools are read-only (MCP readOnlyHint). Default false.",
    }),
    rateLimit: z.string().nullable().optional().openapi({
      description:
        "Its own rate limit across every source: calls/duration, e.g. 60/1m, 10/30s, 1000/1h. Default: none.",
      example: "60/1m",
    }),
  })
  .openapi({
    description:
      'Any other field is refused with 422 INVALID_AGENT_TOKEN_REQUEST naming it and the field probably meant (`readonly: is not a known field; did you mean "readOnly"?`), and nothing is created: a misspelt field left out would make the token wider than meant.',
  });

const createTokenRoute = createRoute({
  method: "post",
  path: "/v1/tokens",
  tags: ["tokens"],
  summary:
    "Create an agent token (admin only): it may list and call tools and use /mcp, nothing else; optionally only some sources, read-only, rate-limited, expiring.",
  request: {
    body: jsonRequestBody(createTokenBodySchema),
  },
  responses: {
    201: jsonResponse(createdTokenSchema, "Created; `token` is shown this once."),
    ...errorResponses(400, 401, 403, 409, 413, 422, 500, 503),
  },
});

const listTokensRoute = createRoute({
  method: "get",
  path: "/v1/tokens",
  tags: ["tokens"],
  summary:
    "The agent tokens and hosted agents' OAuth grants by name and prefix, with their client and last use (admin only); never a value.",
  responses: {
    200: jsonResponse(z.object({ tokens: z.array(tokenSummarySchema) }), "The tokens."),
    ...errorResponses(401, 403, 500),
  },
});

const revokeTokenRoute = createRoute({
  method: "delete",
  path: "/v1/tokens/{name}",
  tags: ["tokens"],
  summary:
    "Revoke an agent token or a hosted agent's grant (admin only); it, and a grant's access and refresh tokens, answer 401 from then on. The per-user connections of the principal it acted for (token:NAME, grant:NAME) are removed with it.",
  request: { params: tokenNameParamSchema },
  responses: {
    200: jsonResponse(
      z.object({
        name: z.string(),
        revoked: z.literal(true),
        connectionsRemoved: z.array(z.string()).openapi({
          description: "The per-user sources whose connection of the token's principal was removed with it.",
        }),
      }),
      "Revoked, with the per-user connections of the principal it acted for.",
    ),
    ...errorResponses(401, 403, 404, 500, 503),
  },
});

/** Throws 422 `INVALID_AGENT_TOKEN_REQUEST` naming each field of `body` not in `known`, with the field probably meant. */
function refuseUnknownFields(body: unknown, known: readonly string[]): void {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return;
  const issues = unknownFieldIssues(body as Record<string, unknown>, known);
  if (issues.length === 0) return;
  throw new AgentTokenError({
    code: SERVER_ERROR_CODES.INVALID_AGENT_TOKEN_REQUEST,
    message: `no agent token was created: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`,
    issues,
  });
}

export function registerTokenRoutes({ app, tokens, service }: RouteContext): void {
  app.openapi(createTokenRoute, async (c) => {
    const input = c.req.valid("json");
    // The schema drops the fields it does not know: each one left out widens the token, so a misspelt one is refused.
    refuseUnknownFields(await c.req.json(), Object.keys(createTokenBodySchema.shape));
    const created = await tokens.store.create(input);
    await tokens.index.reload();
    return c.json(created, 201);
  });
  app.openapi(listTokensRoute, async (c) => c.json({ tokens: await tokens.store.list() }, 200));
  app.openapi(revokeTokenRoute, async (c) => {
    const { name } = c.req.valid("param");
    const { connectionsRemoved } = await revokeAgentToken({ store: tokens.store, service }, name);
    await tokens.index.reload();
    return c.json({ name, revoked: true as const, connectionsRemoved }, 200);
  });
}
