import { declareError } from "@src/errors";
import { SERVER_ERROR_CODES, ServerError } from "./server-error";

/** What else the operator can do with a token from `origin`, besides giving a good one. */
function otherwiseFor(origin: string, role: "admin" | "metrics"): string {
  if (role === "metrics") return `, or leave ${origin} out (GET /metrics then takes the admin token only)`;
  return origin === "SRC_SERVER_TOKEN" ? "" : `, or delete ${origin} to have a new one generated`;
}

/**
 * `SRC_SERVER_TOKEN` or the token file holds no usable admin token, or `--metrics-token` / `SRC_METRICS_TOKEN` no
 * usable metrics token. The message never holds the token. `origin` is where the token came from:
 * `"SRC_SERVER_TOKEN"`, the token file's path, `"--metrics-token"` or `"SRC_METRICS_TOKEN"`.
 */
export class InvalidTokenError extends declareError(ServerError, {
  marker: "src.server.error.InvalidTokenError",
  code: SERVER_ERROR_CODES.INVALID_TOKEN,
  message: ({ origin, problem, role = "admin" }: { origin: string; problem: string; role?: "admin" | "metrics" }) =>
    `unusable ${role} token from ${origin}: ${problem}; use a random value of at least 16 visible characters (e.g. \`openssl rand -hex 32\`)${otherwiseFor(origin, role)}`,
}) {}
