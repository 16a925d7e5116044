import { declareError } from "@src/errors";
import { SERVER_ERROR_CODES, ServerError } from "./server-error";

/**
 * `SRC_SERVER_TOKEN` or the token file holds no usable token. The message never holds the token. `origin` is where the
 * token came from: `"SRC_SERVER_TOKEN"` or the token file's path.
 */
export class InvalidTokenError extends declareError(ServerError, {
  marker: "src.server.error.InvalidTokenError",
  code: SERVER_ERROR_CODES.INVALID_TOKEN,
  message: ({ origin, problem }: { origin: string; problem: string }) =>
    `unusable admin token from ${origin}: ${problem}; use a random value of at least 16 visible characters (e.g. \`openssl rand -hex 32\`)${origin === "SRC_SERVER_TOKEN" ? "" : `, or delete ${origin} to have a new one generated`}`,
}) {}
