import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveSrcHome } from "./resolve-src-home";

describe("resolveSrcHome", () => {
  const rows: { why: string; home?: string; env: Record<string, string>; expected: string }[] = [
    {
      why: "an explicit home wins over SRC_HOME",
      home: "/tmp/explicit",
      env: { SRC_HOME: "/tmp/env" },
      expected: "/tmp/explicit",
    },
    { why: "SRC_HOME is used when no home is given", env: { SRC_HOME: "/tmp/env" }, expected: "/tmp/env" },
    { why: "an empty SRC_HOME counts as unset", env: { SRC_HOME: "" }, expected: join(homedir(), ".src") },
    { why: "the default is ~/.src", env: {}, expected: join(homedir(), ".src") },
    { why: "a relative home is made absolute", home: "relative/home", env: {}, expected: resolve("relative/home") },
  ];
  it.each(rows)("$why", ({ home, env, expected }) => {
    expect(resolveSrcHome({ home, env })).toBe(expected);
  });
});
