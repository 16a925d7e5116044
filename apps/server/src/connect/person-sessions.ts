import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** The cookie of a person's session: sent only to `/v1/me` and `/v1/connect`, never to a script, never from another site. */
export const personSessionCookie = "src_person";

/**
 * Where the cookie is sent: the "My connections" routes, and the connect link routes (which, for a link of an
 * identity provider's user, take it as proof that the person signed in as that user). One cookie for each path,
 * the same value: no operator route ever receives it.
 */
export const personSessionPaths = ["/v1/me", "/v1/connect"] as const;

/** How long a person's session lasts: 30 minutes (then the person connects again, or signs in again). */
export const personSessionLifetimeMs = 30 * 60 * 1000;

/**
 * Signed sessions of people (a principal), granted after they proved who they are: a connect link they used, or a
 * sign-in at the team's identity provider (`--oauth-issuer`).
 */
export interface PersonSessions {
  /** The `Set-Cookie` values of a new session for `principal` (one per path of `personSessionPaths`). */
  cookiesFor(principal: string, secure: boolean): string[];
  /** The `Set-Cookie` values that end the session. */
  clearingCookies(secure: boolean): string[];
  /**
   * Ends the session in a `Cookie` header in this process: from now on `principalOf` refuses that value even if the
   * browser (or anyone who copied it) sends it again before it expires. Kept in memory until the value expires.
   */
  end(cookieHeader: string | undefined): void;
  /** The principal of a valid, unexpired session in a `Cookie` header, or `undefined`. */
  principalOf(cookieHeader: string | undefined): string | undefined;
}

/**
 * Sessions that need no storage: `v1.<base64url JSON {p, exp}>.<HMAC-SHA256>`, the key derived (HKDF) from the
 * server's admin token, so every replica sharing that token accepts them and rotating it ends them all. The value
 * names the principal and its expiry, nothing secret; it cannot be forged without the admin token. A session a person
 * signs out of (`end`) is refused from then on by this process (the others still take it until it expires).
 */
export function createPersonSessions({
  secret,
  now = Date.now,
  lifetimeMs = personSessionLifetimeMs,
}: {
  secret: string;
  now?: () => number;
  lifetimeMs?: number;
}): PersonSessions {
  const key = Buffer.from(hkdfSync("sha256", secret, "src person session", "v1", 32));
  const sign = (payload: string): string => createHmac("sha256", key).update(payload).digest("base64url");
  /** The signatures of the sessions ended here (`end`), with when each expires anyway. */
  const ended = new Map<string, number>();
  const forgetExpired = (at: number): void => {
    for (const [signature, expiresAt] of ended) if (at >= expiresAt) ended.delete(signature);
  };
  /** The payload, signature and session of a valid, unexpired, not ended session value in a `Cookie` header. */
  const sessionOf = (cookieHeader: string | undefined): { signature: string; p: string; exp: number } | undefined => {
    const value = (cookieHeader ?? "")
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${personSessionCookie}=`))
      ?.slice(personSessionCookie.length + 1);
    const match = /^(v1\.[A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
    if (match === null) return undefined;
    const [, payload, signature] = match as unknown as [string, string, string];
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let session: { p?: unknown; exp?: unknown };
    try {
      session = JSON.parse(Buffer.from(payload.slice(3), "base64url").toString("utf8")) as typeof session;
    } catch {
      return undefined;
    }
    if (typeof session.p !== "string" || typeof session.exp !== "number" || now() >= session.exp) return undefined;
    if (ended.has(signature)) return undefined;
    return { signature, p: session.p, exp: session.exp };
  };
  const cookies = (value: string, secure: boolean, maxAgeSeconds: number): string[] =>
    personSessionPaths.map(
      (path) =>
        `${personSessionCookie}=${value}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`,
    );
  return {
    cookiesFor(principal, secure) {
      const payload = `v1.${Buffer.from(JSON.stringify({ p: principal, exp: now() + lifetimeMs })).toString("base64url")}`;
      return cookies(`${payload}.${sign(payload)}`, secure, Math.floor(lifetimeMs / 1000));
    },
    clearingCookies: (secure) => cookies("", secure, 0),
    principalOf: (cookieHeader) => sessionOf(cookieHeader)?.p,
    end(cookieHeader) {
      const session = sessionOf(cookieHeader);
      if (session === undefined) return;
      forgetExpired(now());
      ended.set(session.signature, session.exp);
    },
  };
}
