import { randomBytes, timingSafeEqual } from "node:crypto";
import { sha256Of } from "@src/config";
import { signInCallbackPath } from "../sign-in/sign-in-callback-path";

/**
 * Ties a connect page's upstream sign-in (authorization code) to the browser that started it, as an OAuth client
 * ties its redirect to the browser against login CSRF: the start sets a cookie sent only to the redirect route, and
 * the redirect is refused without it. Otherwise whoever holds a connect link could start its sign-in, hand the
 * upstream's genuine sign-in page to someone else, and have that person's tokens stored as his own connection.
 */
export interface ConnectSignInBrowser {
  /** What the start keeps, sealed with the sign-in: the SHA-256 of the cookie's value. */
  readonly digest: string;
  /** The `Set-Cookie` value the start answers with. */
  readonly cookie: string;
}

/** One cookie per sign-in (named after its state), so two sign-ins begun in one browser do not undo each other. */
const cookieNameOf = (state: string): string => `src_connect_${sha256Of(state).slice(0, 16)}`;

/** A new browser key for the sign-in of `state`, valid `maxAgeSeconds`, `Secure` when the server is reached over https. */
export function connectSignInBrowser(state: string, maxAgeSeconds: number, secure: boolean): ConnectSignInBrowser {
  const key = randomBytes(24).toString("base64url");
  return {
    digest: sha256Of(key),
    // Lax: sent on the upstream's redirect back, a top-level navigation from another site; never to a script.
    cookie: `${cookieNameOf(state)}=${key}; Path=${signInCallbackPath}; HttpOnly; SameSite=Lax; Max-Age=${Math.max(1, Math.floor(maxAgeSeconds))}${secure ? "; Secure" : ""}`,
  };
}

/** Whether the redirect of the sign-in of `state` came from the browser whose key has `digest`. */
export function isSameBrowser(cookieHeader: string | undefined, state: string, digest: string): boolean {
  const name = `${cookieNameOf(state)}=`;
  const value = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(name))
    ?.slice(name.length);
  if (value === undefined || value === "") return false;
  return timingSafeEqual(Buffer.from(sha256Of(value), "hex"), Buffer.from(digest, "hex"));
}

/** The `Set-Cookie` value that removes the browser key of the sign-in of `state`. */
export function clearingConnectSignInBrowser(state: string, secure: boolean): string {
  return `${cookieNameOf(state)}=; Path=${signInCallbackPath}; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}
