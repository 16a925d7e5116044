import { problemOfCorsOrigin } from "./check-origin";
import { InvalidServerOptionError } from "./errors/invalid-server-option-error";
import { TokenRequiredError } from "./errors/token-required-error";
import { isLoopbackHost } from "./is-loopback-host";
import { resolveMetricsToken } from "./resolve-server-token";
import type { ConsoleClient } from "./connect/identity-provider-sign-in";
import type { StartServerOptions } from "./start-server";

/** Longest lifetime of a cut result the server accepts, in seconds: a day. */
export const maxResultTtlSeconds = 86_400;

const isLoopbackName = (host: string): boolean =>
  host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Checks `--public-url`: an http(s) origin, https unless on loopback. Returns the origin. */
function checkPublicUrl(value: string, option: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidServerOptionError({
      option,
      value,
      problem: "is not a URL; write the origin agents reach the server by, e.g. https://src.example.com",
    });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new InvalidServerOptionError({ option, value, problem: "must start with https://" });
  if (url.origin !== value.replace(/\/+$/, ""))
    throw new InvalidServerOptionError({
      option,
      value,
      problem: `must be an origin alone (scheme, host and port; no path, query or credentials), e.g. ${url.origin}`,
    });
  if (url.protocol === "http:" && !isLoopbackName(url.hostname))
    throw new InvalidServerOptionError({
      option,
      value,
      problem: `must be https (OAuth sends tokens there); put a TLS terminator in front and give its https:// address, e.g. https://${url.host}`,
    });
  return url.origin;
}

/** Checks a lifetime option: whole seconds from `min` to `max`. */
function checkSeconds(value: number | undefined, option: string, min: number, max: number, example: string): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min || value > max)) {
    throw new InvalidServerOptionError({
      option,
      value: String(value),
      problem: `must be a whole number of seconds from ${min} to ${max}, e.g. ${example}`,
    });
  }
}

/** Checks `--oauth-console-client-id` and `SRC_OAUTH_CONSOLE_CLIENT_SECRET`: both need `--oauth-issuer`; the secret needs the id. */
function checkConsoleClient(
  options: StartServerOptions,
  env: Record<string, string | undefined>,
): ConsoleClient | undefined {
  const clientId = options.oauth?.consoleClientId;
  const secret = env.SRC_OAUTH_CONSOLE_CLIENT_SECRET?.trim();
  const clientSecret = secret === undefined || secret === "" ? undefined : secret;
  if (clientId === undefined) {
    if (clientSecret !== undefined)
      throw new InvalidServerOptionError({
        option: "SRC_OAUTH_CONSOLE_CLIENT_SECRET",
        value: "(set)",
        problem:
          "is the secret of the console's client at the identity provider, which --oauth-console-client-id names: give that too, or unset the variable",
      });
    return undefined;
  }
  if (!/^[\x21-\x7e]{1,256}$/.test(clientId))
    throw new InvalidServerOptionError({
      option: "--oauth-console-client-id",
      value: clientId,
      problem: "must be the client id registered at the identity provider: 1 to 256 visible ASCII characters",
    });
  if (options.oauth?.issuer === undefined || options.oauth.enabled === false)
    throw new InvalidServerOptionError({
      option: "--oauth-console-client-id",
      value: clientId,
      problem: "is the console's client at the identity provider of --oauth-issuer: give --oauth-issuer URL too",
    });
  return { clientId, ...(clientSecret === undefined ? {} : { clientSecret }) };
}

/**
 * Checks `startServer`'s options before anything is bound or written, each refusal naming the option and what to
 * give: a token off loopback, allowed hosts, CORS origins, lifetimes, the public URL, the OAuth issuer and the
 * console's client there. Returns the public origin, the metrics token and the console's client.
 */
export function checkServerOptions(
  options: StartServerOptions,
  { host, env }: { host: string; env: Record<string, string | undefined> },
): {
  publicOrigin: string | undefined;
  metricsToken: string | undefined;
  consoleClient: ConsoleClient | undefined;
} {
  const explicitToken = env.SRC_SERVER_TOKEN !== undefined && env.SRC_SERVER_TOKEN !== "";
  if (!isLoopbackHost(host) && !explicitToken) throw new TokenRequiredError({ host });
  for (const name of options.allowedHosts ?? []) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)$/i.test(name))
      throw new InvalidServerOptionError({
        option: "--allowed-host",
        value: name,
        problem: "must be a host name or address without scheme, port or path, e.g. src.internal",
      });
  }
  for (const origin of options.corsOrigins ?? []) {
    const problem = problemOfCorsOrigin(origin);
    if (problem !== undefined) throw new InvalidServerOptionError({ option: "--cors-origin", value: origin, problem });
  }

  const resultTtlSeconds = options.resultTtlSeconds;
  if (
    resultTtlSeconds !== undefined &&
    (!Number.isInteger(resultTtlSeconds) || resultTtlSeconds < 1 || resultTtlSeconds > maxResultTtlSeconds)
  ) {
    throw new InvalidServerOptionError({
      option: "--result-ttl",
      value: String(resultTtlSeconds),
      problem: `must be a whole number of seconds from 1 to ${maxResultTtlSeconds}, e.g. 900 (15 minutes, the default)`,
    });
  }

  const metricsToken = resolveMetricsToken({ given: options.metricsToken, env });
  const publicUrlGiven =
    options.publicUrl ?? (env.SRC_PUBLIC_URL?.trim() === "" ? undefined : env.SRC_PUBLIC_URL?.trim());
  const publicOrigin =
    publicUrlGiven === undefined
      ? undefined
      : checkPublicUrl(publicUrlGiven, options.publicUrl === undefined ? "SRC_PUBLIC_URL" : "--public-url");
  const oauthOptions = options.oauth ?? {};
  checkSeconds(oauthOptions.accessTokenTtlSeconds, "--oauth-access-token-ttl", 1, 86_400, "3600");
  checkSeconds(oauthOptions.codeTtlSeconds, "--oauth-code-ttl", 1, 600, "60");
  if (oauthOptions.issuer !== undefined) {
    let issuer: URL | undefined;
    try {
      issuer = new URL(oauthOptions.issuer);
    } catch {
      issuer = undefined;
    }
    if (
      issuer === undefined ||
      (issuer.protocol !== "https:" &&
        !(issuer.protocol === "http:" && oauthOptions.allowLoopbackClients === true && isLoopbackName(issuer.hostname)))
    ) {
      throw new InvalidServerOptionError({
        option: "--oauth-issuer",
        value: oauthOptions.issuer,
        problem: "must be the https URL of the identity provider's issuer, e.g. https://login.example.com/realms/team",
      });
    }
  }
  return { publicOrigin, metricsToken, consoleClient: checkConsoleClient(options, env) };
}
