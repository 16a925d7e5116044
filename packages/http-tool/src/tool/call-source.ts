import { pluginSecrets, type AnyAuthPluginV2, type AuthRuntime } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import { createFailureResult } from "../result/create-failure-result";
import { InvalidCallError } from "../errors/invalid-call-error";
import { resolveExecutorLimits } from "../execution/executor-limits";
import { createRedactor } from "../result/redact-secrets";
import type { WholeBody } from "../result/shape-result-body";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolResult } from "../result/tool-result";
import type { ResultStore } from "../stored-results/result-store";
import { defaultMaxStoredResultBytes } from "../stored-results/result-store";
import { readStoredResult } from "../stored-results/read-stored-result";
import { keepWholeBody } from "../stored-results/keep-whole-body";
import { storedResultRefusal } from "../stored-results/stored-result-refusal";
import { splitAgentInput, type ResultArguments } from "./agent-input";
import { describeBuildFailure, sendOneRequest, type RequestContext } from "./send-one-request";
import { selectAndBound } from "./select-and-bound";
import { paginateCall } from "./paginate-call";
import { apiToolName } from "./api-tool-name";
import { traceToolCall } from "../telemetry/trace-tool-call";
import { createHopCheck, needsHopCheck, type CheckHop } from "../policy/check-hop";
import { summarizeBody, type Confirmer } from "../policy/confirmation";
import { firstRequestOf } from "../policy/first-request";
import type { TokenPolicy, ToolAccess } from "../policy/policy-narrowing";
import type { RateLimitStore } from "../policy/rate-limit-store";
import { refusedResult } from "../policy/refused-result";

/** The owner of stored results when the caller names none: this process. */
export const localCaller = "local";

/** What one agent call needs. */
export interface CallSourceOptions {
  /** The source the call goes to. */
  source: SourceRecord;
  /** The agent's input, as received (validated here). */
  call: unknown;
  /** The auth plugin selected by `source.api.authType`. */
  plugin: AnyAuthPluginV2;
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
  /**
   * Why the source's OpenAPI document (`api.openapi`), which it has, cannot be used now (its file missing, or one
   * that does not load). With `api.openapiValidation` `strict` (the default) the call is refused before the
   * credential is read (`POLICY_DENIED`, rule `document not loaded`): the check it promises cannot be made; with
   * `warn` it is sent with a warning that it was not checked; with `off`, as without a document. Default: none.
   */
  documentNotLoaded?: string | undefined;
  /**
   * Where a cut body is kept so the agent can read on with `resultRef`
   * (`createResultStore`). Default: none (a cut body is only cut, and a
   * `resultRef` call is refused).
   */
  results?: ResultStore | undefined;
  /** Who is calling: stored results are read back only by the same caller. Default `"local"` (this process). */
  caller?: string | undefined;
  /** The caller's agent token: it narrows the source's policy (read-only, its own rate limit). Default: none. */
  token?: TokenPolicy | undefined;
  /**
   * A per-user source's answer when `credential` gives none: the call answers `NOT_CONNECTED` with this message (what
   * the person must do), never `NO_CREDENTIAL`. Default: none (`NO_CREDENTIAL`).
   */
  notConnected?: { message: string } | undefined;
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

/** The credential, read now when the caller gave a reader; a reader's failure leaves `callSource` as it is. */
async function readCredential(given: CallSourceOptions["credential"]): Promise<Record<string, unknown> | undefined> {
  if (typeof given !== "function") return given;
  try {
    return await given();
  } catch (error) {
    throw new CredentialReadFailure(error);
  }
}

/**
 * The single path every agent call takes: checks that the source is enabled,
 * that the source's policy (narrowed by the caller's token) allows the call,
 * before the credential is read or anything sent (`createHopCheck`; each
 * redirect and each next page is asked again), that a credential is stored,
 * and that the call is valid, then builds and
 * executes the request (through `sendOneRequest`, once per page with
 * `paginate`), applies `select`, bounds the body and keeps a cut one for
 * `resultRef`. Never throws; every failure is an `ok: false` result whose
 * `error` says what was wrong and what to do next.
 */
export function callSource(options: CallSourceOptions): Promise<ToolResult> {
  // A layer above that knows the channel (the server, the CLI) has started the call's span already; then this adds to it.
  return traceToolCall(
    { tool: apiToolName(options.source.slug), source: options.source.slug, channel: "in-process" },
    () => callSourceGuarded(options),
  );
}

async function callSourceGuarded(options: CallSourceOptions): Promise<ToolResult> {
  try {
    return withUncheckedWarning(await callSourceUnguarded(options), options);
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

/** With `api.openapiValidation` `warn` and a document that is not loaded: a call that was sent says it went unchecked. */
function withUncheckedWarning(result: ToolResult, { source, documentNotLoaded }: CallSourceOptions): ToolResult {
  if (documentNotLoaded === undefined || source.api.openapiValidation !== "warn" || result.attempts === 0)
    return result;
  const warning = `not checked against the OpenAPI document: it is not loaded (${documentNotLoaded})`;
  return { ...result, warnings: [...(result.warnings ?? []), warning] };
}

/** A `{ resultRef, offset?, select? }` call: a part of a stored result, refused as its call would be refused now. */
function readStoredResultOf(
  options: CallSourceOptions,
  ref: string,
  { select, offset }: ResultArguments,
  maxChars: number,
): ToolResult {
  const { results, source } = options;
  if (results === undefined) {
    return createFailureResult({
      code: TOOL_ERROR_CODES.INVALID_CALL,
      message:
        "invalid call: resultRef: this tool keeps no results (no result store was given to it); make the call again",
      call: { method: "", path: "" },
    });
  }
  return readStoredResult({
    store: results,
    owner: options.caller ?? localCaller,
    ref,
    select,
    offset,
    maxChars,
    refusal: (stored) =>
      storedResultRefusal(stored, {
        source,
        operations: options.operations,
        token: options.token,
        access: options.access,
      }),
  });
}

async function callSourceUnguarded(options: CallSourceOptions): Promise<ToolResult> {
  const { source, call, results, plugin } = options;
  const { slug } = source;
  if (!source.enabled) {
    return createFailureResult({
      code: TOOL_ERROR_CODES.SOURCE_DISABLED,
      message: `source "${slug}" is disabled; an operator must enable it before it can be called`,
      call,
    });
  }
  let request: unknown;
  let resultArguments: ResultArguments;
  try {
    ({ request, options: resultArguments } = splitAgentInput(call));
  } catch (error) {
    if (!(error instanceof InvalidCallError)) throw error;
    // The message may quote the agent's input: no form of the credential may show in it (nothing is sent: it is read to redact).
    const failure = createFailureResult({
      code: TOOL_ERROR_CODES.INVALID_CALL,
      message: describeBuildFailure(error),
      call,
    });
    const credential = await readCredential(options.credential);
    const parsedCredential = credential === undefined ? undefined : plugin.credentialSchema.safeParse(credential);
    return parsedCredential?.success === true
      ? createRedactor(pluginSecrets(plugin, parsedCredential.data as Record<string, unknown>)).redactDeep(failure)
      : failure;
  }
  const limits = resolveExecutorLimits(source.api);
  const owner = options.caller ?? localCaller;
  if (resultArguments.resultRef !== undefined)
    return readStoredResultOf(options, resultArguments.resultRef, resultArguments, limits.maxResultChars);
  // The policy, before the credential is read or anything sent: the first request here, each redirect in the
  // executor and each next page in `sendOneRequest` with the same check.
  let checkHop: CheckHop | undefined;
  if (needsHopCheck(source, options.token, options.access)) {
    const first = firstRequestOf(source, request);
    // An invalid call is left to the builder, which refuses it (naming the problem) and sends nothing.
    checkHop = createHopCheck({
      source,
      operations: options.operations,
      token: options.token,
      access: options.access,
      confirm: options.confirm,
      rateLimits: options.rateLimits,
      bodySummary: first === undefined ? "none" : summarizeBody(first.call),
      signal: options.signal,
    });
    if (first !== undefined) {
      const refusal = await checkHop({ method: first.call.method, url: first.url, kind: "request" });
      if (refusal !== undefined) return refusedResult(refusal, call);
    }
  }
  if (options.documentNotLoaded !== undefined && (source.api.openapiValidation ?? "strict") === "strict") {
    return refusedResult(
      {
        code: TOOL_ERROR_CODES.POLICY_DENIED,
        rule: "document not loaded",
        retryable: false,
        message: `source "${slug}" checks every call against its OpenAPI document (api.openapiValidation "strict"), and the document is not loaded: ${options.documentNotLoaded}; nothing was sent. An operator must fix api.openapi (src source reload ${slug}), or set api.openapiValidation to "warn" or "off"`,
      },
      call,
    );
  }
  const credential = await readCredential(options.credential);
  const parsedCredential = credential === undefined ? undefined : plugin.credentialSchema.safeParse(credential);
  if (parsedCredential === undefined && options.notConnected !== undefined) {
    return createFailureResult({ code: TOOL_ERROR_CODES.NOT_CONNECTED, message: options.notConnected.message, call });
  }
  if (parsedCredential === undefined) {
    return createFailureResult({
      code: TOOL_ERROR_CODES.NO_CREDENTIAL,
      message: `no credential is stored for source "${slug}"; an operator must store one, then retry`,
      call,
    });
  }
  if (!parsedCredential.success) {
    const fields = [
      ...new Set(parsedCredential.error.issues.map((issue) => issue.path.join(".") || "credential")),
    ].join(", ");
    return createFailureResult({
      code: TOOL_ERROR_CODES.NO_CREDENTIAL,
      message: `the credential stored for source "${slug}" does not fit auth type "${plugin.type}" (fields: ${fields}); an operator must store it again`,
      call,
    });
  }

  const context: RequestContext = {
    source,
    plugin,
    credential: parsedCredential.data as Record<string, unknown>,
    fetch: options.fetch,
    signal: options.signal,
    auth: options.auth,
    operations: options.operations,
    checkHop,
  };
  const keep = (result: ToolResult, whole: WholeBody | undefined): ToolResult => {
    if (whole !== undefined && results !== undefined)
      keepWholeBody(result, whole, {
        store: results,
        owner,
        slug,
        maxBytes: source.api.maxStoredResultBytes ?? defaultMaxStoredResultBytes,
      });
    return result;
  };

  if (resultArguments.paginate !== undefined) {
    const walked = await paginateCall(context, {
      request,
      select: resultArguments.select,
      paginate: resultArguments.paginate,
      maxChars: limits.maxResultChars,
    });
    return keep(walked.result, walked.whole);
  }
  if (resultArguments.select !== undefined) {
    // The whole body comes back (not bounded), so select sees all of it; then it is bounded as usual.
    const outcome = await sendOneRequest(context, {
      call: request,
      limits: { maxResultChars: Number.POSITIVE_INFINITY },
    });
    const bounded = selectAndBound(outcome.result, {
      select: resultArguments.select,
      maxChars: limits.maxResultChars,
      secrets: outcome.secrets,
    });
    return keep(bounded.result, bounded.whole);
  }
  let whole: WholeBody | undefined;
  const outcome = await sendOneRequest(context, {
    call: request,
    onBodyCut: results === undefined ? undefined : (body) => (whole = body),
  });
  return keep(outcome.result, whole);
}
