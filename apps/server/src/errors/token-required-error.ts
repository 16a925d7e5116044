import { declareError } from "@src/errors";
import { SERVER_ERROR_CODES, ServerError } from "./server-error";

/** The server was asked to bind a non-loopback host without an explicit admin token. */
export class TokenRequiredError extends declareError(ServerError, {
  marker: "src.server.error.TokenRequiredError",
  code: SERVER_ERROR_CODES.TOKEN_REQUIRED,
  message: ({ host }: { host: string }) =>
    `refusing to listen on "${host}": binding to an address other than loopback (127.0.0.1, ::1, localhost) requires SRC_SERVER_TOKEN to be set explicitly; set it to a long random value (at least 16 characters, e.g. \`openssl rand -hex 32\`), or bind to 127.0.0.1`,
}) {}
