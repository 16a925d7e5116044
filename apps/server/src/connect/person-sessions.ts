import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** The cookie of a person's session: sent only to `/v1/me`, never to a script, never from another site. */
export const personSessionCookie = "src_person";

/** Where the cookie is sent: the "My connections" routes alone. */
export const personSessionPath = "/v1/me";

/** How long a person's session lasts: 30 minutes (then the person connects again, or signs in again). */
export const personSessionLifetimeMs = 30 * 60 * 1000;

/** Signed sessions of people (a principal), granted after they proved who they are (a connect link they used). */
export interface PersonSessions {
  /** The `Set-Cookie` value of a new session for `principal`. */
  cookieFor(principal: string, secure: boolean): string;
  /** The `Set-Cookie` value that ends the session. */
  clearingCookie(secure: boolean): string;
  /** The principal of a valid, unexpired session in a `Cookie` header, or `undefined`. */
  principalOf(cookieHeader: string | undefined): string | undefined;
}

/**
 * Sessions that need no storage: `v1.<base64url JSON {p, exp}>.<HMAC-SHA256>`, the key derived (HKDF) from the
 * server's admin token, so every replica sharing that token accepts them and rotating it ends them all. The value
 * names the principal and its expiry, nothing secret; it cannot be forged without the admin token.
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
  const attributes = (secure: boolean, maxAgeSeconds: number): string =>
    `Path=${personSessionPath}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
  return {
    cookieFor(principal, secure) {
      const payload = `v1.${Buffer.from(JSON.stringify({ p: principal, exp: now() + lifetimeMs })).toString("base64url")}`;
      return `${personSessionCookie}=${payload}.${sign(payload)}; ${attributes(secure, Math.floor(lifetimeMs / 1000))}`;
    },
    clearingCookie: (secure) => `${personSessionCookie}=; ${attributes(secure, 0)}`,
    principalOf(cookieHeader) {
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
      return session.p;
    },
  };
}
