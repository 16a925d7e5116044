import { baseUrlFor } from "../request/base-url-cache";
import { checkPath } from "../request/check-path";
import { encodeQuery } from "../request/encode-query";
import { joinUrl } from "../request/join-url";
import { AuthorizeError, checkCredential, type AnyAuthPluginV2, type AuthRuntime } from "@src/auth";
import type { SourceRecord, SourceStatus } from "@src/config";
import { buildRequestWithCheckedCredential } from "../request/build-request";
import { classifyValidation } from "./classify-validation";
import { executeRequest } from "../execution/execute-request";
import { createRedactor } from "../result/redact-secrets";
import { createRequestAuthorizer, secretsOfFailedCall, type RequestAuthorizer } from "../request/request-authorizer";
import { AuthPluginFailedError } from "../errors/auth-plugin-failed-error";
import { AuthPluginHeaderError } from "../errors/auth-plugin-header-error";
import { toSourceStatus, VALIDATION_REASONS, type ValidationOutcome } from "./validation-outcome";

/** Where validation writes the status; a `@src/config` `SourceStore` fits. */
export interface SourceStatusWriter {
  setStatus(slug: string, status: SourceStatus): Promise<unknown>;
}

/** What `validateSource` needs. */
export interface ValidateSourceOptions {
  source: SourceRecord;
  plugin: AnyAuthPluginV2;
  /** The source's session cache, saveCredential and clock, for v2 plugins (tokens). Default: a session of this call only, no saving. */
  auth?: AuthRuntime | undefined;
  /** The stored credential; `undefined` gives `failed` / `NO_CREDENTIAL`. */
  credential: Record<string, unknown> | undefined;
  /** A fetch to send the test request with instead of node:http. Default: none (node:http/node:https with keep-alive agents). */
  fetch?: typeof fetch;
  /** When given, the outcome is written with `store.setStatus(slug, ...)`. Default: nothing is written. */
  store?: SourceStatusWriter;
  /** Time-out of the test call in milliseconds. Default 10000. */
  timeoutMs?: number;
}

/** Default time-out of a validation call. */
export const defaultValidationTimeoutMs = 10_000;

/**
 * Calls `GET {baseUrl}{testEndpoint}` with the credential attached (one
 * attempt, no retries, 10 s) and says whether the source is `connected`,
 * `needs_auth` (401/403, naming where the credential went) or `failed` (with a
 * reason and a hint). Writes the outcome to `store` when given; a store failure is thrown.
 */
export async function validateSource({
  source,
  plugin,
  credential,
  fetch,
  store,
  auth,
  timeoutMs = defaultValidationTimeoutMs,
}: ValidateSourceOptions): Promise<ValidationOutcome> {
  const started = performance.now();
  const testedAt = new Date().toISOString();
  const plainUrl = testUrlOf(source);
  const base = { testedAt, request: { method: "GET" as const, url: plainUrl } };
  let outcome: ValidationOutcome;
  if (credential === undefined) {
    outcome = {
      ...base,
      status: "failed",
      ok: false,
      httpStatus: null,
      reason: VALIDATION_REASONS.NO_CREDENTIAL,
      message: `source "${source.slug}" has no usable credential (none is stored, or it was stored for another base URL), so it was not tested`,
      hint: `store the ${source.api.authType} credential of "${source.slug}" again; that validates the source again`,
      durationMs: 0,
    };
  } else {
    outcome = await runTest({ source, plugin, credential, fetch, timeoutMs, base, started, auth });
  }
  if (store !== undefined) await store.setStatus(source.slug, toSourceStatus(outcome));
  return outcome;
}

/** The URL the test request goes to, joined as the builder joins it (a base URL's own query stays after the path). */
function testUrlOf(source: SourceRecord): string {
  try {
    const baseUrl = baseUrlFor(source.api.baseUrl);
    const checked = checkPath(source.api.testEndpoint, baseUrl, {
      allowAmbiguousEncodings: source.api.allowAmbiguousPathEncodings === true,
    });
    return joinUrl(baseUrl, checked, encodeQuery(undefined)).href;
  } catch {
    // A test endpoint the builder refuses: the test says why; the URL is shown as written.
    return `${source.api.baseUrl.replace(/\/+$/, "")}${source.api.testEndpoint}`;
  }
}

async function runTest({
  source,
  plugin,
  credential,
  fetch,
  timeoutMs,
  base,
  started,
  auth,
}: Required<Pick<ValidateSourceOptions, "source" | "timeoutMs">> & {
  plugin: AnyAuthPluginV2;
  auth: AuthRuntime | undefined;
  credential: Record<string, unknown>;
  fetch: typeof globalThis.fetch | undefined;
  base: Pick<ValidationOutcome, "testedAt" | "request">;
  started: number;
}): Promise<ValidationOutcome> {
  let request;
  let checkedCredential: Record<string, unknown>;
  let authorizer: RequestAuthorizer | undefined;
  try {
    // Parsed once: the executor re-applies the plugin on redirects with the same value.
    checkedCredential = checkCredential(plugin, credential);
    authorizer = createRequestAuthorizer({ source, plugin, credential: checkedCredential, auth });
    request = await buildRequestWithCheckedCredential({
      source,
      call: { method: "GET", path: source.api.testEndpoint },
      credential: checkedCredential,
      plugin,
      authorizer,
    });
  } catch (error) {
    if (AuthorizeError.isInstance(error)) {
      const redactor = createRedactor(authorizer?.secrets ?? []);
      return {
        ...base,
        status: error.outcome,
        ok: false,
        httpStatus: null,
        reason:
          error.outcome === "needs_auth" ? VALIDATION_REASONS.AUTH_REFUSED : VALIDATION_REASONS.AUTH_SERVER_FAILED,
        message: redactor.redactText(`source "${source.slug}" could not get its credential: ${error.message}`),
        hint: redactor.redactText(error.hint),
        durationMs: Math.round(performance.now() - started),
      };
    }
    // The message is stored as the source's lastError (in config.json, not encrypted): no form of a secret goes in it.
    const redactor = createRedactor(authorizer?.secrets ?? secretsOfFailedCall(plugin, credential));
    const pluginFailed = AuthPluginFailedError.isInstance(error) || AuthPluginHeaderError.isInstance(error);
    return {
      ...base,
      status: "failed",
      ok: false,
      httpStatus: null,
      reason: VALIDATION_REASONS.INVALID_REQUEST,
      message: redactor.redactText(
        `the test request for "${source.slug}" could not be built: ${error instanceof Error ? error.message : String(error)}`,
      ),
      hint: pluginFailed
        ? `fix the auth plugin "${plugin.type}" (or the source's config), then test the source again`
        : "fix api.testEndpoint (a GET path such as /me) or store the credential again",
      durationMs: Math.round(performance.now() - started),
    };
  }
  const result = await executeRequest(request, {
    source,
    authorizeHop: authorizer.authorizeHop,
    onRejected: authorizer.onRejected,
    ...(fetch === undefined ? {} : { fetch }),
    limits: { timeoutMs, retries: 0 },
  });
  const verdict = classifyValidation(result, source, plugin);
  return {
    ...verdict,
    ok: verdict.status === "connected",
    httpStatus: result.status === 0 ? null : result.status,
    testedAt: base.testedAt,
    durationMs: Math.round(performance.now() - started),
    request: { method: "GET", url: result.request.url },
  };
}
