import { HTTPError, TimeoutError } from "ky";
import type { ToolResult } from "./server-api-types";
import { CLIENT_ERROR_CODES, SrcClientError, type ErrorDetail } from "./src-client-error";

/** What the conversion needs to know about the request that failed. */
export interface FailedRequest {
  method: string;
  path: string;
  baseUrl: string;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

function isErrorBody(value: unknown): value is { error: { code: string; message: string; details?: unknown } } {
  const error = (value as { error?: unknown } | null)?.error as { code?: unknown; message?: unknown } | undefined;
  return typeof error?.code === "string" && typeof error.message === "string";
}

/** A tool result (a refused call's 403 or 429 answers one): `ok`, the request it was about, the error. */
function isToolResult(value: unknown): value is ToolResult {
  const result = value as { ok?: unknown; request?: unknown } | null;
  return result?.ok === false && typeof result.request === "object" && result.request !== null;
}

function detailsOf(value: unknown): ErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (detail): detail is ErrorDetail =>
        typeof (detail as ErrorDetail).path === "string" && typeof (detail as ErrorDetail).message === "string",
    )
    .map(({ path, message }) => ({ path, message }));
}

/** Turns whatever ky or fetch threw into a `SrcClientError`; the message says what to do. */
export async function toClientError(thrown: unknown, failed: FailedRequest): Promise<SrcClientError> {
  if (SrcClientError.isInstance(thrown)) return thrown;
  const request = `${failed.method} ${failed.path}`;
  const server = failed.baseUrl.replace(/\/$/, "");
  if (thrown instanceof HTTPError) {
    const { status } = thrown.response;
    const text = await thrown.response.text().catch(() => "");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (isErrorBody(body)) {
      return new SrcClientError({
        code: body.error.code,
        message: body.error.message,
        status,
        details: detailsOf(body.error.details),
        request,
        ...(isToolResult(body) ? { toolResult: body } : {}),
        cause: thrown,
      });
    }
    return new SrcClientError({
      code: CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE,
      message: `${server} answered ${request} with HTTP ${status} and no src error body; check that the URL is the src server's`,
      status,
      request,
      cause: thrown,
    });
  }
  if (thrown instanceof TimeoutError) {
    return new SrcClientError({
      code: CLIENT_ERROR_CODES.SERVER_TIMEOUT,
      message: `${server} did not answer ${request} within ${failed.timeoutMs} ms; check that the server is running, or allow more time`,
      status: null,
      request,
      cause: thrown,
    });
  }
  if (failed.signal?.aborted === true) {
    return new SrcClientError({
      code: CLIENT_ERROR_CODES.CANCELLED,
      message: `${request} was cancelled`,
      status: null,
      request,
      cause: thrown,
    });
  }
  const reason = (thrown as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const why =
    typeof reason?.code === "string"
      ? reason.code
      : typeof reason?.message === "string"
        ? reason.message
        : ((thrown as Error | null)?.message ?? String(thrown));
  return new SrcClientError({
    code: CLIENT_ERROR_CODES.SERVER_UNREACHABLE,
    message: `could not reach the src server at ${server} (${why}); check the URL and that \`src serve\` is running there`,
    status: null,
    request,
    cause: thrown,
  });
}
