import { describe, expect, it } from "vitest";
import { z } from "zod";
import { credentialTextSchema } from "./credential-text-schema";
import { describeAuthFields } from "./describe-auth-fields";
import { pluginSecrets } from "./plugin-secrets";

const configSchema = z
  .object({
    region: z.string().meta({ label: "Region", description: "Where the API runs", example: "eu-west-1" }),
    mode: z.enum(["fast", "safe"]).default("safe").meta({ label: "Mode" }),
    scopes: z.array(z.string()).default([]),
    retries: z.number().int().optional().meta({ label: "Retries" }),
    auth: z.enum(["basic", "none"]).default("basic"),
  })
  .superRefine(() => undefined);

const credentialSchema = z.object({
  accessKeyId: credentialTextSchema.meta({ label: "Access key id", secret: false, example: "AKIDEXAMPLE" }),
  secretAccessKey: credentialTextSchema.meta({ label: "Secret access key" }),
  sessionToken: credentialTextSchema.optional().meta({ label: "Session token" }),
  clientSecret: credentialTextSchema.optional().meta({ label: "Client secret", requiredUnless: { auth: "none" } }),
  accessToken: credentialTextSchema.optional().meta({ managed: true }),
});

describe("describeAuthFields", () => {
  it("reads each field's label, description, secrecy, requiredness, kind, default and example from the schemas' metadata", () => {
    const fields = describeAuthFields({ configSchema, credentialSchema });
    expect(fields.config).toEqual([
      {
        name: "region",
        label: "Region",
        description: "Where the API runs",
        secret: false,
        required: true,
        kind: "text",
        example: "eu-west-1",
      },
      {
        name: "mode",
        label: "Mode",
        description: "",
        secret: false,
        required: false,
        kind: "choice",
        choices: ["fast", "safe"],
        default: "safe",
      },
      { name: "scopes", label: "Scopes", description: "", secret: false, required: false, kind: "list", default: [] },
      { name: "retries", label: "Retries", description: "", secret: false, required: false, kind: "number" },
      {
        name: "auth",
        label: "Auth",
        description: "",
        secret: false,
        required: false,
        kind: "choice",
        choices: ["basic", "none"],
        default: "basic",
      },
    ]);
    // Credential fields are secret unless declared otherwise; a managed one (a token the plugin stores) is never asked.
    expect(fields.credential.map(({ name, secret, required }) => [name, secret, required])).toEqual([
      ["accessKeyId", false, true],
      ["secretAccessKey", true, true],
      ["sessionToken", true, false],
      ["clientSecret", true, false],
    ]);
  });

  it("makes a field required unless the config has the values requiredUnless names", () => {
    const required = (auth: string) =>
      describeAuthFields({ configSchema, credentialSchema }, { auth }).credential.find(
        (field) => field.name === "clientSecret",
      )?.required;
    expect([required("basic"), required("none")]).toEqual([true, false]);
    const notNeeded = (auth: string) =>
      describeAuthFields({ configSchema, credentialSchema }, { auth }).credential.find(
        (field) => field.name === "clientSecret",
      )?.notNeeded;
    expect([notNeeded("basic"), notNeeded("none")]).toEqual([undefined, true]);
  });

  it("declares one field per entry of the api list a record credential is keyed by", () => {
    const plugin = {
      configSchema: z.object({ headerNames: z.array(z.string()).meta({ label: "Header names" }) }),
      credentialSchema: z
        .record(z.string(), credentialTextSchema)
        .meta({ keysFrom: "headerNames", label: "Value of {key}" }),
    };
    const fields = describeAuthFields(plugin, { headerNames: ["DD-API-KEY", "DD-APPLICATION-KEY"] });
    expect(fields.credential.map(({ name, label, secret, required }) => ({ name, label, secret, required }))).toEqual([
      { name: "DD-API-KEY", label: "Value of DD-API-KEY", secret: true, required: true },
      { name: "DD-APPLICATION-KEY", label: "Value of DD-APPLICATION-KEY", secret: true, required: true },
    ]);
    expect(fields.credentialKeysFrom).toMatchObject({
      field: "headerNames",
      each: { label: "Value of {key}", secret: true },
    });
    expect(describeAuthFields(plugin).credential).toEqual([]);
  });
});

describe("pluginSecrets", () => {
  it("redacts every string of the credential except fields declared secret: false, whatever secretValues forgets", () => {
    const plugin = { configSchema, credentialSchema, secretValues: () => [] };
    const credential = {
      accessKeyId: "AKID-public",
      secretAccessKey: "s3cret",
      accessToken: "t0ken",
      sessionToken: "",
    };
    expect(pluginSecrets(plugin as never, credential).sort()).toEqual(["s3cret", "t0ken"]);
  });
});
