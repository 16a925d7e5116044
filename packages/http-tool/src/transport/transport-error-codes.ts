/**
 * Codes the node:http transport puts on the errors it raises itself, read by
 * `classifyNetworkError` to give the agent a precise, non-retryable message.
 */
export const TRANSPORT_ERROR_CODES = {
  /** The response lists more content codings than `maxContentCodings`. */
  TOO_MANY_CONTENT_CODINGS: "SRC_TOO_MANY_CONTENT_CODINGS",
  /** The server answered a plain request with `101 Switching Protocols`. */
  PROTOCOL_SWITCHED: "SRC_PROTOCOL_SWITCHED",
} as const;
