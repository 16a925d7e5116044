import { authorizationHeader, oneSecretAuthPlugin } from "@src/auth";
import type { AuthPluginV2 } from "@src/auth";
import { z } from "zod";
import type { BasicCredential } from "./basic-credential-schema";
import { basicCredentialSchema, encodeBasicToken } from "./basic-credential-schema";

/** Basic auth needs no extra `api` fields. */
export const basicConfigSchema = z.object({});
export type BasicAuthConfig = z.infer<typeof basicConfigSchema>;

/** The `basic` plugin: `Authorization: Basic base64(username:password)`. */
export type BasicAuthPlugin = AuthPluginV2<BasicAuthConfig, BasicCredential>;

/** Creates the `basic` auth plugin (spec section 5): HTTP Basic from a username and password. */
export function createBasicAuth(): BasicAuthPlugin {
  return oneSecretAuthPlugin({
    type: "basic",
    description:
      "Sends the username and password with HTTP Basic authentication: Authorization: Basic base64(username:password).",
    configSchema: basicConfigSchema,
    credentialSchema: basicCredentialSchema,
    secret: encodeBasicToken,
    sendTo: authorizationHeader("Basic"),
    secretValues(credential) {
      const token = encodeBasicToken(credential);
      // With an empty password the username is the key (APIs such as Stripe's take the key as the username).
      const keyAsUsername = credential.password === "" ? [credential.username] : [];
      return [credential.password, ...keyAsUsername, `Basic ${token}`, token].filter((value) => value !== "");
    },
  });
}
