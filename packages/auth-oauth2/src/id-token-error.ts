import { AuthorizeError } from "@src/auth";
import * as oauth from "oauth4webapi";
import type { OAuth2Config } from "./oauth2-config-schema";

/** What oauth4webapi calls each ID token claim it checks. */
const claimNames: Record<string, string> = {
  aud: "audience",
  azp: "authorized party",
  iss: "issuer",
  sub: "subject",
  exp: "expiration time",
  iat: "issued at",
  nbf: "not before",
  nonce: "nonce",
  auth_time: "authentication time",
};

/** A claim's value for a message: a short JSON string, or nothing when it is not plain text (no token is ever printed). */
function shown(value: unknown): string | undefined {
  const plain = typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string"));
  if (!plain) return undefined;
  const text = JSON.stringify(Array.isArray(value) && value.length === 1 ? value[0] : value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** A JWT timestamp (seconds) as an ISO date, when it is one. */
function dateOf(value: unknown): string | undefined {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) < 1e11
    ? new Date(value * 1000).toISOString()
    : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** Which claim failed, what was wrong with it, and what to check. */
function problemOf(
  error: oauth.OperationProcessingError,
  config: OAuth2Config,
  slug: string,
): { claim: string | undefined; problem: string; hint: string } {
  const cause = record(error.cause);
  const claims = record(cause.claims);
  const named = typeof cause.claim === "string" ? cause.claim : /"(\w+)"/.exec(error.message)?.[1];
  const claim = named !== undefined && named in claimNames ? named : undefined;
  const label = claim === undefined ? "" : `its "${claim}" (${claimNames[claim]}) claim`;
  const admin = "or tell the provider's admin";
  const clientIdHint = `check the client id of source "${slug}" (stored with \`src credential set ${slug}\`): it must be the one the provider registered for this client; ${admin}`;
  const issuerHint = `check api.issuer of source "${slug}" (${JSON.stringify(config.issuer ?? "")}): it must be the issuer the provider's ID tokens carry; ${admin}`;
  if (error.code === oauth.JWT_CLAIM_COMPARISON && claim !== undefined) {
    const actual = shown(claims[claim]);
    const expected = shown(cause.expected);
    const got = actual === undefined ? "" : `, got ${actual}`;
    if (claim === "aud" || claim === "azp") {
      const problem =
        expected === undefined
          ? `${label} names other audiences than this client${got}`
          : `${label} is not this client: expected the client id ${expected}${got}`;
      return { claim, problem, hint: clientIdHint };
    }
    if (claim === "iss")
      return { claim, problem: `${label} is not api.issuer: expected ${expected ?? '""'}${got}`, hint: issuerHint };
    return { claim, problem: `${label} does not match what src expected`, hint: `tell the provider's admin` };
  }
  if (error.code === oauth.JWT_TIMESTAMP_CHECK && claim !== undefined) {
    const at = dateOf(claims[claim]);
    const now = dateOf(cause.now) ?? new Date().toISOString();
    const when = at === undefined ? "" : ` (${at}; this machine's clock says ${now})`;
    const problem =
      claim === "exp"
        ? `the ID token has expired: ${label}${when}`
        : claim === "nbf"
          ? `the ID token is not valid yet: ${label}${when}`
          : `${label} is too far in the past${when}`;
    return { claim, problem, hint: `check this machine's clock; if it is right, tell the provider's admin` };
  }
  const problem =
    claim === undefined
      ? error.message.replaceAll(/[^\x20-\x7e]/g, "")
      : /missing/.test(error.message)
        ? `${label} is missing`
        : `${label} has the wrong type`;
  return { claim, problem, hint: `tell the provider's admin; src checks ID tokens because api.issuer is set` };
}

/**
 * The `AuthorizeError` for a token response whose ID token failed oauth4webapi's checks (`aud`, `iss`, `exp`,
 * `nonce` …), or `undefined` when `error` is no such failure. `failed`, like any unusable answer; it names the claim
 * and what to check, never the token. No cause: the response holds tokens.
 */
export function idTokenError(
  error: unknown,
  config: OAuth2Config,
  slug: string,
  tokenHost: string,
  what: string,
): AuthorizeError | undefined {
  if (!(error instanceof oauth.OperationProcessingError)) return undefined;
  const checked =
    error.code === oauth.JWT_CLAIM_COMPARISON ||
    error.code === oauth.JWT_TIMESTAMP_CHECK ||
    /\bJWT\b|\bID Token\b/.test(error.message);
  if (!checked) return undefined;
  const { problem, hint } = problemOf(error, config, slug);
  return new AuthorizeError({
    outcome: "failed",
    message: `the authorization server ${tokenHost} answered the ${what} with an ID token that did not pass its check: ${problem}`,
    hint,
  });
}
