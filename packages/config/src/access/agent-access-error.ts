import { ERROR_KINDS, errorBase } from "@src/errors";

/** A failure of an agent access store. Its message never holds a token value. */
export class AgentAccessError extends errorBase({
  name: "AgentAccessError",
  marker: "src.config.error.AgentAccessError",
  kindOfCode: {
    /** An agent token with that name exists already. */
    DUPLICATE_AGENT_TOKEN: ERROR_KINDS.CONFLICT,
    /** The stored tokens cannot be read (a damaged file); nothing is overwritten. */
    AGENT_TOKENS_DAMAGED: ERROR_KINDS.INTERNAL,
    /** Another process held the token file's lock too long, or took it over. */
    AGENT_TOKENS_LOCKED: ERROR_KINDS.UNAVAILABLE,
  },
}) {}

/** Error codes of the agent access stores (the same codes the server has always answered for its token file). */
export const AGENT_ACCESS_ERROR_CODES = AgentAccessError.codes;

/** One of `AGENT_ACCESS_ERROR_CODES`. */
export type AgentAccessErrorCode = keyof typeof AGENT_ACCESS_ERROR_CODES;
