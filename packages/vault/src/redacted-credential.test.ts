import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createRedactedCredential, REDACTED } from "./redacted-credential";

// Found by mutation testing (`pnpm mutation`): the tests checked that the secret was absent from printed output,
// which an empty rendering passes too; these pin what is printed instead.
describe("createRedactedCredential", () => {
  const credential = createRedactedCredential({ username: "ada", password: "hunter2" });

  it("reads its fields normally and is frozen", () => {
    expect(credential.password).toBe("hunter2");
    expect(Object.keys(credential)).toEqual(["username", "password"]);
    expect(Object.isFrozen(credential)).toBe(true);
  });

  it("prints every field as [REDACTED], names kept, with and without colours", () => {
    expect(inspect(credential)).toBe("VaultCredential { username: [REDACTED], password: [REDACTED] }");
    // With colours, the marker is styled as util.inspect styles "special" values.
    const [open, close] = inspect.colors[inspect.styles.special]!;
    const styled = `\u001b[${open}m${REDACTED}\u001b[${close}m`;
    expect(inspect(credential, { colors: true })).toBe(`VaultCredential { username: ${styled}, password: ${styled} }`);
    expect(inspect({ nested: credential }, { breakLength: Infinity })).toBe(
      "{ nested: VaultCredential { username: [REDACTED], password: [REDACTED] } }",
    );
  });

  it("serializes every field as [REDACTED]", () => {
    expect(JSON.stringify(credential)).toBe(`{"username":"${REDACTED}","password":"${REDACTED}"}`);
  });
});
