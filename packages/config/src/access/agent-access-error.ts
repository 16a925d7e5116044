import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";

const marker = "src.config.error.AgentAccessError";
const symbol = Symbol.for(marker);

/** Error codes of the agent access stores (the same codes the server has always answered for its token file). */
export const AGENT_ACCESS_ERROR_CODES = {
  /** An agent token with that name exists already. */
  DUPLICATE_AGENT_TOKEN: "DUPLICATE_AGENT_TOKEN",
  /** The stored tokens cannot be read (a damaged file); nothing is overwritten. */
  AGENT_TOKENS_DAMAGED: "AGENT_TOKENS_DAMAGED",
  /** Another process held the token file's lock too long, or took it over. */
  AGENT_TOKENS_LOCKED: "AGENT_TOKENS_LOCKED",
} as const;

export type AgentAccessErrorCode = (typeof AGENT_ACCESS_ERROR_CODES)[keyof typeof AGENT_ACCESS_ERROR_CODES];

const kindOfCode: Record<AgentAccessErrorCode, ErrorKind> = {
  DUPLICATE_AGENT_TOKEN: ERROR_KINDS.CONFLICT,
  AGENT_TOKENS_DAMAGED: ERROR_KINDS.INTERNAL,
  AGENT_TOKENS_LOCKED: ERROR_KINDS.UNAVAILABLE,
};

/** A failure of an agent access store. Its message never holds a token value. */
export class AgentAccessError extends SrcError<AgentAccessErrorCode> {
  private readonly [symbol] = true;

  constructor({ code, message, cause }: { code: AgentAccessErrorCode; message: string; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "AgentAccessError";
  }

  static override isInstance(error: unknown): error is AgentAccessError {
    return SrcError.hasMarker(error, marker);
  }
}
