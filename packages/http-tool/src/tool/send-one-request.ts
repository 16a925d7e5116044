import { AuthorizeError, type AnyAuthPluginV2, type AuthRuntime } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import { buildRequestWithCheckedCredential } from "../request/build-request";
import { createRequestAuthorizer, secretsOfFailedCall, type RequestAuthorizer } from "../request/request-authorizer";
import { createFailureResult } from "../result/create-failure-result";
import { AuthPluginHeaderError } from "../errors/auth-plugin-header-error";
import { AuthPluginFailedError } from "../errors/auth-plugin-failed-error";
import { INVALID_CALL_REASONS } from "../errors/invalid-call-reasons";
import { InvalidCallError } from "../errors/invalid-call-error";
import { executeRequest } from "../execution/execute-request";
import type { ExecutorLimits } from "../execution/executor-limits";
import { createRedactor } from "../result/redact-secrets";
import type { WholeBody } from "../result/shape-result-body";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ParsedToolCall, ToolCall } from "../request/tool-call";
import { normalizeToolCall } from "../request/normalize-tool-call";
import { checkAgainstDocument } from "./check-against-document";
import type { ToolResult } from "../result/tool-result";
import { currentToolCall } from "../telemetry/trace-tool-call";
import type { CheckHop } from "../policy/check-hop";
import { firstRequestOf } from "../policy/first-request";
import { refusedResult } from "../policy/refused-result";

/** What a valid call looks like; appended to INVALID_CALL messages about the input's shape. */
const validCallHint =
  'Send an object such as {"method": "GET", "path": "/items", "query": {"limit": 1}}; ' +
  "put a JSON body in body, or a raw body string in _rawBody with its type in _contentType.";

/** What every request of one agent call shares: the source, its plugin and credential, the transport. */
export interface RequestContext {
  source: SourceRecord;
  plugin: AnyAuthPluginV2;
  /** The stored credential, already checked against the plugin's schema. */
  credential: Record<string, unknown>;
  fetch?: typeof fetch | undefined;
  signal?: AbortSignal | undefined;
  auth?: AuthRuntime | undefined;
  operations?: OperationCatalog | undefined;
  /** The call's policy check (`createHopCheck`): asked for each next page here, and for each redirect by the executor. Default: none. */
  checkHop?: CheckHop | undefined;
}

/** What one request needs besides the context. */
export interface OneRequest {
  /** The request part of the agent's input (method, path, query, body, _rawBody, _contentType), unchecked. */
  call: unknown;
  /** Check it against the OpenAPI document (the agent's own call); a next page the API linked to is not. Default true. */
  checkDocument?: boolean;
  /** Per-request overrides of the source's limits (`maxResultChars: Infinity` hands over the whole body). */
  limits?: Partial<ExecutorLimits> | undefined;
  onBodyCut?: ((whole: WholeBody) => void) | undefined;
  /** A next page (`paginate`): the policy is asked about it first (`kind: "page"`), as `callSource` asked about the first request. Default false. */
  page?: boolean;
  /** The `performance.now()` by which a page of a walk must be done (the walk's one budget). Default: none. */
  walkDeadline?: number | undefined;
}

/** The result of one request, and the secrets its redaction used (for what is derived from it later). */
export interface OneRequestOutcome {
  result: ToolResult;
  /** False when nothing was sent (an invalid call, a refused plugin); the result says why. */
  sent: boolean;
  secrets: readonly string[];
}

/**
 * One request of an agent call: the call normalized and checked (against the
 * document when asked), the request built (the path confined under the base
 * URL, the credential attached) and executed (redirects confined, retries).
 * Every request an agent call makes goes through here: the first one and
 * each page `paginate` follows, so each gets the same checks (the policy's
 * for a next page here, for the first one in `callSource` before the credential is read).
 */
export async function sendOneRequest(
  context: RequestContext,
  { call, checkDocument = true, limits, onBodyCut, page = false, walkDeadline }: OneRequest,
): Promise<OneRequestOutcome> {
  const { source, plugin, credential, auth, signal, operations, fetch, checkHop } = context;
  const { slug } = source;
  if (page && checkHop !== undefined) {
    // The same check as the first request: rules, confirmation, rate limits; an invalid page is refused by the builder.
    const next = firstRequestOf(source, call);
    const refusal =
      next === undefined ? undefined : await checkHop({ method: next.call.method, url: next.url, kind: "page" });
    if (refusal !== undefined) return { sent: false, secrets: [], result: refusedResult(refusal, call) };
  }
  let request;
  let authorizer: RequestAuthorizer | undefined;
  let warnings: string[] | undefined;
  try {
    // The plugin bound to this call: the builder authorizes the first attempt, the executor the rest.
    authorizer = createRequestAuthorizer({ source, plugin, credential, auth, signal });
    if (checkDocument && operations !== undefined && source.api.openapiValidation !== "off") {
      // Checked before the plugin runs: a call that breaks the document fetches no token and sends nothing.
      const normalized: ParsedToolCall = normalizeToolCall(call);
      const verdict = checkAgainstDocument({
        source,
        call: normalized,
        operations,
        authHeaders: [...authorizer.placement.headers, ...(authorizer.placement.optionalHeaders ?? [])],
        authQuery: authorizer.placement.query,
      });
      const traced = currentToolCall();
      if (traced !== undefined && verdict.operation !== undefined) {
        traced.template = verdict.operation.path;
        traced.operationId = verdict.operation.operationId;
      }
      if (!verdict.fits) {
        if (source.api.openapiValidation !== "warn") {
          return {
            sent: false,
            secrets: authorizer.secrets,
            result: createRedactor(authorizer.secrets).redactDeep(
              createFailureResult({
                code: TOOL_ERROR_CODES.INVALID_CALL,
                message: verdict.message,
                call,
                next: verdict.next,
              }),
            ),
          };
        }
        warnings = createRedactor(authorizer.secrets).redactDeep(verdict.warnings);
      }
      call = normalized;
    }
    // Normalizes the call (once) and redacts the secrets from its errors; the credential was parsed by the caller, once.
    request = await buildRequestWithCheckedCredential({
      source,
      call: call as ToolCall,
      credential,
      plugin,
      authorizer,
    });
  } catch (error) {
    const secrets = authorizer?.secrets ?? secretsOfFailedCall(plugin, credential);
    const redact = (result: ToolResult): OneRequestOutcome => ({
      sent: false,
      secrets,
      result: createRedactor(secrets).redactDeep(result),
    });
    if (AuthorizeError.isInstance(error)) {
      // The token endpoint refused the credential (an operator must act) or failed (retry later).
      return redact(
        createFailureResult({
          code: TOOL_ERROR_CODES.AUTH_FAILED,
          message: `the credential of source "${slug}" could not be attached: ${error.message}; ${error.hint}`,
          retryable: error.retryable,
          call,
        }),
      );
    }
    if (signal?.aborted === true) {
      return redact(
        createFailureResult({
          code: TOOL_ERROR_CODES.NETWORK,
          message: `the call to source "${slug}" was cancelled before its request was sent`,
          call,
        }),
      );
    }
    // A plugin that sets a framing header, throws or answers the wrong shape is the operator's problem, not the agent's: not INVALID_CALL.
    // The message may quote the agent's input; redact makes sure no form of the secret is in it.
    return redact(
      AuthPluginHeaderError.isInstance(error) || AuthPluginFailedError.isInstance(error)
        ? createFailureResult({ code: error.code, message: error.message, call })
        : createFailureResult({ code: TOOL_ERROR_CODES.INVALID_CALL, message: describeBuildFailure(error), call }),
    );
  }

  const result = await executeRequest(request, {
    source,
    authorizeHop: authorizer.authorizeHop,
    onRejected: authorizer.onRejected,
    fetch,
    signal,
    limits,
    onBodyCut,
    checkHop,
    walkDeadline,
  });
  if (warnings !== undefined) result.warnings = warnings;
  return { result, sent: true, secrets: authorizer.secrets };
}

/** The INVALID_CALL message of a call that could not be built. */
export function describeBuildFailure(error: unknown): string {
  if (error instanceof InvalidCallError) {
    const message = error.message.startsWith("invalid call:")
      ? error.message
      : `invalid call: ${error.message.startsWith(`${error.field}:`) ? "" : `${error.field}: `}${error.message}`;
    const schemaProblem =
      error.reason === INVALID_CALL_REASONS.INVALID_INPUT || error.reason === INVALID_CALL_REASONS.INVALID_METHOD;
    return schemaProblem ? `${message}. ${validCallHint}` : message;
  }
  // Not a call problem the agent can fix; the message of an unknown error is not shown (it could hold anything).
  return "the request could not be built from this call and the source configuration; check the call, and ask an operator to check the source with `/source reload`";
}
