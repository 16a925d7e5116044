import type { SourceIssue } from "@src/config";
import type { ServerErrorCode } from "./server-error";
import { ServerError } from "./server-error";

/** The codes an error of this class carries. */
type AgentTokenErrorCode = Extract<
  ServerErrorCode,
  | "INVALID_AGENT_TOKEN_REQUEST"
  | "AGENT_TOKEN_NOT_FOUND"
  | "DUPLICATE_AGENT_TOKEN"
  | "AGENT_TOKENS_DAMAGED"
  | "AGENT_TOKENS_LOCKED"
>;

/** Creating, listing or revoking an agent token failed. The message never holds a token value. */
export class AgentTokenError extends ServerError {
  static override readonly marker: string = "src.server.error.AgentTokenError";
  declare readonly code: AgentTokenErrorCode;
  /** The request's field problems (the response's `details`), when it has some; never a value. */
  readonly issues: readonly SourceIssue[] | undefined;

  constructor({
    issues,
    ...options
  }: {
    code: AgentTokenErrorCode;
    message: string;
    cause?: unknown;
    issues?: readonly SourceIssue[];
  }) {
    super(options);
    this.issues = issues;
  }
}
