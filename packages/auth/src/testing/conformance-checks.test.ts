import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { credentialTextSchema } from "../credential-text-schema";
import type { AnyAuthPluginV2, AuthContext, AuthorizeRequest } from "../auth-plugin-v2";
import { defineAuthPluginV2 } from "../auth-plugin-v2";
import { describeAuthPluginConformance } from "./describe-auth-plugin-conformance";
import {
  checkAuthorizeIsRepeatable,
  checkAuthorizeKeepsTarget,
  checkAuthorizeUsesCredential,
  checkPlacementMatches,
} from "./check-authorize-behaviour";
import { checkCredentialRejectsLineBreaks, checkSchemasAcceptExamples } from "./check-credential-schema";
import {
  checkDescribeHasNoSecret,
  checkFieldsDeclared,
  checkPluginType,
  checkSignInSteps,
  checkSpecificationVersion,
} from "./check-plugin-shape";
import { checkRegisteredSecretsRedacted } from "./check-registered-secrets";
import { checkDescribePlacementHasNoSecret, checkSecretValues } from "./check-secret-coverage";
import { checkAuthPluginConformance } from "./conformance-checks";
import type { AuthPluginConformanceCheck, AuthPluginConformanceOptions } from "./conformance-options";

/** A real token endpoint on loopback: answers a new token for every request. */
let tokenServer: Server;
let tokenUrl = "";
let tokenRequests = 0;
beforeAll(async () => {
  tokenServer = createServer((incoming, outgoing) => {
    tokenRequests += 1;
    outgoing
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ token: `issued-${tokenRequests}-${"x".repeat(12)}` }));
  });
  await new Promise<void>((resolve) => tokenServer.listen(0, "127.0.0.1", resolve));
  tokenUrl = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/token`;
});
afterAll(() => new Promise<void>((resolve) => tokenServer.close(() => resolve())));

type Config = { tokenUrl: string };
type Credential = { key: string };

async function fetchToken(context: AuthContext<Config, Credential>): Promise<string> {
  return context.session.singleFlight("token", async () => {
    const cached = context.session.get<string>("token");
    if (cached !== undefined) return cached;
    const response = await fetch(context.config.tokenUrl, {
      method: "POST",
      headers: { "x-key": context.credential.key },
      signal: context.signal,
    });
    const { token } = (await response.json()) as { token: string };
    context.registerSecret(token);
    context.session.set("token", token);
    return token;
  });
}

/** A correct v2 plugin: fetches a token once per session, sends it as a bearer token with the clock's time. */
const goodPlugin = defineAuthPluginV2<Config, Credential>({
  specificationVersion: "v2",
  type: "token-exchange",
  description: "exchanges the key for a token, sent in Authorization with the time in X-Date",
  configSchema: z.object({
    tokenUrl: z.string().meta({ label: "Token URL", example: "https://auth.example.com/token" }),
  }),
  credentialSchema: z.object({
    key: credentialTextSchema.meta({ label: "Key", description: "exchanged for a token" }),
  }),
  describe: () => "It exchanges its key for a short-lived token.",
  placement: () => ({ headers: ["authorization", "x-date"], query: [] }),
  async authorize(request, context) {
    request.headers.set("authorization", `Bearer ${await fetchToken(context)}`);
    request.headers.set("x-date", context.now().toISOString());
  },
  secretValues: (credential) => [credential.key],
  describePlacement: () => "Authorization header (Bearer scheme, exchanged token)",
});

const options = (): AuthPluginConformanceOptions => ({
  config: { tokenUrl },
  credential: { key: "k3y-one-value" },
  otherCredential: { key: "k3y-two-value" },
});

function broken(overrides: Partial<Record<keyof AnyAuthPluginV2, unknown>>): AnyAuthPluginV2 {
  return { ...goodPlugin, ...overrides } as AnyAuthPluginV2;
}

type Authorize = (request: AuthorizeRequest, context: AuthContext<Config, Credential>) => Promise<void>;
const authorizeWith =
  (extra: (request: AuthorizeRequest, context: AuthContext<Config, Credential>) => void): Authorize =>
  async (request, context) => {
    await goodPlugin.authorize(request, context);
    extra(request, context);
  };

describeAuthPluginConformance(goodPlugin, options);

describe("conformance checks", () => {
  it("find no problem in a correct plugin, and the token is fetched once per session", async () => {
    const before = tokenRequests;
    expect(await checkAuthPluginConformance(goodPlugin, options())).toEqual([]);
    expect(tokenRequests - before).toBeLessThanOrEqual(8);
  });

  let counter = 0;
  const rows: { why: string; plugin: () => AnyAuthPluginV2; check: AuthPluginConformanceCheck; problem: RegExp }[] = [
    {
      why: "a v1 plugin is not a plugin any more",
      plugin: () => broken({ specificationVersion: "v1" }),
      check: checkSpecificationVersion,
      problem: /"v2", the only contract/,
    },
    {
      why: "types are lower-case identifiers used in config.json",
      plugin: () => broken({ type: "X_Token" }),
      check: checkPluginType,
      problem: /must match/,
    },
    {
      why: "a blank description helps nobody",
      plugin: () => broken({ description: " " }),
      check: checkPluginType,
      problem: /description/,
    },
    {
      why: "the example config must parse",
      plugin: () => broken({ configSchema: z.object({ tokenUrl: z.number() }) }),
      check: checkSchemasAcceptExamples,
      problem: /config does not parse with configSchema \(tokenUrl:/,
    },
    {
      why: "a prompt and a form need a label",
      plugin: () => broken({ credentialSchema: z.object({ key: credentialTextSchema }) }),
      check: checkFieldsDeclared,
      problem: /credential\.key has no label/,
    },
    {
      why: "config.json is stored in clear, so an api field cannot be secret",
      plugin: () =>
        broken({ configSchema: z.object({ tokenUrl: z.string().meta({ label: "Token URL", secret: true }) }) }),
      check: checkFieldsDeclared,
      problem: /api\.tokenUrl is declared secret/,
    },
    {
      why: "an example shown in help must be a value that works",
      plugin: () =>
        broken({ configSchema: z.object({ tokenUrl: z.string().meta({ label: "Token URL", example: 42 }) }) }),
      check: checkFieldsDeclared,
      problem: /api\.tokenUrl's example does not parse/,
    },
    {
      why: "a credential keyed by an api list must name a list field",
      plugin: () =>
        broken({ credentialSchema: z.record(z.string(), credentialTextSchema).meta({ keysFrom: "tokenUrl" }) }),
      check: checkFieldsDeclared,
      problem: /keysFrom names api\.tokenUrl, which is not a list field/,
    },
    {
      why: "a schema without the CR/LF/NUL guard allows header injection",
      plugin: () => broken({ credentialSchema: z.object({ key: z.string().meta({ label: "Key" }) }) }),
      check: checkCredentialRejectsLineBreaks,
      problem: /accepts CR in "key"/,
    },
    {
      why: "a secret field must be listed for redaction",
      plugin: () => broken({ secretValues: () => [] }),
      check: checkSecretValues,
      problem: /does not include the secret field "key"/,
    },
    {
      why: "empty strings cannot be redacted",
      plugin: () => broken({ secretValues: (credential: Credential) => [credential.key, ""] }),
      check: checkSecretValues,
      problem: /empty string/,
    },
    {
      why: "the placement description is shown in messages and must not carry a secret",
      plugin: () => broken({ describePlacement: () => "header X-Key (k3y-one-value)" }),
      check: checkDescribePlacementHasNoSecret,
      problem: /contains a secret/,
    },
    {
      why: "the agent's description is one line",
      plugin: () => broken({ describe: () => "two\nlines" }),
      check: checkDescribeHasNoSecret,
      problem: /one non-empty line/,
    },
    {
      why: "sign-in needs every step",
      plugin: () => broken({ signIn: { begin: () => Promise.resolve() } }),
      check: checkSignInSteps,
      problem: /unavailable, complete, status, signOut/,
    },
    {
      why: "a header set but not declared would escape the builder's checks",
      plugin: () => broken({ authorize: authorizeWith((request) => request.headers.set("x-extra", "1")) }),
      check: checkPlacementMatches,
      problem: /sets header "x-extra", which placement/,
    },
    {
      why: "a query name set but not declared could collide with an agent's",
      plugin: () => broken({ authorize: authorizeWith((request) => request.url.searchParams.set("sig", "1")) }),
      check: checkPlacementMatches,
      problem: /query parameter "sig", which placement/,
    },
    {
      why: "a declared header that never arrives is a wrong declaration",
      plugin: () => broken({ placement: () => ({ headers: ["authorization", "x-date", "x-missing"], query: [] }) }),
      check: checkPlacementMatches,
      problem: /declares header "x-missing"/,
    },
    {
      why: "a framing header may never be claimed",
      plugin: () =>
        broken({ placement: () => ({ headers: ["authorization", "x-date", "Transfer-Encoding"], query: [] }) }),
      check: checkPlacementMatches,
      problem: /"Transfer-Encoding", which only the service may set/,
    },
    {
      why: "appending on a retry doubles the header",
      plugin: () =>
        broken({
          authorize: async (request: AuthorizeRequest, context: AuthContext<Config, Credential>) => {
            request.headers.set("authorization", `Bearer ${await fetchToken(context)}`);
            request.headers.append("x-date", context.now().toISOString());
          },
        }),
      check: checkAuthorizeIsRepeatable,
      problem: /retry .* changes the request again/,
    },
    {
      why: "a counter (an unfixed clock or a nonce) makes a redirect hop differ",
      plugin: () =>
        broken({ authorize: authorizeWith((request) => request.headers.set("x-date", String((counter += 1)))) }),
      check: checkAuthorizeIsRepeatable,
      problem: /changes the request again|redirect hop/,
    },
    {
      why: "the credential must never go to another origin",
      plugin: () => broken({ authorize: authorizeWith((request) => void (request.url.host = "127.0.0.2")) }),
      check: checkAuthorizeKeepsTarget,
      problem: /changed the URL origin/,
    },
    {
      why: "a token fetched at run time must be registered for redaction",
      plugin: () =>
        broken({
          authorize: async (request: AuthorizeRequest, context: AuthContext<Config, Credential>) => {
            const response = await fetch(context.config.tokenUrl, {
              method: "POST",
              headers: { "x-key": context.credential.key },
            });
            request.headers.set("authorization", `Bearer ${((await response.json()) as { token: string }).token}`);
            request.headers.set("x-date", context.now().toISOString());
          },
        }),
      check: checkRegisteredSecretsRedacted,
      problem: /neither in secretValues nor registered/,
    },
    {
      why: "a plugin that ignores the credential attaches nothing",
      plugin: () =>
        broken({
          authorize: (request: AuthorizeRequest) =>
            Promise.resolve(void request.headers.set("authorization", "Bearer constant")),
        }),
      check: checkAuthorizeUsesCredential,
      problem: /same request for two different credentials/,
    },
  ];
  it.each(rows)("fail when $why", async ({ plugin, check, problem }) => {
    expect((await check(plugin(), options())).join("\n")).toMatch(problem);
  });

  it("never quote the credential or a fetched token in a problem", async () => {
    const throwing = broken({
      authorize: async (_request: AuthorizeRequest, context: AuthContext<Config, Credential>) => {
        const token = await fetchToken(context);
        throw new Error(`refused ${context.credential.key} with ${token}`);
      },
    });
    const problems = await checkAuthPluginConformance(throwing, options());
    expect(problems.join("\n")).toContain(
      "authorize threw on GET /v1/items: Error: refused [REDACTED] with [REDACTED]",
    );
    expect(problems.join("\n")).not.toMatch(/k3y-one-value|issued-/);
  });
});
