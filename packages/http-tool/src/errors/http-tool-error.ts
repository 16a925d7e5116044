import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolErrorCode } from "../result/tool-error-codes";

const marker = "src.http-tool.error";
const symbol = Symbol.for(marker);

/**
 * Error codes of `@src/http-tool`, for callers that branch on them. The same
 * codes the agent sees in `ToolResult.error.code`.
 */
export const HTTP_TOOL_ERROR_CODES = TOOL_ERROR_CODES;

export type HttpToolErrorCode = ToolErrorCode;

/** Base error of `@src/http-tool`. `HttpToolError.isInstance` works across duplicate installs. */
export class HttpToolError extends Error {
  private readonly [symbol] = true;
  readonly code: HttpToolErrorCode;

  constructor({ code, message, cause }: { code: HttpToolErrorCode; message: string; cause?: unknown }) {
    super(message, { cause });
    this.name = "HttpToolError";
    this.code = code;
  }

  static isInstance(error: unknown): error is HttpToolError {
    return typeof error === "object" && error !== null && symbol in error;
  }
}
