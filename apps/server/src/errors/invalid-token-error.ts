import { SERVER_ERROR_CODES, ServerError } from "./server-error";

/** `SRC_SERVER_TOKEN` or the token file holds no usable token. The message never holds the token. */
export class InvalidTokenError extends ServerError {
  static override readonly marker: string = "src.server.error.InvalidTokenError";
  /** Where the token came from: `"SRC_SERVER_TOKEN"` or the token file's path. */
  readonly origin: string;

  constructor({ origin, problem, cause }: { origin: string; problem: string; cause?: unknown }) {
    super({
      code: SERVER_ERROR_CODES.INVALID_TOKEN,
      message: `unusable admin token from ${origin}: ${problem}; use a random value of at least 16 visible characters (e.g. \`openssl rand -hex 32\`)${origin === "SRC_SERVER_TOKEN" ? "" : `, or delete ${origin} to have a new one generated`}`,
      cause,
    });
    this.origin = origin;
  }
}
