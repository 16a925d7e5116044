import { z } from "zod";
import { parsePolicyRule } from "./policy-rule";

/** `read-write` (the default: any method) or `read-only` (GET, HEAD and OPTIONS only; no rule widens it). */
export const POLICY_MODES = ["read-write", "read-only"] as const;
export type PolicyMode = (typeof POLICY_MODES)[number];

/** `single` (the default: one call tool) or `split` (`api_<slug>` reads, `api_<slug>_write` writes). */
export const POLICY_TOOL_LAYOUTS = ["single", "split"] as const;
export type PolicyToolLayout = (typeof POLICY_TOOL_LAYOUTS)[number];

/** Most rules in one list: a policy is read by a person, and checked on every call. */
const maxRules = 200;

const ruleSchema = z
  .string({ error: 'must be a string such as "GET /repos/**", "operation:issues/*" or "tag:pulls"' })
  .superRefine((value, context) => {
    const parsed = parsePolicyRule(value);
    if (!parsed.ok) context.addIssue({ code: "custom", message: parsed.message });
  });

const ruleList = (description: string) =>
  z
    .array(ruleSchema, { error: 'must be an array of rules, e.g. ["GET /repos/**"]' })
    .max(maxRules, { error: `must have at most ${maxRules} rules` })
    .optional()
    .meta({ description });

/** A rate limit: at most `calls` calls in every `perSeconds` seconds. */
export const rateLimitSchema = z
  .strictObject({
    calls: z
      .number({ error: "must be a whole number of calls, e.g. 60" })
      .int({ error: "must be a whole number of calls, e.g. 60" })
      .min(1, { error: "must be at least 1" })
      .max(1_000_000, { error: "must be at most 1000000" }),
    perSeconds: z
      .number({ error: "must be a number of seconds, e.g. 60" })
      .int({ error: "must be a whole number of seconds, e.g. 60" })
      .min(1, { error: "must be at least 1" })
      .max(86_400, { error: "must be at most 86400 (a day)" }),
  })
  .meta({
    description:
      "At most `calls` agent calls in every window of `perSeconds` seconds; over it, calls are refused with RATE_LIMITED and retryAfterSeconds.",
  });
export type RateLimit = z.infer<typeof rateLimitSchema>;

/**
 * `api.policy`: what an agent may do with the source, enforced before the
 * credential is read or anything is sent. Absent: everything (today's behaviour).
 */
export const apiPolicySchema = z
  .strictObject({
    mode: z.enum(POLICY_MODES, { error: 'must be "read-write" or "read-only"' }).optional().meta({
      description: '"read-write" (default): any method. "read-only": GET, HEAD and OPTIONS only; no rule can widen it.',
    }),
    allow: ruleList(
      'Rules of what an agent may call; when present, anything they do not match is refused ("not in allow"). A rule is "METHOD /path" (method or *; the path relative to baseUrl; * matches one segment, ** any number), "operation:ID" or "tag:NAME" (globs allowed; needs api.openapi).',
    ),
    deny: ruleList("Rules of what an agent may never call; deny wins over allow. Same forms as allow."),
    confirm: ruleList(
      "Rules of calls a person must confirm before they are sent (MCP elicitation, a yes/no in `src call`); where no person can be asked, they are refused with CONFIRMATION_REQUIRED.",
    ),
    rateLimit: rateLimitSchema.optional(),
    tools: z.enum(POLICY_TOOL_LAYOUTS, { error: 'must be "single" or "split"' }).optional().meta({
      description:
        '"single" (default): one call tool api_<slug>. "split": api_<slug> for GET, HEAD and OPTIONS (read-only hints) and api_<slug>_write for the other methods (destructive hint).',
    }),
  })
  .meta({
    description:
      "What agents may do with this source: read-only mode, allow/deny/confirm rules, a rate limit and the tool layout. Enforced on every channel before anything is sent.",
  });
export type ApiPolicy = z.infer<typeof apiPolicySchema>;

/** The `api` field of the policy. */
export const apiPolicyShape = {
  policy: apiPolicySchema.optional(),
};
