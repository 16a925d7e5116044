import { AuthorizeError, pluginSecrets, toAuthPluginV2, type AnyAuthPlugin, type AnyAuthPluginV2, type AuthRuntime } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import { buildRequestWithCheckedCredential } from "../request/build-request";
import { createRequestAuthorizer, type RequestAuthorizer } from "../request/request-authorizer";
import { createFailureResult } from "../result/create-failure-result";
import { AuthPluginHeaderError } from "../errors/auth-plugin-header-error";
import { INVALID_CALL_REASONS } from "../errors/invalid-call-reasons";
import { InvalidCallError } from "../errors/invalid-call-error";
import { executeRequest } from "../execution/execute-request";
import { createRedactor } from "../result/redact-secrets";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ParsedToolCall, ToolCall } from "../request/tool-call";
import { normalizeToolCall } from "../request/normalize-tool-call";
import { checkAgainstDocument } from "./check-against-document";
import type { ToolResult } from "../result/tool-result";
import { createHopCheck, needsHopCheck, type CheckHop, type PolicyRefusal } from "../policy/check-hop";
import { summarizeBody, type Confirmer } from "../policy/confirmation";
import { firstRequestOf } from "../policy/first-request";
import type { TokenPolicy, ToolAccess } from "../policy/policy-narrowing";
import type { RateLimitStore } from "../policy/rate-limit-store";

/** What a valid call looks like; appended to INVALID_CALL messages about the input's shape. */
const validCallHint =
  'Send an object such as {"method": "GET", "path": "/items", "query": {"limit": 1}}; ' +
  "put a JSON body in body, or a raw body string in _rawBody with its type in _contentType.";

/** What one agent call needs. */
export interface CallSourceOptions {
  /** The source the call goes to. */
  source: SourceRecord;
  /** The agent's input, as received (validated here). */
  call: unknown;
  /** The auth plugin selected by `source.api.authType` (v2, or v1 through the adapter). */
  plugin: AnyAuthPlugin | AnyAuthPluginV2;
  /**
   * The stored credential, or `undefined` when none is stored (the call answers `NO_CREDENTIAL`); or a function
   * that reads it, called only once the policy allowed the call (its rejection is `callSource`'s, as it is).
   */
  credential: Record<string, unknown> | undefined | (() => Promise<Record<string, unknown> | undefined>);
  /** A fetch to send the request with instead of node:http. Default: none (node:http/node:https with keep-alive agents). */
  fetch?: typeof fetch;
  /** Aborts the call. Default: none. */
  signal?: AbortSignal;
  /** The source's session cache, saveCredential and clock, for v2 plugins (tokens). Default: a session of this call only, no saving. */
  auth?: AuthRuntime | undefined;
  /**
   * The operations of the source's OpenAPI document (`@src/openapi`): each call
   * is checked against it before anything is sent, as `api.openapiValidation`
   * says (`strict` refuses, `warn` sends and adds `warnings`, `off` skips).
   * Default: none, no check.
   */
  operations?: OperationCatalog | undefined;
  /** The caller's agent token: it narrows the source's policy (read-only, its own rate limit). Default: none. */
  token?: TokenPolicy | undefined;
  /** The tool the call came through: `any` (default), or `read` / `write` of a source whose policy splits its tools. */
  access?: ToolAccess | undefined;
  /** Asks a person before a call that matches a `confirm` rule. Default: none, such calls answer `CONFIRMATION_REQUIRED`. */
  confirm?: Confirmer | undefined;
  /** Where the policy's rate limits are counted. Default: this process's memory. */
  rateLimits?: RateLimitStore | undefined;
}

/** A credential reader's failure, carried out of the guard to be `callSource`'s own rejection. */
class CredentialReadFailure extends Error {
  constructor(override readonly cause: unknown) {
    super("the credential could not be read");
  }
}

/**
 * The single path every agent call takes: checks that the source is enabled,
 * that a credential is stored, and that the call is valid, then builds and
 * executes the request. Never throws; every failure is an `ok: false` result
 * whose `error` says what was wrong and what to do next.
 */
export async function callSource(options: CallSourceOptions): Promise<ToolResult> {
  try {
    return await callSourceUnguarded(options);
  } catch (error) {
    if (error instanceof CredentialReadFailure) throw error.cause;
    // Only a broken dependency (a plugin or executor that throws) lands here; its message could hold anything, so it is not shown.
    return createFailureResult({
      code: TOOL_ERROR_CODES.NETWORK,
      message: `the call to source "${options.source.slug}" failed unexpectedly before an answer was read; retry once, and ask an operator to check the source with \`/source reload ${options.source.slug}\` if it keeps failing`,
      retryable: true,
      call: options.call,
    });
  }
}

/** The result of a call the policy refused: nothing was sent, the error names the rule. */
function refusedResult(refusal: PolicyRefusal, call: unknown): ToolResult {
  const result = createFailureResult({ code: refusal.code, message: refusal.message, retryable: refusal.retryable, call });
  result.error = { ...result.error!, rule: refusal.rule, ...(refusal.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: refusal.retryAfterSeconds }) };
  return result;
}

async function callSourceUnguarded(options: CallSourceOptions): Promise<ToolResult> {
  const { source, call: input, plugin: anyPlugin, fetch, signal, auth, operations } = options;
  let call = input;
  const plugin = toAuthPluginV2(anyPlugin);
  const { slug } = source;
  if (!source.enabled) {
    return createFailureResult({
      code: TOOL_ERROR_CODES.SOURCE_DISABLED,
      message: `source "${slug}" is disabled; an operator must enable it before it can be called`,
      call,
    });
  }
  // The policy, before the credential is read or anything sent: the first request here, each redirect in the executor.
  let checkHop: CheckHop | undefined;
  if (needsHopCheck(source, options.token, options.access)) {
    const first = firstRequestOf(source, call);
    if (first !== undefined) {
      checkHop = createHopCheck({ source, operations, token: options.token, access: options.access, confirm: options.confirm, rateLimits: options.rateLimits, bodySummary: summarizeBody(first.call), signal });
      const refusal = await checkHop({ method: first.call.method, url: first.url, kind: "request" });
      if (refusal !== undefined) return refusedResult(refusal, call);
    }
  }
  let credential: Record<string, unknown> | undefined;
  if (typeof options.credential === "function") {
    try {
      credential = await options.credential();
    } catch (error) {
      throw new CredentialReadFailure(error);
    }
  } else {
    credential = options.credential;
  }
  if (credential === undefined) {
    return createFailureResult({
      code: TOOL_ERROR_CODES.NO_CREDENTIAL,
      message: `no credential is stored for source "${slug}"; an operator must store one, then retry`,
      call,
    });
  }
  const parsedCredential = plugin.credentialSchema.safeParse(credential);
  if (!parsedCredential.success) {
    const fields = [...new Set(parsedCredential.error.issues.map((issue) => issue.path.join(".") || "credential"))].join(", ");
    return createFailureResult({
      code: TOOL_ERROR_CODES.NO_CREDENTIAL,
      message: `the credential stored for source "${slug}" does not fit auth type "${plugin.type}" (fields: ${fields}); an operator must store it again`,
      call,
    });
  }

  const credentialValue = parsedCredential.data as Record<string, unknown>;
  let request;
  let authorizer: RequestAuthorizer | undefined;
  let warnings: string[] | undefined;
  try {
    // The plugin bound to this call: the builder authorizes the first attempt, the executor the rest.
    authorizer = createRequestAuthorizer({ source, plugin, credential: credentialValue, auth, signal });
    if (operations !== undefined && source.api.openapiValidation !== "off") {
      // Checked before the plugin runs: a call that breaks the document fetches no token and sends nothing.
      const normalized: ParsedToolCall = normalizeToolCall(call);
      const verdict = checkAgainstDocument({ source, call: normalized, operations, authHeaders: authorizer.placement.headers, authQuery: authorizer.placement.query });
      if (!verdict.fits) {
        if (source.api.openapiValidation !== "warn") {
          return createRedactor(authorizer.secrets).redactDeep(createFailureResult({ code: TOOL_ERROR_CODES.INVALID_CALL, message: verdict.message, call }));
        }
        warnings = createRedactor(authorizer.secrets).redactDeep(verdict.warnings);
      }
      call = normalized;
    }
    // Normalizes the call (once) and redacts the secrets from its errors; the credential was parsed above, once.
    request = await buildRequestWithCheckedCredential({ source, call: call as ToolCall, credential: credentialValue, plugin, authorizer });
  } catch (error) {
    const secrets = authorizer?.secrets ?? pluginSecrets(plugin, credentialValue);
    if (AuthorizeError.isInstance(error)) {
      // The token endpoint refused the credential (an operator must act) or failed (retry later).
      const failure = createFailureResult({ code: TOOL_ERROR_CODES.AUTH_FAILED, message: `the credential of source "${slug}" could not be attached: ${error.message}; ${error.hint}`, retryable: error.retryable, call });
      return createRedactor(secrets).redactDeep(failure);
    }
    if (signal?.aborted === true) {
      return createRedactor(secrets).redactDeep(createFailureResult({ code: TOOL_ERROR_CODES.NETWORK, message: `the call to source "${slug}" was cancelled before its request was sent`, call }));
    }
    // A plugin that sets a framing header is the operator's problem, not the agent's: not INVALID_CALL.
    const failure = AuthPluginHeaderError.isInstance(error)
      ? createFailureResult({ code: error.code, message: error.message, call })
      : createFailureResult({ code: TOOL_ERROR_CODES.INVALID_CALL, message: describeBuildFailure(error), call });
    // The message may quote the agent's input; make sure no form of the secret is in it.
    return createRedactor(secrets).redactDeep(failure);
  }

  const result = await executeRequest(request, { source, authorizeHop: authorizer.authorizeHop, onRejected: authorizer.onRejected, fetch, signal, checkHop });
  if (warnings !== undefined) result.warnings = warnings;
  return result;
}

function describeBuildFailure(error: unknown): string {
  if (error instanceof InvalidCallError) {
    const message = error.message.startsWith("invalid call:") ? error.message : `invalid call: ${error.message.startsWith(`${error.field}:`) ? "" : `${error.field}: `}${error.message}`;
    const schemaProblem = error.reason === INVALID_CALL_REASONS.INVALID_INPUT || error.reason === INVALID_CALL_REASONS.INVALID_METHOD;
    return schemaProblem ? `${message}. ${validCallHint}` : message;
  }
  // Not a call problem the agent can fix; the message of an unknown error is not shown (it could hold anything).
  return "the request could not be built from this call and the source configuration; check the call, and ask an operator to check the source with `/source reload`";
}
