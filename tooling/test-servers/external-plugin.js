import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// A team's own auth mode, written from @src/auth's README alone (its key-pair example, as built JavaScript), in a
// folder outside the repository: two secret credential fields and one plain api field. Its node_modules links the
// two packages the README says to install (@src/auth, built, and zod).

/** The plugin module, as a team would ship it after building the README's example. */
const pluginSource = `import { credentialTextSchema, headerCredentialTextSchema } from "@src/auth";
import { z } from "zod";

export const keyPairConfigSchema = z.object({
  account: z
    .string({ error: (issue) => (issue.input === undefined ? 'required when api.authType is "key-pair"' : "must be a string") })
    .pipe(headerCredentialTextSchema)
    .meta({ label: "Account", description: "The account the keys belong to; sent as X-Account.", example: "acme" }),
});

export const keyPairCredentialSchema = z.object({
  apiKey: headerCredentialTextSchema.meta({ label: "API key", description: "Sent as X-Api-Key." }),
  apiSecret: credentialTextSchema.meta({ label: "API secret", description: "Sent as X-Api-Secret." }),
});

export function createKeyPairAuth() {
  return {
    specificationVersion: "v2",
    type: "key-pair",
    description: "Sends the account, the API key and the API secret in X-Account, X-Api-Key and X-Api-Secret.",
    configSchema: keyPairConfigSchema,
    credentialSchema: keyPairCredentialSchema,
    placement: () => ({ headers: ["x-account", "x-api-key", "x-api-secret"], query: [] }),
    authorize(request, { config, credential }) {
      request.headers.set("x-account", config.account);
      request.headers.set("x-api-key", credential.apiKey);
      request.headers.set("x-api-secret", credential.apiSecret);
      return Promise.resolve();
    },
    secretValues: (credential) => [credential.apiKey, credential.apiSecret],
    describePlacement: () => 'headers "X-Account", "X-Api-Key" and "X-Api-Secret"',
  };
}
`;

/** The folder of an installed package, from this package's dependencies. */
async function packageDirectory(name) {
  const require = createRequire(import.meta.url);
  let directory = dirname(require.resolve(`${name}/package.json`));
  directory = await realpath(directory);
  return directory;
}

/** @type {import("./index.d.ts").writeExternalPlugin} */
export async function writeExternalPlugin() {
  const directory = await mkdtemp(join(tmpdir(), "src-team-plugin-"));
  await mkdir(join(directory, "node_modules", "@src"), { recursive: true });
  const authDirectory = fileURLToPath(new URL("../../packages/auth", import.meta.url));
  await symlink(authDirectory, join(directory, "node_modules", "@src", "auth"), "dir");
  await symlink(await packageDirectory("zod"), join(directory, "node_modules", "zod"), "dir");
  await writeFile(
    join(directory, "package.json"),
    JSON.stringify(
      { name: "team-key-pair-auth", private: true, type: "module", exports: "./key-pair-auth.js" },
      null,
      2,
    ),
  );
  const file = join(directory, "key-pair-auth.js");
  await writeFile(file, pluginSource);
  return { directory, file, cleanup: () => rm(directory, { recursive: true, force: true }) };
}
