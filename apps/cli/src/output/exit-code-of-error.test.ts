import { AUTH_ERROR_CODES, AuthError, type AuthErrorCode } from "@src/auth";
import { CLIENT_ERROR_CODES, SrcClientError, type ClientErrorCode } from "@src/client";
import { CONFIG_ERROR_CODES, ConfigError, SourceNotFoundError, type ConfigErrorCode } from "@src/config";
import { ERROR_KINDS, type ErrorKind, type SrcError } from "@src/errors";
import { HTTP_TOOL_ERROR_CODES, HttpToolError, type HttpToolErrorCode } from "@src/http-tool";
import { httpStatusOfError, SERVER_ERROR_CODES, ServerError, type ServerErrorCode } from "@src/server";
import { SERVICE_ERROR_CODES, ServiceError, type ServiceErrorCode } from "@src/service";
import { describe, expect, it } from "vitest";
import { CancelledError } from "../errors/cancelled-error";
import { CLI_ERROR_CODES, CliError, type CliErrorCode } from "../errors/cli-error";
import { InvalidInputError } from "../errors/invalid-input-error";
import { MissingInputError } from "../errors/missing-input-error";
import { UnavailableError } from "../errors/unavailable-error";
import { UsageError } from "../errors/usage-error";
import { EXIT_CODES, type ExitCode } from "../exit-codes";
import { codeOfError, exitCodeOfError, exitCodeOfErrorKind } from "./exit-code-of-error";

const { USAGE, FAILURE, CANCELLED } = EXIT_CODES;

describe("exitCodeOfErrorKind", () => {
  const rows: { kind: ErrorKind; exit: ExitCode; why: string }[] = [
    { kind: "invalid_input", exit: USAGE, why: "a wrong flag, field, body or credential" },
    { kind: "not_found", exit: USAGE, why: "an unknown slug or tool" },
    { kind: "conflict", exit: USAGE, why: "a slug that is taken" },
    {
      kind: "misconfigured",
      exit: USAGE,
      why: "SRC_VAULT_KEY, SRC_AUTH_PLUGINS or --host without a token: the person running it can fix it",
    },
    { kind: "unauthorized", exit: FAILURE, why: "the operation ran and was refused" },
    { kind: "forbidden", exit: FAILURE, why: "the operation ran and was refused" },
    { kind: "unavailable", exit: FAILURE, why: "locked by another process; retry" },
    {
      kind: "internal",
      exit: FAILURE,
      why: "the state on disk (wrong key, damaged vault) or a bug, not this command line",
    },
    { kind: "cancelled", exit: CANCELLED, why: "Ctrl-C or Escape at a prompt" },
  ];
  it.each(rows)("$kind exits $exit: $why", ({ kind, exit }) => {
    expect(exitCodeOfErrorKind[kind]).toBe(exit);
  });

  it("has a row for every kind", () => {
    expect(rows.map((row) => row.kind).sort()).toEqual(Object.values(ERROR_KINDS).sort());
    expect(Object.keys(exitCodeOfErrorKind).sort()).toEqual(Object.values(ERROR_KINDS).sort());
  });
});

/** One row per code of each package: the exit code it has always had (2 = bad usage or input, 1 = the operation failed). */
const exitCodeOfEveryCode = {
  config: {
    INVALID_SOURCE: USAGE,
    SOURCE_NOT_FOUND: USAGE,
    DUPLICATE_SLUG: USAGE,
    SOURCE_LOCKED: FAILURE,
    SIGN_INS_UNAVAILABLE: FAILURE,
    CONNECT_LINKS_UNAVAILABLE: FAILURE,
  } satisfies Record<ConfigErrorCode, ExitCode>,
  auth: {
    UNKNOWN_AUTH_TYPE: USAGE,
    INVALID_CREDENTIAL: USAGE,
    DUPLICATE_AUTH_TYPE: FAILURE,
    INVALID_PLUGIN: FAILURE,
    INVALID_CONFIG: USAGE,
    // A v2 plugin's authorize: the credential was refused (sign in or store it again), or the authorization server failed.
    NEEDS_AUTH: USAGE,
    AUTH_SERVER_FAILED: FAILURE,
  } satisfies Record<AuthErrorCode, ExitCode>,
  service: {
    UNKNOWN_TOOL: USAGE,
    UNKNOWN_COMMAND: USAGE,
    CREDENTIAL_REQUIRED: USAGE,
    AUTH_PLUGIN_NOT_FOUND: USAGE,
    AUTH_PLUGIN_LOAD_FAILED: USAGE,
    AUTH_PLUGIN_NOT_EXPORTED: USAGE,
    AUTH_PLUGIN_INVALID: USAGE,
    INVALID_IMPORT: USAGE,
    CREDENTIAL_MODE_MISMATCH: USAGE,
  } satisfies Record<ServiceErrorCode, ExitCode>,
  "http-tool": {
    INVALID_CALL: USAGE,
    SOURCE_DISABLED: FAILURE,
    NO_CREDENTIAL: FAILURE,
    NOT_CONNECTED: FAILURE,
    AUTH_FAILED: FAILURE,
    TIMEOUT: FAILURE,
    CONNECTION_REFUSED: FAILURE,
    DNS: FAILURE,
    TLS: FAILURE,
    REDIRECT_BLOCKED: FAILURE,
    RESPONSE_TOO_LARGE: FAILURE,
    NETWORK: FAILURE,
    POLICY_DENIED: FAILURE,
    CONFIRMATION_REQUIRED: FAILURE,
    CONFIRMATION_DECLINED: FAILURE,
    RATE_LIMITED: FAILURE,
  } satisfies Record<HttpToolErrorCode, ExitCode>,
  server: {
    // `src serve`: a non-loopback --host without SRC_SERVER_TOKEN, or a malformed SRC_SERVER_TOKEN
    TOKEN_REQUIRED: USAGE,
    INVALID_TOKEN: USAGE,
    ADDRESS_IN_USE: FAILURE,
    UNAUTHORIZED: FAILURE,
    FORBIDDEN: FAILURE,
    HOST_NOT_ALLOWED: FAILURE,
    ORIGIN_NOT_ALLOWED: FAILURE,
    INVALID_AGENT_TOKEN_REQUEST: USAGE,
    AGENT_TOKEN_NOT_FOUND: USAGE,
    DUPLICATE_AGENT_TOKEN: USAGE,
    AGENT_TOKENS_DAMAGED: FAILURE,
    AGENT_TOKENS_LOCKED: FAILURE,
    INVALID_OPTION: USAGE,
    INVALID_JSON: USAGE,
    INVALID_REQUEST: USAGE,
    NOT_FOUND: USAGE,
    BODY_TOO_LARGE: USAGE,
    SOURCE_BUSY: FAILURE,
    SHUTTING_DOWN: FAILURE,
    // Server routes only (OAuth 2.0 sign-in); the CLI says the same with a usage error.
    NO_SIGN_IN: USAGE,
    SIGN_IN_NOT_POSSIBLE: USAGE,
    SIGN_IN_STATE_INVALID: USAGE,
    INTERNAL: FAILURE,
  } satisfies Record<ServerErrorCode, ExitCode>,
  // `src --server URL`: failures without a server answer.
  client: {
    SERVER_UNREACHABLE: FAILURE,
    SERVER_TIMEOUT: FAILURE,
    UNEXPECTED_RESPONSE: FAILURE,
    CANCELLED: CANCELLED,
    // A --server (SRC_SERVER) that is not a URL is reported as a UsageError before this; the client's own code is bad usage too.
    INVALID_CLIENT_OPTION: USAGE,
  } satisfies Record<ClientErrorCode, ExitCode>,
  cli: {
    USAGE: USAGE,
    MISSING_INPUT: USAGE,
    INVALID_INPUT: USAGE,
    UNAVAILABLE: FAILURE,
    CANCELLED: CANCELLED,
  } satisfies Record<CliErrorCode, ExitCode>,
};

/** Builds an error of `code` with the base class of the package that owns it. */
function errorWith(pkg: keyof typeof exitCodeOfEveryCode, code: string): SrcError {
  const options = { code: code as never, message: "m" };
  if (pkg === "config") return new ConfigError(options);
  if (pkg === "auth") return new AuthError(options);
  if (pkg === "service") return new ServiceError(options);
  if (pkg === "http-tool") return new HttpToolError(options);
  if (pkg === "client") return new SrcClientError({ code, message: "m", status: null });
  return pkg === "server" ? new ServerError(options) : new CliError(options);
}

const codesOf = {
  config: CONFIG_ERROR_CODES,
  auth: AUTH_ERROR_CODES,
  service: SERVICE_ERROR_CODES,
  "http-tool": HTTP_TOOL_ERROR_CODES,
  server: SERVER_ERROR_CODES,
  client: CLIENT_ERROR_CODES,
  cli: CLI_ERROR_CODES,
};

describe("exitCodeOfError", () => {
  const rows = Object.entries(exitCodeOfEveryCode).flatMap(([pkg, table]) =>
    Object.entries(table).map(([code, exit]) => ({ pkg: pkg as keyof typeof exitCodeOfEveryCode, code, exit })),
  );
  it.each(rows)("$pkg $code exits $exit", ({ pkg, code, exit }) => {
    expect(exitCodeOfError(errorWith(pkg, code))).toBe(exit);
  });

  it("has a row for every code of every package", () => {
    for (const [pkg, codes] of Object.entries(codesOf)) {
      expect(Object.keys(exitCodeOfEveryCode[pkg as keyof typeof codesOf]).sort(), pkg).toEqual(
        Object.values(codes).sort(),
      );
    }
  });

  const classRows: { why: string; error: unknown; exit: number }[] = [
    {
      why: "an unknown slug is bad input",
      error: new SourceNotFoundError({ slug: "gh", file: "/x/gh/config.json" }),
      exit: USAGE,
    },
    { why: "a wrong flag is bad usage", error: new UsageError({ message: "x" }), exit: USAGE },
    {
      why: "a missing field without a terminal is bad usage",
      error: new MissingInputError({ command: "src source add", flags: ["--base-url"] }),
      exit: USAGE,
    },
    {
      why: "an unreadable --body file is bad input",
      error: new InvalidInputError({ flag: "--body", problem: "no such file" }),
      exit: USAGE,
    },
    {
      why: "a module that cannot load is a failure",
      error: new UnavailableError({ module: "@src/server", hint: "reinstall" }),
      exit: FAILURE,
    },
    { why: "a cancelled prompt is 130", error: new CancelledError(), exit: CANCELLED },
    { why: "an error without a code is a failure", error: new Error("boom"), exit: FAILURE },
    {
      why: "a plain error that only looks like a src error is a failure",
      error: Object.assign(new Error("x"), { code: "INVALID_SOURCE", kind: "invalid_input" }),
      exit: FAILURE,
    },
    { why: "a thrown string is a failure", error: "boom", exit: FAILURE },
  ];
  it.each(classRows)("$why", ({ error, exit }) => {
    expect(exitCodeOfError(error)).toBe(exit);
  });

  it("CliError.exitCode agrees with the table", () => {
    expect(new CancelledError().exitCode).toBe(CANCELLED);
    expect(new UsageError({ message: "x" }).exitCode).toBe(USAGE);
    expect(new UnavailableError({ module: "m", hint: "h" }).exitCode).toBe(FAILURE);
  });

  it("codeOfError falls back to ERROR", () => {
    expect(codeOfError(new ConfigError({ code: "SOURCE_LOCKED", message: "m" }))).toBe("SOURCE_LOCKED");
    expect(codeOfError(Object.assign(new Error("x"), { code: "WRONG_KEY" }))).toBe("WRONG_KEY");
    expect(codeOfError(new Error("x"))).toBe("ERROR");
    expect(codeOfError(null)).toBe("ERROR");
  });
});

describe("remote mode (src --server URL): a package's error reaches the CLI as the server's status", () => {
  const rows = Object.entries(exitCodeOfEveryCode)
    .filter(([pkg]) => pkg !== "cli" && pkg !== "client")
    .flatMap(([pkg, table]) =>
      Object.entries(table).map(([code, exit]) => ({ pkg: pkg as keyof typeof exitCodeOfEveryCode, code, exit })),
    );
  it.each(rows)(
    "$pkg $code exits as it does locally, unless the server's own settings are wrong",
    ({ pkg, code, exit }) => {
      const error = errorWith(pkg, code);
      const remote = new SrcClientError({ code, message: error.message, status: httpStatusOfError(error) });
      // The server's misconfiguration (its SRC_AUTH_PLUGINS...) is a 500 there: not something the person running this command can fix.
      expect(exitCodeOfError(remote)).toBe(error.kind === "misconfigured" ? FAILURE : exit);
    },
  );
});
