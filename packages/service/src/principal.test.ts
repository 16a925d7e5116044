import { describe, expect, it } from "vitest";
import { isPrincipal } from "./principal";

describe("principals", () => {
  it("are local, token:NAME and grant:NAME (an agent token's name) and idp:SUB (a sub of up to 252 printable characters)", () => {
    for (const principal of [
      "local",
      "token:alice",
      "token:claude-desktop.v2_1",
      `token:${"a".repeat(64)}`,
      "grant:claude-ai-3f9a1c",
      "idp:alice",
      "idp:auth0|64f0c2a9e1",
      "idp:248289761001",
      "idp:alice@example.com",
      "idp:é",
      "idp:00u1a2b3c4D5e6F7g8h9",
      `idp:${"s".repeat(252)}`,
    ])
      expect(isPrincipal(principal), principal).toBe(true);
  });

  it("are not a bare name, another kind, an empty or misshapen name, nor a sub with spaces or control characters", () => {
    for (const value of [
      "",
      "alice",
      "Local",
      "local ",
      " local",
      "admin",
      "agent:alice",
      "Token:alice",
      "token:",
      "token:-alice",
      "token:al ice",
      "token:alice/bob",
      `token:${"a".repeat(65)}`,
      "grant:",
      "grant:a:b",
      "idp:",
      "idp: alice",
      "idp:alice ",
      "idp:alice\nlocal",
      "idp:alice\u0000",
      "idp:\u007f",
      "idp:Alice Smith",
      `idp:${"s".repeat(253)}`,
      "token:alice\n",
    ])
      expect(isPrincipal(value), JSON.stringify(value)).toBe(false);
  });
});
