import { AUTH_ERROR_CODES, AuthError, InvalidCredentialError, type AuthErrorCode } from "@src/auth";
import { CONFIG_ERROR_CODES, ConfigError, SourceValidationError, type ConfigErrorCode } from "@src/config";
import { ERROR_KINDS, type ErrorKind, type SrcError } from "@src/errors";
import { HTTP_TOOL_ERROR_CODES, HttpToolError, type HttpToolErrorCode } from "@src/http-tool";
import { SERVICE_ERROR_CODES, ServiceError, type ServiceErrorCode } from "@src/service";
import { describe, expect, it } from "vitest";
import { httpStatusOfErrorKind, toErrorResponse, type ErrorResponse } from "./error-response";
import { SERVER_ERROR_CODES, ServerError, type ServerErrorCode } from "./errors/server-error";
import { SourceBusyError } from "./errors/source-busy-error";

type Status = ErrorResponse["status"];

describe("httpStatusOfErrorKind", () => {
  const rows: { kind: ErrorKind; status: Status; why: string }[] = [
    { kind: "invalid_input", status: 422, why: "the body or the source is wrong; fixing it fixes the call" },
    { kind: "not_found", status: 404, why: "no such source, tool or route" },
    { kind: "conflict", status: 409, why: "the slug is taken" },
    { kind: "unauthorized", status: 401, why: "no or a wrong admin token" },
    { kind: "forbidden", status: 403, why: "known but not allowed" },
    { kind: "misconfigured", status: 500, why: "the server's own settings are wrong, not the client's request" },
    { kind: "unavailable", status: 503, why: "locked or shutting down; retry" },
    { kind: "cancelled", status: 500, why: "no client is left to read it" },
    { kind: "internal", status: 500, why: "failed on the server's side" },
  ];
  it.each(rows)("$kind is $status: $why", ({ kind, status }) => {
    expect(httpStatusOfErrorKind[kind]).toBe(status);
  });

  it("has a row for every kind", () => {
    expect(rows.map((row) => row.kind).sort()).toEqual(Object.values(ERROR_KINDS).sort());
    expect(Object.keys(httpStatusOfErrorKind).sort()).toEqual(Object.values(ERROR_KINDS).sort());
  });
});

/** One row per code of each package: the status its error is answered with. */
const statusOfEveryCode = {
  config: {
    INVALID_SOURCE: 422,
    SOURCE_NOT_FOUND: 404,
    DUPLICATE_SLUG: 409,
    SOURCE_LOCKED: 503,
    SIGN_INS_UNAVAILABLE: 503,
    CONNECT_LINKS_UNAVAILABLE: 503,
  } satisfies Record<ConfigErrorCode, Status>,
  auth: {
    UNKNOWN_AUTH_TYPE: 422,
    INVALID_CREDENTIAL: 422,
    DUPLICATE_AUTH_TYPE: 500,
    INVALID_PLUGIN: 500,
    INVALID_CONFIG: 422,
    NEEDS_AUTH: 422,
    AUTH_SERVER_FAILED: 503,
  } satisfies Record<AuthErrorCode, Status>,
  service: {
    UNKNOWN_TOOL: 404,
    CREDENTIAL_REQUIRED: 422,
    // Never thrown (the operator shell answers it as a result); as an error it would be bad input.
    UNKNOWN_COMMAND: 422,
    // SRC_AUTH_PLUGINS names a module that cannot be used: the server's setting, not the client's fault.
    AUTH_PLUGIN_NOT_FOUND: 500,
    AUTH_PLUGIN_LOAD_FAILED: 500,
    AUTH_PLUGIN_NOT_EXPORTED: 500,
    AUTH_PLUGIN_INVALID: 500,
    // `src source import` only; as an error of the server it would be bad input.
    INVALID_IMPORT: 422,
    CREDENTIAL_MODE_MISMATCH: 422,
  } satisfies Record<ServiceErrorCode, Status>,
  // The agent sees these codes in a ToolResult; only NETWORK (AuthPluginHeaderError) and INVALID_CALL are ever thrown.
  "http-tool": {
    INVALID_CALL: 422,
    SOURCE_DISABLED: 503,
    NO_CREDENTIAL: 503,
    NOT_CONNECTED: 503,
    AUTH_FAILED: 503,
    TIMEOUT: 503,
    CONNECTION_REFUSED: 503,
    DNS: 503,
    TLS: 500,
    REDIRECT_BLOCKED: 403,
    RESPONSE_TOO_LARGE: 500,
    NETWORK: 500,
    // Tool results with these codes are answered 403 and 429 by the call route itself (tool-routes.ts).
    POLICY_DENIED: 403,
    CONFIRMATION_REQUIRED: 403,
    CONFIRMATION_DECLINED: 403,
    RATE_LIMITED: 503,
  } satisfies Record<HttpToolErrorCode, Status>,
  server: {
    UNAUTHORIZED: 401,
    FORBIDDEN: 403,
    HOST_NOT_ALLOWED: 403,
    ORIGIN_NOT_ALLOWED: 403,
    INVALID_AGENT_TOKEN_REQUEST: 422,
    AGENT_TOKEN_NOT_FOUND: 404,
    DUPLICATE_AGENT_TOKEN: 409,
    AGENT_TOKENS_DAMAGED: 500,
    AGENT_TOKENS_LOCKED: 503,
    INVALID_OPTION: 500,
    INVALID_JSON: 400,
    INVALID_REQUEST: 422,
    NOT_FOUND: 404,
    BODY_TOO_LARGE: 413,
    SOURCE_BUSY: 429,
    SHUTTING_DOWN: 503,
    TOKEN_REQUIRED: 500,
    INVALID_TOKEN: 500,
    // Refused to start (the port is taken); never an answer to a request.
    ADDRESS_IN_USE: 503,
    // The source's state, not the request's shape, stands in the way (not oauth2, no person needed, no client id).
    NO_SIGN_IN: 409,
    SIGN_IN_NOT_POSSIBLE: 409,
    SIGN_IN_STATE_INVALID: 422,
    INTERNAL: 500,
  } satisfies Record<ServerErrorCode, Status>,
};

/** Each package's codes, and its error base to build one of each with. */
const packages: Record<
  keyof typeof statusOfEveryCode,
  { codes: Record<string, string>; errorWith: (code: never) => SrcError }
> = {
  config: { codes: CONFIG_ERROR_CODES, errorWith: (code: ConfigErrorCode) => new ConfigError({ code, message: "m" }) },
  auth: { codes: AUTH_ERROR_CODES, errorWith: (code: AuthErrorCode) => new AuthError({ code, message: "m" }) },
  service: {
    codes: SERVICE_ERROR_CODES,
    errorWith: (code: ServiceErrorCode) => new ServiceError({ code, message: "m" }),
  },
  "http-tool": {
    codes: HTTP_TOOL_ERROR_CODES,
    errorWith: (code: HttpToolErrorCode) => new HttpToolError({ code, message: "m" }),
  },
  server: { codes: SERVER_ERROR_CODES, errorWith: (code: ServerErrorCode) => new ServerError({ code, message: "m" }) },
};

describe("toErrorResponse", () => {
  const rows = Object.entries(statusOfEveryCode).flatMap(([pkg, table]) =>
    Object.entries(table).map(([code, status]) => ({ pkg: pkg as keyof typeof statusOfEveryCode, code, status })),
  );
  it.each(rows)("$pkg $code answers $status", ({ pkg, code, status }) => {
    const response = toErrorResponse(packages[pkg].errorWith(code as never));
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: { code, message: "m" } });
  });

  it("has a row for every code of every package", () => {
    for (const [pkg, { codes }] of Object.entries(packages)) {
      expect(Object.keys(statusOfEveryCode[pkg as keyof typeof packages]).sort(), pkg).toEqual(
        Object.values(codes).sort(),
      );
    }
  });

  it("a busy source answers 429 with its Retry-After", () => {
    const response = toErrorResponse(new SourceBusyError({ slug: "gh", running: 4, queued: 16, retryAfterSeconds: 7 }));
    expect(response.status).toBe(429);
    expect(response.headers).toEqual({ "retry-after": "7" });
    expect(toErrorResponse(new ServerError({ code: "SOURCE_BUSY", message: "m" })).headers).toEqual({
      "retry-after": "1",
    });
    expect(toErrorResponse(new ServerError({ code: "SHUTTING_DOWN", message: "m" })).headers).toEqual({});
  });

  it("field problems become details, without the values", () => {
    const invalid = new SourceValidationError({
      slug: "gh",
      issues: [{ path: "api.baseUrl", message: "must be an https URL" }],
    });
    expect(toErrorResponse(invalid).body.error.details).toEqual([
      { path: "api.baseUrl", message: "must be an https URL" },
    ]);
    const credential = new InvalidCredentialError({
      authType: "bearer",
      issues: [
        {
          code: "too_small",
          minimum: 1,
          origin: "string",
          inclusive: true,
          path: ["token"],
          message: "too short",
          input: "s3cr3t-value",
        },
      ],
    });
    const body = toErrorResponse(credential).body;
    expect(body.error.details).toEqual([{ path: "token", message: "too short" }]);
    expect(JSON.stringify(body)).not.toContain("s3cr3t-value");
  });

  const internalRows: { why: string; error: unknown }[] = [
    { why: "an Error that is not a src error", error: new Error("ECONNRESET at /home/me/secret-path") },
    {
      why: "a plain error that only looks like a src error",
      error: Object.assign(new Error("token=abc"), { code: "SOURCE_NOT_FOUND", kind: "not_found" }),
    },
    { why: "a thrown string", error: "boom" },
  ];
  it.each(internalRows)("$why is a 500 INTERNAL that keeps its message in the log", ({ error }) => {
    expect(toErrorResponse(error)).toEqual({
      status: 500,
      body: { error: { code: "INTERNAL", message: "internal error; the server log has the details" } },
      headers: {},
    });
  });
});
