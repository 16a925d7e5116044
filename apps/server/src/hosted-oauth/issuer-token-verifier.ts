import { createHash } from "node:crypto";
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from "jose";
import type { AgentCaller } from "../agent-tokens/agent-token-index";
import { discoverIdentityProvider, isInsecureLoopbackIssuer, isLoopbackUrl } from "./discover-identity-provider";
import { sourcesOfScopes } from "./hosted-oauth-settings";

/** What a presented JWT is. */
export type IssuerTokenOutcome =
  | { readonly ok: true; readonly caller: AgentCaller; readonly expiresAtMs: number }
  | { readonly ok: false; readonly reason: "invalid"; readonly message: string }
  | { readonly ok: false; readonly reason: "insufficient_scope"; readonly message: string }
  | { readonly ok: false; readonly reason: "unavailable"; readonly message: string };

/** Options of `createIssuerTokenVerifier`. */
export interface IssuerTokenVerifierOptions {
  /** The identity provider's issuer URL (`--oauth-issuer`). */
  issuer: string;
  /** The audience every token must name: the public URL of `/mcp`. */
  audience: string;
  /** Allow an http issuer (loopback only: development and tests). */
  allowInsecureIssuer?: boolean;
  /** Clock tolerance for `exp` and `nbf`, in seconds. Default 5. */
  clockToleranceSeconds?: number;
}

/** The scopes of a token: `scope` (RFC 9068, a space-separated string) or `scp` (Microsoft Entra ID, Okta: a string or an array). */
function scopesOf(payload: JWTPayload): string[] {
  const raw = payload.scope ?? payload.scp;
  if (typeof raw === "string") return raw.split(" ").filter((scope) => scope !== "");
  if (Array.isArray(raw)) return raw.filter((scope): scope is string => typeof scope === "string");
  return [];
}

/**
 * `--oauth-issuer`: `/mcp` takes JWT access tokens of the team's identity
 * provider (Keycloak, Auth0, Microsoft Entra ID, Okta). The issuer's metadata
 * is discovered with oauth4webapi (OpenID Connect discovery, then RFC 8414),
 * its keys come from its `jwks_uri` through jose's `createRemoteJWKSet`
 * (cached; a token signed with a key it has not seen makes it fetch the set
 * again, so rotated keys are followed), and jose's `jwtVerify` checks the
 * signature (asymmetric algorithms only), `iss`, `aud` (the `/mcp` URL) and
 * `exp`. The scopes `src:SLUG` and `src:SLUG:read` name the sources.
 */
export function createIssuerTokenVerifier(options: IssuerTokenVerifierOptions) {
  const issuerUrl = new URL(options.issuer);
  const insecure = isInsecureLoopbackIssuer(issuerUrl, options.allowInsecureIssuer === true);
  let keys: Promise<{ issuer: string; jwks: ReturnType<typeof createRemoteJWKSet> }> | undefined;

  async function discover(): Promise<{ issuer: string; jwks: ReturnType<typeof createRemoteJWKSet> }> {
    const server = await discoverIdentityProvider(issuerUrl, insecure);
    if (server.jwks_uri === undefined)
      throw new Error(`could not discover the identity provider ${issuerUrl.href}: its metadata names no jwks_uri`);
    const jwksUrl = new URL(server.jwks_uri);
    if (jwksUrl.protocol !== "https:" && !(insecure && isLoopbackUrl(jwksUrl)))
      throw new Error(`the identity provider's jwks_uri ${jwksUrl.href} is not https`);
    return {
      issuer: server.issuer,
      jwks: createRemoteJWKSet(jwksUrl, { timeoutDuration: 10_000, cooldownDuration: 30_000, cacheMaxAge: 600_000 }),
    };
  }

  return {
    async verify(token: string): Promise<IssuerTokenOutcome> {
      keys ??= discover();
      let found: Awaited<typeof keys>;
      try {
        found = await keys;
      } catch (error) {
        keys = undefined;
        return {
          ok: false,
          reason: "unavailable",
          message: `the identity provider cannot be reached: ${(error as Error).message}`,
        };
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, found.jwks, {
          issuer: found.issuer,
          audience: options.audience,
          algorithms: ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"],
          clockTolerance: options.clockToleranceSeconds ?? 5,
          requiredClaims: ["exp", "sub"],
        }));
      } catch (error) {
        if (error instanceof errors.JWKSTimeout)
          return { ok: false, reason: "unavailable", message: "the identity provider's keys did not arrive in time" };
        const message =
          error instanceof errors.JWTExpired
            ? "the token has expired"
            : error instanceof errors.JWTClaimValidationFailed
              ? `the token's ${error.claim} claim is not accepted here (${error.reason})`
              : error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey
                ? "the token's signature does not verify with the identity provider's keys"
                : "the token is not a JWT of the identity provider";
        return { ok: false, reason: "invalid", message };
      }
      const { sources, readOnlySources } = sourcesOfScopes(scopesOf(payload));
      if (sources.length === 0)
        return {
          ok: false,
          reason: "insufficient_scope",
          message: "the token names no source: its scopes must include src:SLUG or src:SLUG:read",
        };
      const subject = String(payload.sub);
      const id = createHash("sha256")
        .update(`src identity provider subject\n${found.issuer}\n${subject}`)
        .digest("hex")
        .slice(0, 32);
      const name = `idp:${subject.replace(/[^A-Za-z0-9._@-]/g, "_").slice(0, 60)}`;
      return {
        ok: true,
        caller: {
          kind: "agent",
          name,
          principal: `idp:${subject}`,
          id,
          sources: new Set(sources),
          readOnly: false,
          readOnlySources: new Set(readOnlySources),
          rateLimit: null,
        },
        expiresAtMs: (payload.exp ?? 0) * 1000,
      };
    },
  };
}

export type IssuerTokenVerifier = ReturnType<typeof createIssuerTokenVerifier>;
