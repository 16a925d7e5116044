import type { AnyAuthPluginV2 } from "@src/auth";
import { createAwsSigV4Auth } from "@src/auth-aws-sigv4";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createDigestAuth } from "@src/auth-digest";
import { createHeaderAuth } from "@src/auth-header";
import { createMultiHeaderAuth } from "@src/auth-multi-header";
import { createOAuth2Auth } from "@src/auth-oauth2";
import { createQueryAuth } from "@src/auth-query";

/**
 * The types of the built-in auth modes, in registry order: bearer, header,
 * query and basic of the original spec, OAuth 2.0, HTTP Digest, AWS Signature V4 and several keyed headers.
 * This list (with `defaultAuthPlugins`) is the one place that names them: the
 * apps build every input from each plugin's declaration.
 */
export const defaultAuthTypes = [
  "bearer",
  "header",
  "query",
  "basic",
  "oauth2",
  "digest",
  "aws-sigv4",
  "multi-header",
] as const;

/** The built-in auth modes (see `defaultAuthTypes`), new instances on each call. */
export function defaultAuthPlugins(): AnyAuthPluginV2[] {
  return [
    createBearerAuth(),
    createHeaderAuth(),
    createQueryAuth(),
    createBasicAuth(),
    createOAuth2Auth(),
    createDigestAuth(),
    createAwsSigV4Auth(),
    createMultiHeaderAuth(),
  ];
}
