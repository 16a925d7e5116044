import { describe, expect, it } from "vitest";
import { createPersonSessions } from "./person-sessions";

const valueOf = (setCookie: string): string => setCookie.split(";")[0]!;

describe("person sessions", () => {
  it("name the principal until they expire, and only under the key they were signed with", () => {
    let time = 1_000_000;
    const sessions = createPersonSessions({ secret: "admin-token-a", now: () => time, lifetimeMs: 60_000 });
    const cookie = valueOf(sessions.cookieFor("idp:alice", false));
    expect(sessions.principalOf(`theme=dark; ${cookie}`)).toBe("idp:alice");
    expect(createPersonSessions({ secret: "admin-token-b", now: () => time }).principalOf(cookie)).toBeUndefined();
    time += 60_000;
    expect(sessions.principalOf(cookie)).toBeUndefined();
  });

  it("refuse a changed principal, a missing signature and garbage", () => {
    const sessions = createPersonSessions({ secret: "admin-token-a" });
    const cookie = valueOf(sessions.cookieFor("token:pat", true));
    const [name, value] = cookie.split("=") as [string, string];
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const other = `v1.${Buffer.from(JSON.stringify({ p: "local", exp: Date.now() + 60_000 })).toString("base64url")}`;
    expect(sessions.principalOf(`${name}=${other}.${signature}`)).toBeUndefined();
    expect(sessions.principalOf(`${name}=${other}`)).toBeUndefined();
    expect(sessions.principalOf(`${name}=`)).toBeUndefined();
    expect(sessions.principalOf(undefined)).toBeUndefined();
    expect(sessions.cookieFor("token:pat", true)).toMatch(/; Secure$/);
    expect(sessions.clearingCookie(false)).toMatch(
      /^src_person=; Path=\/v1\/me; HttpOnly; SameSite=Strict; Max-Age=0$/,
    );
  });
});
