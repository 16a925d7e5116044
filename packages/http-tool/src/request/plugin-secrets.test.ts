import type { AnyAuthPluginV2 as AnyAuthPlugin } from "@src/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { makeSource } from "../../test/source-fixture";
import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { buildRequest } from "./build-request";
import { callSource } from "../tool/call-source";
import { pluginSecrets } from "@src/auth";

// Audit 2, finding 3: a plugin whose secretValues forgot a secret field let an echoing API hand that secret to the
// agent. The builder now also redacts every credential field the plugin marks `secret: true`.
const signingSecret = "hmac_SIGNING_secret_0123456789";
let upstream: Upstream;

/** An HMAC-like plugin that sends the secret itself (badly) and names only `derived` values as secret. */
function forgetfulPlugin(secretValues: (credential: { keyId: string; secret: string }) => string[]): AnyAuthPlugin {
  return {
    specificationVersion: "v2",
    type: "hmac",
    description: "signs",
    configSchema: z.object({}).loose(),
    credentialSchema: z.object({
      keyId: z.string().meta({ label: "Key id", secret: false }),
      secret: z.string().meta({ label: "Signing secret" }),
    }),
    placement: () => ({ headers: ["x-key-id", "x-signature"], query: [] }),
    authorize(request, { credential }: { credential: { keyId: string; secret: string } }) {
      request.headers.set("x-key-id", credential.keyId);
      request.headers.set("x-signature", `${credential.secret}.sig`);
      return Promise.resolve();
    },
    secretValues,
    describePlacement: () => 'headers "x-key-id" and "x-signature"',
  };
}

beforeAll(async () => {
  upstream = await startUpstream((request, response) =>
    sendJson(response, 200, { keyId: request.headers["x-key-id"], received: request.headers["x-signature"] }),
  );
});
afterAll(() => upstream.close());

describe("secrets of a plugin's credential", () => {
  it("an echoing API cannot hand back a secret field the plugin's secretValues forgot", async () => {
    const plugin = forgetfulPlugin(() => []);
    const result = await callSource({
      source: makeSource(`${upstream.origin}/v1`, { authType: "hmac" }),
      call: { method: "GET", path: "/echo" },
      plugin,
      credential: { keyId: "key-7", secret: signingSecret },
    });
    expect(result).toMatchObject({
      ok: true,
      body: { kind: "json", value: { keyId: "key-7", received: "[REDACTED].sig" } },
    });
    expect(JSON.stringify(result)).not.toContain(signingSecret);
    expect(upstream.requests.at(-1)?.headers["x-signature"]).toBe(`${signingSecret}.sig`);
  });

  const rows: {
    why: string;
    secretValues: (credential: { keyId: string; secret: string }) => string[];
    credential: { keyId: string; secret: string };
    expected: string[];
  }[] = [
    {
      why: "a forgotten secret field is added",
      secretValues: () => [],
      credential: { keyId: "k", secret: "s3" },
      expected: ["s3"],
    },
    {
      why: "the plugin's own values are kept (union), once each",
      secretValues: (c) => [`${c.secret}.sig`, c.secret],
      credential: { keyId: "k", secret: "s3" },
      expected: ["s3.sig", "s3"],
    },
    {
      why: "a field not marked secret is not redacted",
      secretValues: () => [],
      credential: { keyId: "visible", secret: "s3" },
      expected: ["s3"],
    },
    {
      why: "an empty secret is never a redaction target",
      secretValues: () => [""],
      credential: { keyId: "k", secret: "" },
      expected: [],
    },
  ];
  it.each(rows)("$why", async ({ secretValues, credential, expected }) => {
    const plugin = forgetfulPlugin(secretValues);
    expect(pluginSecrets(plugin, credential)).toEqual(expected);
    const request = await buildRequest({
      source: makeSource(`${upstream.origin}/v1`, { authType: "hmac" }),
      call: { method: "GET", path: "/x" },
      credential,
      plugin,
    });
    expect(request.secrets).toEqual(expected);
  });

  it("a secret field whose value is not a string is skipped, not stringified", async () => {
    const plugin = { ...forgetfulPlugin(() => []), credentialFields: [{ name: "pin", label: "PIN", secret: true }] };
    expect(pluginSecrets(plugin, { pin: 1234 })).toEqual([]);
  });
});
