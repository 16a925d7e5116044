/**
 * Why a call was rejected before anything was sent (`InvalidCallError.reason`).
 * Callers and tests branch on these; the message says how to fix the call.
 */
export const INVALID_CALL_REASONS = {
  /** The input does not match the tool's input schema (wrong types, missing `path`...). */
  INVALID_INPUT: "INVALID_INPUT",
  /** The input has arguments the tool does not take (e.g. `headers`); the message names them and the accepted ones. */
  UNKNOWN_ARGUMENT: "UNKNOWN_ARGUMENT",
  /** `method` is not GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS. */
  INVALID_METHOD: "INVALID_METHOD",
  /** `path` is an absolute URL (`https://...`) or starts with a scheme (`x:`). */
  ABSOLUTE_URL: "ABSOLUTE_URL",
  /** `path` starts with `//` (a scheme-relative URL naming another host). */
  SCHEME_RELATIVE: "SCHEME_RELATIVE",
  /** `path` contains a backslash. */
  BACKSLASH: "BACKSLASH",
  /** `path` has a `.` or `..` segment, literal or percent-encoded (`%2e%2e`), also followed by `;params` (`..;x`). */
  DOT_SEGMENT: "DOT_SEGMENT",
  /** The path part encodes a separator: `%2f` (/) or `%5c` (\). */
  ENCODED_SEPARATOR: "ENCODED_SEPARATOR",
  /** `path` contains `#`. */
  FRAGMENT: "FRAGMENT",
  /** `path` has `@` before its first `/` (looks like user info of a URL). */
  USERINFO: "USERINFO",
  /** `path` contains a control character (literal, or `%00`-`%1f`/`%7f` in the path part). */
  CONTROL_CHARACTER: "CONTROL_CHARACTER",
  /** `path` contains whitespace. */
  WHITESPACE: "WHITESPACE",
  /** `path` has a `%` not followed by two hex digits. */
  INVALID_PERCENT_ENCODING: "INVALID_PERCENT_ENCODING",
  /** A body (JSON or `_rawBody`) was given with GET or HEAD. */
  BODY_NOT_ALLOWED: "BODY_NOT_ALLOWED",
  /** Both `body` and `_rawBody` were given, or `_rawBody` sits in `body` next to other keys. */
  BODY_CONFLICT: "BODY_CONFLICT",
  /** The JSON body cannot be serialized (a cycle, a BigInt, a function). */
  INVALID_BODY: "INVALID_BODY",
  /** `_contentType` was given without any body. */
  CONTENT_TYPE_WITHOUT_BODY: "CONTENT_TYPE_WITHOUT_BODY",
  /** `_contentType` is not a media type such as `application/xml`. */
  INVALID_CONTENT_TYPE: "INVALID_CONTENT_TYPE",
  /** A query parameter has the name of the parameter that carries the credential. */
  QUERY_CONFLICTS_WITH_AUTH: "QUERY_CONFLICTS_WITH_AUTH",
  /** The final URL left the source's origin or base path (defence in depth). */
  OUTSIDE_BASE_URL: "OUTSIDE_BASE_URL",
  /** `select` is not a JMESPath expression (the message names the character where it breaks), or names an unknown function. */
  INVALID_SELECT: "INVALID_SELECT",
  /** `paginate` was given with a method other than GET, or next to `resultRef`. */
  INVALID_PAGINATE: "INVALID_PAGINATE",
  /** `resultRef` is unknown, expired, made for another caller, or given with request arguments. */
  INVALID_RESULT_REF: "INVALID_RESULT_REF",
} as const;

export type InvalidCallReason = (typeof INVALID_CALL_REASONS)[keyof typeof INVALID_CALL_REASONS];
