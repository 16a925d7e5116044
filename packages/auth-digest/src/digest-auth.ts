import { randomBytes } from "node:crypto";
import type { AuthContext, AuthPluginV2 } from "@src/auth";
import { credentialTextSchema, httpSchemeMatch } from "@src/auth";
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
  readonly qop: "auth" | undefined;
  /** Requests answered with this nonce so far; the next one sends `nc` = this + 1. */
  count: number;
}

const sessionKey = "digest-challenge";

/** The challenge this plugin can answer best: SHA-256 before MD5, only qop "auth" (or none); `undefined` when none fits. */
function chooseChallenge(offered: readonly DigestChallengeParameters[]): Challenge | undefined {
  const usable = offered.flatMap((parameters) => {
    const algorithm = (parameters.algorithm ?? "MD5").toUpperCase();
    const qops = (parameters.qop ?? "")
      .split(",")
      .map((qop) => qop.trim().toLowerCase())
      .filter((qop) => qop !== "");
    if (!(algorithm in DIGEST_ALGORITHMS) || parameters.nonce === undefined || parameters.realm === undefined)
      return [];
    if (qops.length > 0 && !qops.includes("auth")) return [];
    const challenge: Challenge = {
      algorithm: algorithm as DigestAlgorithm,
      realm: parameters.realm,
      nonce: parameters.nonce,
      opaque: parameters.opaque,
      qop: qops.length === 0 ? undefined : "auth",
      count: 0,
    };
    return [challenge];
  });
  return usable.find((challenge) => challenge.algorithm === "SHA-256") ?? usable[0];
}

/** The nonce a request was sent with, read back from its Authorization header. */
function sentNonce(headers: Headers): string | undefined {
  const value = headers.get("authorization");
  return value === null ? undefined : /\bnonce="([^"]*)"/.exec(value)?.[1];
}

type Context = AuthContext<DigestAuthConfig, DigestCredential>;

/**
 * Creates the `digest` auth plugin: HTTP Digest access authentication (RFC 7616)
 * with MD5 or SHA-256 and `qop=auth`. The first request of a process goes without
 * credentials; the server's 401 challenge is answered through `onRejected` (one
 * retry). Later requests reuse the nonce with a counting `nc` and a fresh
 * `cnonce`, until the server answers `stale=true`, which takes the new nonce.
 */
export function createDigestAuth(): DigestAuthPlugin {
  return {
    specificationVersion: "v2",
    type: "digest",
    description:
      "Answers the server's HTTP Digest challenge (RFC 7616, MD5 or SHA-256, qop=auth): Authorization: Digest username=…, response=….",
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
      const offered = parseDigestChallenges(headers.get("www-authenticate") ?? "");
      const challenge = chooseChallenge(offered);
      if (challenge === undefined) return Promise.resolve({ retry: false });
      const stale = offered.some(
        (parameters) => parameters.nonce === challenge.nonce && parameters.stale?.toLowerCase() === "true",
      );
      // A request answered with a digest and refused without stale=true had a wrong digest: the user name or password
      // is wrong, and the 401 is the answer (no retry; the next call starts over with a new challenge).
      if (sentNonce(request.headers) !== undefined && !stale) {
        context.session.delete(sessionKey);
        return Promise.resolve({ retry: false });
      }
      // The first contact, or a nonce the server calls stale (the digest was right): answer the new nonce, counting from 1.
      context.session.set(sessionKey, challenge);
      return Promise.resolve({ retry: true });
    },
    secretValues: (credential) => [credential.password],
    describePlacement: () => "Authorization header (HTTP Digest, answering the server's challenge)",
  } satisfies DigestAuthPlugin;
}
