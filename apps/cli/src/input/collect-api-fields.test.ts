import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { collectApiField } from "./collect-api-fields";

describe("collectApiField", () => {
  const accepted: { why: string; pairs: string[]; fields: Record<string, string> }[] = [
    { why: "one field", pairs: ["keyId=team-key-1"], fields: { keyId: "team-key-1" } },
    { why: "only the first = splits", pairs: ["scope=a=b"], fields: { scope: "a=b" } },
    { why: "an empty value is kept (the plugin's schema decides)", pairs: ["region="], fields: { region: "" } },
    {
      why: "several fields, the last repeat wins",
      pairs: ["keyId=a", "region=eu", "keyId=b"],
      fields: { keyId: "b", region: "eu" },
    },
  ];
  it.each(accepted)("$why", ({ pairs, fields }) => {
    expect(
      pairs.reduce<Record<string, string> | undefined>((previous, pair) => collectApiField(pair, previous), undefined),
    ).toEqual(fields);
  });

  const rejected: { why: string; pair: string; says: string }[] = [
    { why: "no =", pair: "keyId", says: "expected FIELD=VALUE" },
    { why: "no key", pair: "=x", says: "expected FIELD=VALUE" },
    { why: "baseUrl has its own flag", pair: "baseUrl=http://127.0.0.1", says: "use --base-url" },
    { why: "authType has its own flag", pair: "authType=hmac", says: "use --auth" },
    { why: "testEndpoint has its own flag", pair: "testEndpoint=/me", says: "use --test-endpoint" },
  ];
  it.each(rejected)("rejects $why", ({ pair, says }) => {
    expect(() => collectApiField(pair, undefined)).toThrow(InvalidArgumentError);
    expect(() => collectApiField(pair, undefined)).toThrow(says);
  });
});
