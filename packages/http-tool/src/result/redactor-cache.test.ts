import { describe, expect, it } from "vitest";
import { REDACTED } from "./redact-secrets";
import { redactorFor } from "./redactor-cache";

describe("redactorFor", () => {
  it("hands back the same redactor for the same secrets, and one that redacts them", () => {
    const first = redactorFor(["cache-key-1", "cache-key-2"]);
    expect(redactorFor(["cache-key-1", "cache-key-2"])).toBe(first);
    expect(first.redactText("a cache-key-1 b cache-key-2")).toBe(`a ${REDACTED} b ${REDACTED}`);
  });

  it("builds another redactor when the secrets differ, even when their concatenation is the same", () => {
    const split = redactorFor(["ab", "c"]);
    const other = redactorFor(["a", "bc"]);
    expect(other).not.toBe(split);
    expect(other.redactText("a bc")).toBe(`${REDACTED} ${REDACTED}`);
    expect(split.redactText("ab c")).toBe(`${REDACTED} ${REDACTED}`);
  });

  it("keeps at most 64 redactors, dropping the least recently used first", () => {
    const oldest = redactorFor(["oldest-secret"]);
    for (let index = 0; index < 64; index += 1) redactorFor([`secret-${index}`]);
    const rebuilt = redactorFor(["oldest-secret"]);
    expect(rebuilt).not.toBe(oldest);
    expect(rebuilt.redactText("oldest-secret")).toBe(REDACTED);
  });
});
