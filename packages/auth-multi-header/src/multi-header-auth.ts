import type { AuthPluginV2 } from "@src/auth";
import { AuthorizeError, headerCredentialTextSchema } from "@src/auth";
import { z } from "zod";
import { headerNamesSchema } from "./header-names-schema";

/** `api.headerNames`: the headers that carry the secrets. */
export const multiHeaderConfigSchema = z.object({ headerNames: headerNamesSchema });
export type MultiHeaderAuthConfig = z.infer<typeof multiHeaderConfigSchema>;

/**
 * One secret per header name: `{ "DD-API-KEY": "…", "DD-APPLICATION-KEY": "…" }`;
 * each printable ASCII, not empty, no CR/LF/NUL, no space at either end.
 */
export const multiHeaderCredentialSchema = z
  .record(z.string().min(1, { error: "a header name must not be empty" }), headerCredentialTextSchema)
  .superRefine((credential, context) => {
    // HTTP header names ignore case: two values for one header would leave which is sent to the order of the keys.
    const seen = new Map<string, string>();
    for (const name of Object.keys(credential)) {
      const first = seen.get(name.toLowerCase());
      if (first === undefined) seen.set(name.toLowerCase(), name);
      else
        context.addIssue({
          code: "custom",
          path: [name],
          message: `"${first}" and "${name}" are one header (names ignore case): give it one value, under the name api.headerNames uses`,
        });
    }
  })
  .meta({
    keysFrom: "headerNames",
    label: "Value of {key}",
    description: "The secret the API expects in that header.",
  });
export type MultiHeaderCredential = z.infer<typeof multiHeaderCredentialSchema>;

/** The `multi-header` plugin: `<name>: <secret>` for every name in `api.headerNames`. */
export type MultiHeaderAuthPlugin = AuthPluginV2<MultiHeaderAuthConfig, MultiHeaderCredential>;

/** The stored value for `name`: its own key, else a key that differs only in case. */
function valueFor(credential: MultiHeaderCredential, name: string): string | undefined {
  if (Object.hasOwn(credential, name)) return credential[name];
  const lower = name.toLowerCase();
  const key = Object.keys(credential).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : credential[key];
}

/**
 * Creates the `multi-header` auth plugin: several headers, each carrying its own
 * secret (Datadog's `DD-API-KEY` and `DD-APPLICATION-KEY`, Algolia's
 * `X-Algolia-Application-Id` and `X-Algolia-API-Key`). Every value is redacted,
 * every header declared in `placement`.
 */
export function createMultiHeaderAuth(): MultiHeaderAuthPlugin {
  return {
    specificationVersion: "v2",
    type: "multi-header",
    description: "Sends one secret in each header named by api.headerNames: <name>: <secret> for every name.",
    configSchema: multiHeaderConfigSchema,
    credentialSchema: multiHeaderCredentialSchema,
    placement: (config) => ({ headers: config.headerNames.map((name) => name.toLowerCase()), query: [] }),
    authorize(request, { config, credential, slug }) {
      const missing = config.headerNames.filter((name) => valueFor(credential, name) === undefined);
      if (missing.length > 0) {
        // Sending some headers without the others would only earn a 401 that hides which value is missing.
        return Promise.reject(
          new AuthorizeError({
            outcome: "needs_auth",
            message: `no value is stored for header${missing.length === 1 ? "" : "s"} ${missing.map((name) => `"${name}"`).join(", ")} of source "${slug}"`,
            hint: `store the credential again with one value per name in api.headerNames: src credential set ${slug}`,
          }),
        );
      }
      for (const name of config.headerNames) request.headers.set(name, valueFor(credential, name)!);
      return Promise.resolve();
    },
    secretValues: (credential) => Object.values(credential).filter((value) => value !== ""),
    describePlacement: (config) => `headers ${config.headerNames.map((name) => `"${name}"`).join(", ")}`,
  } satisfies MultiHeaderAuthPlugin;
}
