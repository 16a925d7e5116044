import { randomBytes } from "node:crypto";
import type { AuthContext, AuthPluginV2 } from "@src/auth";
import { AuthorizeError, credentialTextSchema, httpSchemeMatch } from "@src/auth";
import { z } from "zod";
import { DIGEST_ALGORITHMS, digestAuthorization, type DigestAlgorithm } from "./digest-response";
import { parseDigestChallenges, type DigestChallengeParameters } from "./parse-digest-challenge";

/** Digest needs no extra `api` fields: the server's challenge says the realm and the algorithm. */
export const digestConfigSchema = z.object({});
export type DigestAuthConfig = z.infer<typeof digestConfigSchema>;

/** `{ username, password }`; the password is never sent, only hashed. */
export const digestCredentialSchema = z.object({
  username: credentialTextSchema
    .refine((value) => !value.includes('"') && !value.includes("\\"), {
      error: 'must not contain " or \\ (servers disagree on how to read them in a Digest header)',
    })
    .meta({ label: "Username", secret: false, description: "The user name the server knows.", example: "alice" }),
  password: credentialTextSchema.meta({
    label: "Password",
    description: "The password; never sent, only hashed into each request's response.",
  }),
});
export type DigestCredential = z.infer<typeof digestCredentialSchema>;

/** The `digest` plugin. */
export type DigestAuthPlugin = AuthPluginV2<DigestAuthConfig, DigestCredential>;

/** The server's challenge as this source answers it, kept in the source's session (one per process). */
interface Challenge {
  readonly algorithm: DigestAlgorithm;
  readonly realm: string;
  readonly nonce: string;
  readonly opaque: string | undefined;
  readonly qop: "auth" | "auth-int" | undefined;
  readonly userhash: boolean;
  /** Requests answered with this nonce so far; the next one sends `nc` = this + 1. */
  count: number;
}

const sessionKey = "digest-challenge";

/** The qops a challenge offers, lower-cased (empty: none, RFC 2069). */
const qopsOf = (parameters: DigestChallengeParameters): string[] =>
  (parameters.qop ?? "")
    .split(",")
    .map((qop) => qop.trim().toLowerCase())
    .filter((qop) => qop !== "");

/** The algorithm a challenge names, as this plugin spells it (`sha-256-SESS` is `SHA-256-sess`), if it answers it. */
function algorithmOf(parameters: DigestChallengeParameters): DigestAlgorithm | undefined {
  const named = (parameters.algorithm ?? "MD5").toUpperCase().replace(/-SESS$/, "-sess");
  return DIGEST_ALGORITHMS.find((algorithm) => algorithm === named);
}

/**
 * The challenge this plugin can answer best: the strongest algorithm, `qop=auth` before `auth-int` (or none);
 * `undefined` when none fits.
 */
function chooseChallenge(offered: readonly DigestChallengeParameters[]): Challenge | undefined {
  const usable = offered.flatMap((parameters) => {
    const algorithm = algorithmOf(parameters);
    const qops = qopsOf(parameters);
    if (algorithm === undefined || parameters.nonce === undefined || parameters.realm === undefined) return [];
    const qop =
      qops.length === 0 ? undefined : qops.includes("auth") ? "auth" : qops.includes("auth-int") ? "auth-int" : null;
    if (qop === null) return [];
    const challenge: Challenge = {
      algorithm,
      realm: parameters.realm,
      nonce: parameters.nonce,
      opaque: parameters.opaque,
      qop,
      userhash: parameters.userhash?.toLowerCase() === "true",
      count: 0,
    };
    return [challenge];
  });
  const rank = (challenge: Challenge): number => DIGEST_ALGORITHMS.indexOf(challenge.algorithm);
  return usable.sort((a, b) => rank(a) - rank(b))[0];
}

/**
 * Why a 401 that asks for authentication cannot be answered: no Digest challenge (another scheme), or only ones with
 * an algorithm or qop this plugin does not answer. `undefined` for a 401 that names no scheme at all.
 */
function unanswerable(
  header: string,
  offered: readonly DigestChallengeParameters[],
  slug: string,
): AuthorizeError | undefined {
  if (header.trim() === "") return undefined;
  const answered = "MD5, SHA-256, SHA-512-256 or SHA-512 (each also -sess), with qop auth or auth-int, or none";
  if (offered.length === 0) {
    const scheme = /^\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)/.exec(header)?.[1] ?? "another scheme";
    return new AuthorizeError({
      outcome: "needs_auth",
      message: `source "${slug}" uses Digest, and the server asks for ${scheme} instead (its WWW-Authenticate names no Digest challenge)`,
      hint: `change the source's auth mode to what the API asks for (\`src source edit ${slug} --auth …\`)`,
    });
  }
  const asked = offered
    .map((parameters) => `algorithm ${parameters.algorithm ?? "MD5"}, qop ${parameters.qop ?? "none"}`)
    .join("; ");
  return new AuthorizeError({
    outcome: "needs_auth",
    message: `source "${slug}": the server's Digest challenge asks for ${asked}, which this plugin does not answer (it answers ${answered})`,
    hint: "ask the API's operator to offer one of those, or use another auth mode the API accepts",
  });
}

/** The nonce a request was sent with, read back from its Authorization header. */
function sentNonce(headers: Headers): string | undefined {
  const value = headers.get("authorization");
  return value === null ? undefined : /\bnonce="([^"]*)"/.exec(value)?.[1];
}

type Context = AuthContext<DigestAuthConfig, DigestCredential>;

/**
 * Creates the `digest` auth plugin: HTTP Digest access authentication (RFC 7616)
 * with MD5, SHA-256 or SHA-512-256 (and -sess), qop auth or auth-int. The first request of a process goes without
 * credentials; the server's 401 challenge is answered through `onRejected` (one
 * retry). Later requests reuse the nonce with a counting `nc` and a fresh
 * `cnonce`, until the server answers `stale=true`, which takes the new nonce.
 */
export function createDigestAuth(): DigestAuthPlugin {
  return {
    specificationVersion: "v2",
    type: "digest",
    description:
      "Answers the server's HTTP Digest challenge (RFC 7616: MD5, SHA-256 or SHA-512-256, qop auth or auth-int): Authorization: Digest username=…, response=….",
    configSchema: digestConfigSchema,
    credentialSchema: digestCredentialSchema,
    // Nothing goes before the server's first challenge, so the header is optional.
    placement: () => ({ headers: [], optionalHeaders: ["authorization"], query: [] }),
    fromSecurityScheme: (scheme) => httpSchemeMatch(scheme, "digest"),
    authorize(request, context: Context) {
      request.headers.delete("authorization");
      const challenge = context.session.get<Challenge>(sessionKey);
      if (challenge === undefined) return Promise.resolve();
      challenge.count += 1;
      const { username, password } = context.credential;
      const header = digestAuthorization({
        ...challenge,
        username,
        password,
        method: request.method,
        uri: `${request.url.pathname}${request.url.search}`,
        body: request.body,
        nc: challenge.count.toString(16).padStart(8, "0"),
        cnonce: randomBytes(16).toString("hex"),
      });
      // The response hash proves the password for as long as the nonce lives (many devices never check nc): an agent
      // that saw it, in an API's echo of the request, could replay it. Redacted like a password.
      const response = /\bresponse="([^"]+)"/.exec(header)?.[1];
      if (response !== undefined && response !== "") context.registerSecret(response);
      request.headers.set("authorization", header);
      return Promise.resolve();
    },
    rejectedStatuses: [401],
    onRejected({ headers, request }, context: Context) {
      const header = headers.get("www-authenticate") ?? "";
      const offered = parseDigestChallenges(header);
      const challenge = chooseChallenge(offered);
      if (challenge === undefined) {
        const why = unanswerable(header, offered, context.slug);
        return why === undefined ? Promise.resolve({ retry: false }) : Promise.reject(why);
      }
      const sent = sentNonce(request.headers);
      const stale = offered.some(
        (parameters) => parameters.nonce === challenge.nonce && parameters.stale?.toLowerCase() === "true",
      );
      // A digest refused with the very nonce it answered, and no stale=true, was wrong: the user name or password is
      // wrong, and the 401 is the answer (no retry; the next call starts over with a new challenge). A new nonce
      // without stale=true is a server that forgot ours (a restart): answered once, as a stale one.
      if (sent !== undefined && sent === challenge.nonce && !stale) {
        context.session.delete(sessionKey);
        return Promise.resolve({ retry: false });
      }
      // The first contact, a nonce the server calls stale, or a new one: answer it, counting from 1.
      context.session.set(sessionKey, challenge);
      return Promise.resolve({ retry: true });
    },
    secretValues: (credential) => [credential.password],
    describePlacement: () => "Authorization header (HTTP Digest, answering the server's challenge)",
  } satisfies DigestAuthPlugin;
}
