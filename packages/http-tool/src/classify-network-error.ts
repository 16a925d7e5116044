import { TOOL_ERROR_CODES, type ToolErrorCode } from "./tool-error-codes";

/** A failure without a response, as the agent sees it (message not yet redacted). */
export interface ClassifiedError {
  code: ToolErrorCode;
  message: string;
  retryable: boolean;
}

const certificateProblems: Record<string, string> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the certificate chain cannot be verified (missing intermediate certificate?)",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the certificate's issuer is not trusted (unknown certificate authority)",
  UNABLE_TO_GET_ISSUER_CERT: "the certificate's issuer certificate cannot be found",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "the certificate chain contains a self-signed certificate",
  CERT_HAS_EXPIRED: "the certificate has expired",
  CERT_NOT_YET_VALID: "the certificate is not yet valid",
  ERR_TLS_CERT_ALTNAME_INVALID: "the certificate does not match the host name",
  CERT_REVOKED: "the certificate has been revoked",
  CERT_SIGNATURE_FAILURE: "the certificate signature is invalid",
};

/** Walks `cause` links (fetch wraps the socket error in a TypeError). */
function errorCodeOf(error: unknown): { code: string | undefined; message: string } {
  let current: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const { code, message: own, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof own === "string") message = own;
    if (typeof code === "string") return { code, message };
    current = cause;
  }
  return { code: undefined, message };
}

/**
 * Turns a fetch failure into a tool error: refused, DNS, TLS (naming the
 * certificate problem), reset and other network errors. `target` is
 * `host:port` for messages. Timeouts are detected by the caller.
 */
export function classifyNetworkError(error: unknown, target: string): ClassifiedError {
  const { code, message } = errorCodeOf(error);
  if (code === "ECONNREFUSED") {
    return { code: TOOL_ERROR_CODES.CONNECTION_REFUSED, message: `connection refused by ${target}: nothing listens there; check the host and port in api.baseUrl`, retryable: true };
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "EAI_FAIL") {
    return {
      code: TOOL_ERROR_CODES.DNS,
      message: `the host name in ${target} does not resolve (${code}); check the spelling of api.baseUrl`,
      retryable: code === "EAI_AGAIN",
    };
  }
  if (code !== undefined && (code in certificateProblems || code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_") || code.includes("CERT"))) {
    const problem = certificateProblems[code] ?? message;
    return { code: TOOL_ERROR_CODES.TLS, message: `TLS handshake with ${target} failed: ${problem} (${code})`, retryable: false };
  }
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return { code: TOOL_ERROR_CODES.TIMEOUT, message: `${target} did not answer in time (${code})`, retryable: true };
  }
  const detail = code === undefined ? message : `${code}: ${message}`;
  return { code: TOOL_ERROR_CODES.NETWORK, message: `network error talking to ${target} (${detail}); the connection was closed or reset`, retryable: true };
}
