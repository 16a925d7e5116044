import type { SERVER_ERROR_CODES } from "./server-error";
import { ServerError } from "./server-error";

type AgentTokenErrorCode =
  | typeof SERVER_ERROR_CODES.INVALID_AGENT_TOKEN_REQUEST
  | typeof SERVER_ERROR_CODES.AGENT_TOKEN_NOT_FOUND
  | typeof SERVER_ERROR_CODES.DUPLICATE_AGENT_TOKEN
  | typeof SERVER_ERROR_CODES.AGENT_TOKENS_DAMAGED
  | typeof SERVER_ERROR_CODES.AGENT_TOKENS_LOCKED;

/** Creating, listing or revoking an agent token failed. The message never holds a token value. */
export class AgentTokenError extends ServerError {
  static override readonly marker: string = "src.server.error.AgentTokenError";

  constructor({ code, message, cause }: { code: AgentTokenErrorCode; message: string; cause?: unknown }) {
    super({ code, message, cause });
  }
}
