import { describe, expect, it } from "vitest";
import { createPersonSessions } from "./person-sessions";

const valueOf = (setCookies: string[]): string => setCookies[0]!.split(";")[0]!;

describe("person sessions", () => {
  it("name the principal until they expire, and only under the key they were signed with", () => {
    let time = 1_000_000;
    const sessions = createPersonSessions({ secret: "admin-token-a", now: () => time, lifetimeMs: 60_000 });
    const cookie = valueOf(sessions.cookiesFor("idp:alice", false));
    expect(sessions.principalOf(`theme=dark; ${cookie}`)).toBe("idp:alice");
    expect(createPersonSessions({ secret: "admin-token-b", now: () => time }).principalOf(cookie)).toBeUndefined();
    time += 60_000;
    expect(sessions.principalOf(cookie)).toBeUndefined();
  });

  it("are one value sent to /v1/me and /v1/connect alone, never to an operator's route", () => {
    const sessions = createPersonSessions({ secret: "admin-token-a" });
    const [me, connect] = sessions.cookiesFor("idp:alice", false) as [string, string];
    expect(me.split(";")[0]).toBe(connect.split(";")[0]);
    expect(me).toMatch(/; Path=\/v1\/me; HttpOnly; SameSite=Strict; Max-Age=1800$/);
    expect(connect).toMatch(/; Path=\/v1\/connect; HttpOnly; SameSite=Strict; Max-Age=1800$/);
  });

  it("refuse a changed principal, a missing signature and garbage", () => {
    const sessions = createPersonSessions({ secret: "admin-token-a" });
    const cookie = valueOf(sessions.cookiesFor("token:pat", true));
    const [name, value] = cookie.split("=") as [string, string];
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const other = `v1.${Buffer.from(JSON.stringify({ p: "local", exp: Date.now() + 60_000 })).toString("base64url")}`;
    expect(sessions.principalOf(`${name}=${other}.${signature}`)).toBeUndefined();
    expect(sessions.principalOf(`${name}=${other}`)).toBeUndefined();
    expect(sessions.principalOf(`${name}=`)).toBeUndefined();
    expect(sessions.principalOf(undefined)).toBeUndefined();
    for (const setCookie of sessions.cookiesFor("token:pat", true)) expect(setCookie).toMatch(/; Secure$/);
    expect(sessions.clearingCookies(false)).toEqual([
      "src_person=; Path=/v1/me; HttpOnly; SameSite=Strict; Max-Age=0",
      "src_person=; Path=/v1/connect; HttpOnly; SameSite=Strict; Max-Age=0",
    ]);
  });

  it("refuse a session ended by its sign-out, and no other, until it would have expired anyway", () => {
    let time = 2_000_000;
    const sessions = createPersonSessions({ secret: "admin-token-a", now: () => time, lifetimeMs: 60_000 });
    const ended = valueOf(sessions.cookiesFor("idp:alice", false));
    time += 1;
    const other = valueOf(sessions.cookiesFor("idp:alice", false));
    sessions.end(`theme=dark; ${ended}`);
    expect(sessions.principalOf(ended)).toBeUndefined();
    expect(sessions.principalOf(other)).toBe("idp:alice");
    // Ending garbage or nothing changes nothing.
    sessions.end("src_person=v1.garbage.signature");
    sessions.end(undefined);
    expect(sessions.principalOf(other)).toBe("idp:alice");
    time += 60_000;
    expect(sessions.principalOf(ended)).toBeUndefined();
  });
});
