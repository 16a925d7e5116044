import type { AnyAuthPluginV2 } from "@src/auth";
import type { SourceRecord } from "@src/config";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolResult } from "../result/tool-result";
import { VALIDATION_REASONS, type ValidationOutcome } from "./validation-outcome";

type Verdict = Pick<ValidationOutcome, "status" | "reason" | "message" | "hint">;

/** Reads a validation call's result as connected / needs_auth / failed with a reason and a hint. */
export function classifyValidation(result: ToolResult, source: SourceRecord, plugin: AnyAuthPluginV2): Verdict {
  const { api } = source;
  const target = `GET ${result.request.url}`;
  const error = result.error;
  const verdict =
    (status: Verdict["status"]) =>
    (reason: Verdict["reason"], message: string, hint: string): Verdict => ({ status, reason, message, hint });
  const failed = verdict("failed");
  const needsAuth = verdict("needs_auth");
  if (error?.code === TOOL_ERROR_CODES.REDIRECT_BLOCKED || (result.status >= 300 && result.status < 400)) {
    const location = result.headers.location ?? "(no Location header)";
    return failed(
      VALIDATION_REASONS.REDIRECT,
      `${target} answered ${result.status} redirecting to ${location}, which was not followed: the credential is sent only under the source's base URL`,
      "set api.baseUrl and api.testEndpoint to the address the API redirects to (e.g. https instead of http, or the right version path)",
    );
  }
  if (error?.code === TOOL_ERROR_CODES.AUTH_FAILED) {
    // A token refused or unobtainable on a retry after a 401; the message already says what to run.
    return error.retryable
      ? failed(
          VALIDATION_REASONS.AUTH_SERVER_FAILED,
          error.message,
          "the authorization server failed; try again later with /source reload",
        )
      : needsAuth(
          VALIDATION_REASONS.AUTH_REFUSED,
          error.message,
          `sign in again, or store the credential again with \`src credential set ${source.slug}\``,
        );
  }
  if (error !== undefined && result.status === 0) {
    const host = new URL(api.baseUrl).host;
    switch (error.code) {
      case TOOL_ERROR_CODES.CONNECTION_REFUSED:
        // The tool error's own hint is left out: the verdict has its hint, said once.
        return failed(
          VALIDATION_REASONS.UNREACHABLE,
          `connection refused by ${host}: nothing listens there`,
          `check the host and port in api.baseUrl (${host}) and that the API is running`,
        );
      case TOOL_ERROR_CODES.DNS:
        return failed(
          VALIDATION_REASONS.DNS,
          error.message,
          `check the host name in api.baseUrl (${new URL(api.baseUrl).hostname}) and the machine's DNS`,
        );
      case TOOL_ERROR_CODES.TIMEOUT:
        return failed(
          VALIDATION_REASONS.TIMEOUT,
          error.message,
          "the API is slow or unreachable; try again, or choose a faster api.testEndpoint (a health or current-user path)",
        );
      case TOOL_ERROR_CODES.TLS:
        return failed(
          VALIDATION_REASONS.TLS,
          error.message,
          "fix the server's certificate, or use the address the certificate was issued for",
        );
      default:
        return failed(VALIDATION_REASONS.UNREACHABLE, error.message, `check that ${host} is reachable and try again`);
    }
  }
  if (error?.code === TOOL_ERROR_CODES.TIMEOUT) {
    return failed(
      VALIDATION_REASONS.TIMEOUT,
      error.message,
      "the API is slow; choose a faster api.testEndpoint (a health or current-user path)",
    );
  }
  const placement = `${api.authType} credential sent in ${plugin.describePlacement(api)}`;
  if (result.status >= 200 && result.status < 300) {
    return {
      status: "connected",
      reason: VALIDATION_REASONS.OK,
      message: `${target} answered ${result.status} with the ${placement}`,
      hint: null,
    };
  }
  if (result.status === 401) {
    return needsAuth(
      VALIDATION_REASONS.UNAUTHORIZED,
      `${target} answered 401: the API rejected the ${placement}`,
      "the credential is wrong or expired, or the API expects it elsewhere; store a new one or check api.authType",
    );
  }
  if (result.status === 403) {
    return needsAuth(
      VALIDATION_REASONS.FORBIDDEN,
      `${target} answered 403: the API refused the ${placement}`,
      "the credential lacks permission for api.testEndpoint, or goes in the wrong place; check its scopes and api.authType, or pick a testEndpoint it may read",
    );
  }
  if (result.status === 404) {
    return failed(
      VALIDATION_REASONS.NOT_FOUND,
      `${target} answered 404: the testEndpoint does not exist on this API`,
      'check api.testEndpoint and the version segment of api.baseUrl; a current-user path ("/me") or a one-item list ("/items?limit=1") works well',
    );
  }
  if (result.status >= 500) {
    return failed(
      VALIDATION_REASONS.SERVER_ERROR,
      `${target} answered ${result.status}: the API failed`,
      "the API has a problem on its side; try again later with /source reload",
    );
  }
  return failed(
    VALIDATION_REASONS.UNEXPECTED_STATUS,
    `${target} answered ${result.status} ${result.statusText}`.trim(),
    "check api.testEndpoint: it must be a GET that needs no parameters",
  );
}
