import { maxContentCodings } from "./content-decoding";
import { TOOL_ERROR_CODES, type ToolErrorCode } from "../result/tool-error-codes";
import { TRANSPORT_ERROR_CODES } from "./transport-error-codes";

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

const trustPrivateAuthority =
  "if the API's certificate comes from a private certificate authority, trust that authority with NODE_EXTRA_CA_CERTS=/path/to/ca.pem (a PEM file) in the environment of src and restart it; verification cannot be turned off";

/** What fixes each certificate problem: the setting to change, or who must act. */
const certificateFixes: Record<string, string> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: `the API must send its intermediate certificates; or, ${trustPrivateAuthority}`,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: trustPrivateAuthority,
  UNABLE_TO_GET_ISSUER_CERT: trustPrivateAuthority,
  DEPTH_ZERO_SELF_SIGNED_CERT: trustPrivateAuthority.replace(
    "comes from a private certificate authority, trust that authority",
    "is self-signed on purpose, trust that certificate",
  ),
  SELF_SIGNED_CERT_IN_CHAIN: trustPrivateAuthority,
  CERT_HAS_EXPIRED:
    "the API's operator must renew its certificate (or this machine's clock is wrong); verification cannot be turned off",
  CERT_NOT_YET_VALID:
    "this machine's clock may be behind, or the API's certificate was issued for a later date; verification cannot be turned off",
  ERR_TLS_CERT_ALTNAME_INVALID: "use the host name the certificate was issued for in api.baseUrl",
};

/** The code of a node:http error (on the error itself) or of a fetch failure (undici wraps it in a TypeError's `cause`). */
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
 * Turns a transport failure into a tool error: refused, DNS, TLS (naming the
 * certificate problem), malformed responses, bodies that do not decompress,
 * reset and other network errors. Reads node:http errors (`code` on the error)
 * and fetch's (`code` on a `cause`). `target` is `host:port` for messages.
 * Time-outs of an attempt are detected by the caller. `retryable` is what the
 * executor retries idempotent methods on.
 */
export function classifyNetworkError(error: unknown, target: string): ClassifiedError {
  const { code, message } = errorCodeOf(error);
  if (code === "ECONNREFUSED") {
    return {
      code: TOOL_ERROR_CODES.CONNECTION_REFUSED,
      message: `connection refused by ${target}: nothing listens there; check the host and port in api.baseUrl`,
      retryable: true,
    };
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "EAI_FAIL") {
    return {
      code: TOOL_ERROR_CODES.DNS,
      message: `the host name in ${target} does not resolve (${code}); check the spelling of api.baseUrl`,
      retryable: code === "EAI_AGAIN",
    };
  }
  if (
    code !== undefined &&
    (code in certificateProblems || code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_") || code.includes("CERT"))
  ) {
    const problem = certificateProblems[code] ?? message;
    const fix = certificateFixes[code] ?? "check that api.baseUrl uses https only with a TLS port, and http otherwise";
    return {
      code: TOOL_ERROR_CODES.TLS,
      message: `TLS handshake with ${target} failed: ${problem} (${code}); ${fix}`,
      retryable: false,
    };
  }
  if (
    code === "ETIMEDOUT" ||
    code === "UND_ERR_CONNECT_TIMEOUT" ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_BODY_TIMEOUT"
  ) {
    return { code: TOOL_ERROR_CODES.TIMEOUT, message: `${target} did not answer in time (${code})`, retryable: true };
  }
  if (code === TRANSPORT_ERROR_CODES.PROTOCOL_SWITCHED) {
    return {
      code: TOOL_ERROR_CODES.NETWORK,
      message: `${target} answered with 101 Switching Protocols: the server switched protocols; src speaks HTTP/1.1 only, so this endpoint cannot be called through it`,
      retryable: false,
    };
  }
  // node transport: our code; fetch (undici): "too many content-encodings in response: 6, maximum allowed is 5".
  if (code === TRANSPORT_ERROR_CODES.TOO_MANY_CONTENT_CODINGS || message.includes("too many content-encodings")) {
    return {
      code: TOOL_ERROR_CODES.NETWORK,
      message: `${target} sent a body with more than ${maxContentCodings} content codings (Content-Encoding); at most ${maxContentCodings} are decoded, so the body was not read. Sending again will not help; ask the API for a plainly or singly compressed body`,
      retryable: false,
    };
  }
  if (code === "HPE_HEADER_OVERFLOW" || code === "UND_ERR_HEADERS_OVERFLOW") {
    return {
      code: TOOL_ERROR_CODES.NETWORK,
      message: `${target} sent response headers larger than Node's limit of 16 KiB (${code}); the API's answer cannot be read`,
      retryable: false,
    };
  }
  if (code?.startsWith("HPE_") === true) {
    return {
      code: TOOL_ERROR_CODES.NETWORK,
      message: `${target} sent a malformed HTTP response (${code}); it cannot be read, and sending again will not help`,
      retryable: false,
    };
  }
  if (code?.startsWith("Z_") === true || code?.startsWith("ERR__") === true) {
    return {
      code: TOOL_ERROR_CODES.NETWORK,
      message: `the response body from ${target} does not decompress as its Content-Encoding says (${code}); the API sent a corrupt body`,
      retryable: false,
    };
  }
  const detail = code === undefined ? message : `${code}: ${message}`;
  return {
    code: TOOL_ERROR_CODES.NETWORK,
    message: `network error talking to ${target} (${detail}); the connection was closed or reset`,
    retryable: true,
  };
}
