import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyAuthPlugin } from "../auth-plugin";
import { defineAuthPlugin } from "../auth-plugin";
import { credentialTextSchema } from "../credential-text-schema";
import { checkApplyIsDeterministic, checkApplyIsIdempotent, checkApplyKeepsTarget, checkApplyUsesCredential } from "./check-apply-behaviour";
import { checkCredentialRejectsLineBreaks, checkSchemasAcceptExamples } from "./check-credential-schema";
import { checkCredentialFields, checkPluginType, checkSpecificationVersion } from "./check-plugin-shape";
import { checkApplyWritesOnlyListedSecrets, checkDescribePlacementHasNoSecret, checkSecretValues } from "./check-secret-coverage";
import { checkAuthPluginConformance } from "./conformance-checks";
import type { AuthPluginConformanceCheck } from "./conformance-options";
import { describeAuthPluginConformance } from "./describe-auth-plugin-conformance";

/** A correct plugin: the token in `X-Token`. Broken variants below override one member each. */
const goodPlugin = defineAuthPlugin({
  specificationVersion: "v1",
  type: "x-token",
  description: "token in the X-Token header",
  configSchema: z.object({}),
  credentialSchema: z.object({ token: credentialTextSchema }),
  credentialFields: [{ name: "token", label: "Token", secret: true }],
  apply: (request, { credential }) => request.headers.set("x-token", credential.token),
  secretValues: (credential) => [credential.token],
  describePlacement: () => 'header "X-Token"',
});

const options = { config: {}, credential: { token: "s3cret-token-value" }, otherCredential: { token: "other-secret-value" } };

function broken(overrides: Partial<Record<keyof AnyAuthPlugin, unknown>>): AnyAuthPlugin {
  return { ...goodPlugin, ...overrides } as AnyAuthPlugin;
}

describeAuthPluginConformance(goodPlugin, options);

describe("conformance checks", () => {
  it("find no problem in a correct plugin", () => {
    expect(checkAuthPluginConformance(goodPlugin, options)).toEqual([]);
  });

  let calls = 0;
  const rows: { why: string; plugin: AnyAuthPlugin; check: AuthPluginConformanceCheck; problem: RegExp }[] = [
    { why: "a future contract version is not v1", plugin: broken({ specificationVersion: "v2" }), check: checkSpecificationVersion, problem: /"v2"/ },
    { why: "types are lower-case identifiers used in config.json", plugin: broken({ type: "X_Token" }), check: checkPluginType, problem: /must match/ },
    { why: "a blank description helps nobody", plugin: broken({ description: " " }), check: checkPluginType, problem: /description/ },
    {
      why: "the example config must parse",
      plugin: broken({ configSchema: z.object({ headerName: z.string() }) }),
      check: checkSchemasAcceptExamples,
      problem: /config does not parse.*headerName/,
    },
    {
      why: "a prompt field must name a credential key",
      plugin: broken({ credentialFields: [{ name: "apiKey", label: "Key", secret: true }] }),
      check: checkCredentialFields,
      problem: /"apiKey", which is not a key/,
    },
    {
      why: "duplicate prompt fields confuse a person",
      plugin: broken({ credentialFields: [{ name: "token", label: "T", secret: true }, { name: "token", label: "T", secret: true }] }),
      check: checkCredentialFields,
      problem: /more than once/,
    },
    {
      why: "a schema without the CR/LF/NUL guard allows header injection",
      plugin: broken({ credentialSchema: z.object({ token: z.string().min(1) }) }),
      check: checkCredentialRejectsLineBreaks,
      problem: /accepts CR in "token"/,
    },
    {
      why: "a secret field must be listed for redaction",
      plugin: broken({ secretValues: () => [] }),
      check: checkSecretValues,
      problem: /does not include the secret field "token"/,
    },
    {
      why: "empty strings cannot be redacted",
      plugin: broken({ secretValues: (credential: { token: string }) => [credential.token, ""] }),
      check: checkSecretValues,
      problem: /empty string/,
    },
    {
      why: "appending a header twice is not idempotent (redirects re-apply)",
      plugin: broken({ apply: (request: { headers: Headers }, context: { credential: { token: string } }) => request.headers.append("x-token", context.credential.token) }),
      check: checkApplyIsIdempotent,
      problem: /not idempotent.*headers/,
    },
    {
      why: "a counter (like a clock or nonce) makes apply non-deterministic",
      plugin: broken({ apply: (request: { headers: Headers }) => request.headers.set("x-nonce", String((calls += 1))) }),
      check: checkApplyIsDeterministic,
      problem: /not deterministic/,
    },
    {
      why: "the credential must never be sent to another origin",
      plugin: broken({ apply: (request: { url: URL }) => void (request.url.host = "127.0.0.2") }),
      check: checkApplyKeepsTarget,
      problem: /changed the URL origin/,
    },
    {
      why: "only the query may change in the URL",
      plugin: broken({ apply: (request: { url: URL }) => void (request.url.pathname = "/auth") }),
      check: checkApplyKeepsTarget,
      problem: /changed the URL path/,
    },
    {
      why: "apply must not hide the credential in another request property",
      plugin: broken({ apply: (request: Record<string, unknown>, context: { credential: { token: string } }) => void (request.secret = context.credential.token) }),
      check: checkApplyKeepsTarget,
      problem: /changed the request keys/,
    },
    {
      why: "apply must treat its credential as read-only",
      plugin: broken({ apply: (_request: unknown, context: { credential: { token: string } }) => void (context.credential.token = "changed") }),
      check: checkApplyKeepsTarget,
      problem: /changed the credential object/,
    },
    {
      why: "a plugin that ignores the credential attaches nothing",
      plugin: broken({ apply: (request: { headers: Headers }) => request.headers.set("x-token", "constant") }),
      check: checkApplyUsesCredential,
      problem: /same request for two different credentials/,
    },
    {
      why: "re-applying with a new credential must replace the old value",
      plugin: broken({ apply: (request: { headers: Headers }, context: { credential: { token: string } }) => request.headers.append("x-token", context.credential.token) }),
      check: checkApplyUsesCredential,
      problem: /replace earlier values/,
    },
    {
      why: "a value written in an encoded form not listed in secretValues leaks",
      plugin: broken({
        apply: (request: { headers: Headers }, context: { credential: { token: string } }) =>
          request.headers.set("authorization", `Basic ${Buffer.from(`api:${context.credential.token}`).toString("base64")}`),
      }),
      check: checkApplyWritesOnlyListedSecrets,
      problem: /"token" is still visible in header "authorization"/,
    },
    {
      why: "secretValues listing the wrong value leaves the real one visible",
      plugin: broken({ secretValues: () => ["unrelated"] }),
      check: checkApplyWritesOnlyListedSecrets,
      problem: /"token" is still visible in header "x-token"/,
    },
    {
      why: "a percent-encoded secret in the query is found too",
      plugin: broken({
        apply: (request: { url: URL }, context: { credential: { token: string } }) => void (request.url.search = `t=${encodeURIComponent(context.credential.token)}`),
        secretValues: () => ["unrelated"],
      }),
      check: checkApplyWritesOnlyListedSecrets,
      problem: /visible in the URL/,
    },
    {
      why: "the placement description is shown in messages and must not carry a secret",
      plugin: broken({ describePlacement: () => "header X-Token: s3cret-token-value" }),
      check: checkDescribePlacementHasNoSecret,
      problem: /contains a secret/,
    },
  ];

  it.each(rows)("fail when $why", ({ plugin, check, problem }) => {
    const problems = check(plugin, options);
    expect(problems.join("\n")).toMatch(problem);
  });

  it("never quote the credential in a problem", () => {
    const everyProblem = rows.flatMap(({ plugin }) => checkAuthPluginConformance(plugin, options));
    expect(everyProblem.length).toBeGreaterThan(rows.length);
    expect(everyProblem.join("\n")).not.toContain("s3cret-token-value");
  });

  it("redact the credential from an error apply throws", () => {
    const throwing = broken({
      apply: (_request: unknown, context: { credential: { token: string } }) => {
        throw new Error(`bad token ${context.credential.token}`);
      },
    });
    const problems = checkApplyIsIdempotent(throwing, options);
    expect(problems[0]).toContain("apply threw on GET /v1/items: Error: bad token [REDACTED]");
  });

  it("skip the otherCredential check when none is given", () => {
    expect(checkApplyUsesCredential(broken({ apply: () => undefined }), { config: {}, credential: options.credential })).toEqual([]);
  });
});
