import type { RateLimit, SourceRecord } from "@src/config";
import type { IndexedOperation, OperationCatalog } from "@src/openapi";
import { baseUrlFor } from "../request/base-url-cache";
import { apiToolName } from "../tool/api-tool-name";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import { compilePolicy, type PolicyCall } from "./compile-policy";
import type { Confirmer } from "./confirmation";
import { evaluatePolicy } from "./evaluate-policy";
import { pathReadingsOf, relativePathOf } from "./path-readings";
import type { TokenPolicy, ToolAccess } from "./policy-narrowing";
import { createMemoryRateLimitStore, type RateLimitStore } from "./rate-limit-store";
import { writeToolName } from "../tool/write-tool-name";

/** One request the executor is about to send: the first, a followed redirect, or a next page. */
export interface PolicyHop {
  /** Upper case. */
  readonly method: string;
  /** The full URL, already confined to the base URL (origin and base path). */
  readonly url: URL;
  /** `request`: the call's first request (counts against the rate limits); `redirect`: a redirect followed within it (does not); `page`: a next page a pagination feature follows (counts). */
  readonly kind: "request" | "redirect" | "page";
}

/** Why the policy refused a hop: a `ToolResult` error, naming the rule. */
export interface PolicyRefusal {
  readonly code:
    | typeof TOOL_ERROR_CODES.POLICY_DENIED
    | typeof TOOL_ERROR_CODES.CONFIRMATION_REQUIRED
    | typeof TOOL_ERROR_CODES.CONFIRMATION_DECLINED
    | typeof TOOL_ERROR_CODES.RATE_LIMITED;
  readonly message: string;
  readonly retryable: boolean;
  /** The rule that refused (`"read-only"`, `"not in allow"`, a rule's text), or the rate limit (`"rateLimit 60/60s"`). */
  readonly rule: string;
  /** With `RATE_LIMITED`: when to try again. */
  readonly retryAfterSeconds?: number;
}

/**
 * The one check every hop of a call passes before anything is sent (the
 * credential is not read before the first one): the source's policy narrowed
 * by the caller's token and tool, a person's confirmation for `confirm` rules,
 * and the rate limits. Resolves to the refusal, or `undefined` to go on.
 */
export type CheckHop = (hop: PolicyHop) => Promise<PolicyRefusal | undefined>;

/** What `createHopCheck` needs: the source, and who calls through which tool with which collaborators. */
export interface HopCheckOptions {
  source: SourceRecord;
  /** The source's loaded OpenAPI document, for `operation:` and `tag:` rules. Default: none. */
  operations?: OperationCatalog | undefined;
  /** The caller's agent token, narrowing the policy. Default: none. */
  token?: TokenPolicy | undefined;
  /** The tool the call came through. Default `any`. */
  access?: ToolAccess | undefined;
  /** Asks a person for `confirm` rules. Default: none (such calls are refused with `CONFIRMATION_REQUIRED`). */
  confirm?: Confirmer | undefined;
  /** Where rate limits are counted. Default: this process's memory (`defaultRateLimitStore`). */
  rateLimits?: RateLimitStore | undefined;
  /** The call's body, summarized (never its values) for a confirmation. Default `"none"`. */
  bodySummary?: string | undefined;
  /** The caller's signal, handed to the confirmer. */
  signal?: AbortSignal | undefined;
}

/** Whether anything is to be checked for a call: a policy, a token that narrows, a tool of a split pair. */
export function needsHopCheck(
  source: SourceRecord,
  token: TokenPolicy | undefined,
  access: ToolAccess | undefined,
): boolean {
  return (
    !compilePolicy(source.api.policy).empty ||
    token?.readOnly === true ||
    token?.rateLimit !== undefined ||
    (access !== undefined && access !== "any")
  );
}

const describeLimit = (limit: RateLimit): string =>
  `${limit.calls} call${limit.calls === 1 ? "" : "s"} per ${limit.perSeconds} s`;

/** The policy call of a method and path: readings, and the operations they reach (looked up once, when a document rule asks). */
class HopCall implements PolicyCall {
  readonly canonical: string;
  readonly readings: readonly string[];
  #operation: IndexedOperation | undefined | null = null;
  #anyOperations: IndexedOperation[] | undefined;

  constructor(
    readonly method: string,
    relativePath: string,
    private readonly baseUrl: string,
    /** The document to look operations up in; `undefined` when no rule asks or the source has none. */
    private readonly operations: OperationCatalog | undefined,
  ) {
    const readings = pathReadingsOf(relativePath);
    this.canonical = readings.canonical;
    this.readings = readings.all;
  }

  operation(): IndexedOperation | undefined {
    if (this.operations === undefined) return undefined;
    if (this.#operation === null) this.#operation = this.operations.match(this.method, this.canonical, this.baseUrl);
    return this.#operation;
  }

  anyOperations(): readonly IndexedOperation[] {
    const operations = this.operations;
    if (operations === undefined) return [];
    if (this.#anyOperations !== undefined) return this.#anyOperations;
    const found: IndexedOperation[] = [];
    for (const path of this.readings) {
      // The canonical reading in any case is the canonical match when letter case cannot change it: matched once.
      const operation =
        path === this.canonical && !operations.caseCanMatter(path)
          ? this.operation()
          : operations.match(this.method, path, this.baseUrl, { ignoreCase: true });
      if (operation !== undefined && !found.includes(operation)) found.push(operation);
    }
    this.#anyOperations = found;
    return found;
  }
}

/**
 * The `CheckHop` of one call. The executor calls it for each redirect it
 * would follow, `callSource` for the first request (before reading the
 * credential), and a pagination feature for each next page.
 */
export function createHopCheck({
  source,
  operations,
  token,
  access = "any",
  confirm,
  rateLimits,
  bodySummary = "none",
  signal,
}: HopCheckOptions): CheckHop {
  const policy = compilePolicy(source.api.policy);
  const baseUrl = baseUrlFor(source.api.baseUrl);
  /** `METHOD path` a person confirmed during this call (its redirects and pages are not asked about again). */
  let confirmed: Set<string> | undefined;
  const subject = `source "${source.slug}"`;
  return async ({ method, url, kind }) => {
    const path = relativePathOf(url, baseUrl);
    const call = new HopCall(method, path, source.api.baseUrl, policy.usesDocument ? operations : undefined);
    const what = kind === "redirect" ? `the redirect to ${method} ${path}` : `${method} ${path}`;
    const notSent = kind === "redirect" ? "the redirect was not followed" : "nothing was sent";
    const decision = evaluatePolicy(policy, call, {
      token,
      access,
      toolNames: () => ({ read: apiToolName(source.slug), write: writeToolName(source.slug) }),
      hasDocument: operations !== undefined,
    });
    if (!decision.allowed) {
      return {
        code: TOOL_ERROR_CODES.POLICY_DENIED,
        rule: decision.rule,
        retryable: false,
        message: `the policy of ${subject} refuses ${what}: ${decision.why}; ${notSent}`,
      };
    }
    if (decision.confirmRule !== undefined && confirmed?.has(`${method} ${call.canonical}`) !== true) {
      const rule = decision.confirmRule;
      if (confirm === undefined) {
        return {
          code: TOOL_ERROR_CODES.CONFIRMATION_REQUIRED,
          rule,
          retryable: false,
          message: `${what} on ${subject} needs a person's confirmation (rule "${rule}" in confirm), and no person can be asked here; ${notSent}. It can be made where someone confirms it: \`src call\` in a terminal, or an MCP client that supports elicitation`,
        };
      }
      const queryNames = [...new Set(url.searchParams.keys())];
      const answer = await confirm(
        { source: source.slug, sourceName: source.name, method, path, queryNames, bodySummary, rule },
        { signal },
      );
      if (answer !== "accepted") {
        return {
          code: TOOL_ERROR_CODES.CONFIRMATION_DECLINED,
          rule,
          retryable: false,
          message: `a person ${answer === "declined" ? "declined" : "did not confirm"} ${what} on ${subject} (rule "${rule}" in confirm); ${notSent}`,
        };
      }
      (confirmed ??= new Set()).add(`${method} ${call.canonical}`);
    }
    if (kind === "redirect") return undefined;
    const limits: { key: string; limit: RateLimit; who: string; field: string }[] = [];
    if (policy.rateLimit !== undefined)
      limits.push({
        key: `source:${source.slug}`,
        limit: policy.rateLimit,
        who: subject,
        field: "api.policy.rateLimit",
      });
    if (token?.rateLimit !== undefined)
      limits.push({
        key: `token:${token.name}`,
        limit: token.rateLimit,
        who: `agent token "${token.name}"`,
        field: "the token's --rate-limit",
      });
    for (const { key, limit, who, field } of limits) {
      const rule = `rateLimit ${limit.calls}/${limit.perSeconds}s`;
      let verdict;
      try {
        verdict = await (rateLimits ?? defaultRateLimitStore()).consume(key, limit);
      } catch {
        return {
          code: TOOL_ERROR_CODES.RATE_LIMITED,
          rule,
          retryable: true,
          retryAfterSeconds: 1,
          message: `the rate limit of ${who} could not be counted (its store did not answer); ${notSent}; retry in a moment`,
        };
      }
      if (!verdict.allowed) {
        return {
          code: TOOL_ERROR_CODES.RATE_LIMITED,
          rule,
          retryable: true,
          retryAfterSeconds: verdict.retryAfterSeconds,
          message: `${who} is over its rate limit of ${describeLimit(limit)} (${field}); ${notSent}; retry after ${verdict.retryAfterSeconds} s`,
        };
      }
    }
    return undefined;
  };
}

let shared: RateLimitStore | undefined;
/** The process-wide memory store used when a caller gives none. */
function defaultRateLimitStore(): RateLimitStore {
  return (shared ??= createMemoryRateLimitStore());
}
