import type { AuthPluginV2, AuthorizeRequest } from "@src/auth";
import { credentialTextSchema, headerCredentialTextSchema, requiredApiStringSchema } from "@src/auth";
import { SignatureV4 } from "@smithy/signature-v4";
import { z } from "zod";
import { NodeSha256 } from "./node-sha256";

/** A required `api` field that holds an AWS name (a region, a service's signing name): lower-case letters, digits and "-". */
function awsNameSchema(example: string, what: string) {
  return requiredApiStringSchema("aws-sigv4", example).regex(/^[a-z0-9-]+$/, {
    error: `must be ${what} (lower-case letters, digits and "-")`,
  });
}

/** `api.region` and `api.service`: what the signature is scoped to. */
export const awsSigV4ConfigSchema = z.object({
  region: awsNameSchema("eu-west-1", 'an AWS region name such as "eu-west-1"').meta({
    label: "Region",
    description: 'The AWS region the API is in (authType "aws-sigv4"), e.g. eu-west-1.',
    example: "eu-west-1",
  }),
  service: awsNameSchema("s3", 'an AWS service signing name such as "s3" or "execute-api"').meta({
    label: "Service",
    description: 'The service\'s signing name (authType "aws-sigv4"): s3, execute-api, es, …',
    example: "s3",
  }),
});
export type AwsSigV4Config = z.infer<typeof awsSigV4ConfigSchema>;

/** The AWS access key pair, and a session token for temporary credentials. */
export const awsSigV4CredentialSchema = z.object({
  accessKeyId: headerCredentialTextSchema.meta({
    label: "Access key id",
    secret: false,
    description: "The access key id (sent in the clear in every signature).",
    example: "AKIAIOSFODNN7EXAMPLE",
  }),
  secretAccessKey: credentialTextSchema.meta({
    label: "Secret access key",
    description: "The secret access key; it signs and is never sent.",
  }),
  sessionToken: headerCredentialTextSchema.optional().meta({
    label: "Session token",
    description: "For temporary credentials (STS): sent as X-Amz-Security-Token. Leave it out for long-term keys.",
  }),
});
export type AwsSigV4Credential = z.infer<typeof awsSigV4CredentialSchema>;

/** The `aws-sigv4` plugin. */
export type AwsSigV4AuthPlugin = AuthPluginV2<AwsSigV4Config, AwsSigV4Credential>;

/** The headers a signature sets; removed before signing again (a retry, a redirect hop). */
const signatureHeaders = ["authorization", "x-amz-date", "x-amz-content-sha256", "x-amz-security-token"] as const;

/** The request's headers that the signature covers: the host, the body's type, and x-amz-* (never Accept or User-Agent, which a transport may change). */
function headersToSign(request: AuthorizeRequest): Record<string, string> {
  const headers: Record<string, string> = { host: request.url.host };
  for (const [name, value] of request.headers) {
    if (
      name === "content-type" ||
      name === "content-md5" ||
      (name.startsWith("x-amz-") && !(signatureHeaders as readonly string[]).includes(name))
    )
      headers[name] = value;
  }
  return headers;
}

/** The query as the signer takes it: decoded names and values, repeated names as lists. */
function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/**
 * The path as S3 signs it: each segment decoded, then every byte but `A-Z a-z 0-9 - _ . ~` percent-encoded (AWS's
 * `UriEncode`), the slashes kept. The URL parser leaves sub-delimiters (`'()*!+,;=$&@:`) raw, and S3 encodes them
 * before it checks the signature: signed as sent, a key such as `it's (1).txt` got 403 SignatureDoesNotMatch. A raw
 * `+` is a space to S3 (send `%2B` for a plus), so it is signed as one.
 */
function s3CanonicalPath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment.replaceAll("+", "%20"));
      } catch {
        return segment; // not valid percent-encoding: S3 reads it as it is
      }
      return encodeURIComponent(decoded).replace(
        /[!'()*]/g,
        (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
      );
    })
    .join("/");
}

/**
 * Creates the `aws-sigv4` auth plugin: AWS Signature Version 4 on every attempt
 * and redirect hop, computed by AWS's own signer (`@smithy/signature-v4`) with
 * the context's clock. The signature covers the method, path, query, host,
 * content type and the exact body bytes (a `_rawBody` too, through
 * `X-Amz-Content-Sha256`). S3 gets its single-encoded path.
 */
export function createAwsSigV4Auth(): AwsSigV4AuthPlugin {
  return {
    specificationVersion: "v2",
    type: "aws-sigv4",
    description:
      "Signs every request with AWS Signature Version 4 (api.region, api.service): Authorization: AWS4-HMAC-SHA256 …, X-Amz-Date and X-Amz-Content-Sha256.",
    configSchema: awsSigV4ConfigSchema,
    credentialSchema: awsSigV4CredentialSchema,
    placement: () => ({
      headers: ["authorization", "x-amz-date", "x-amz-content-sha256"],
      optionalHeaders: ["x-amz-security-token"],
      query: [],
    }),
    async authorize(request, context) {
      const { config, credential } = context;
      for (const name of signatureHeaders) request.headers.delete(name);
      const signer = new SignatureV4({
        credentials: {
          accessKeyId: credential.accessKeyId,
          secretAccessKey: credential.secretAccessKey,
          ...(credential.sessionToken === undefined ? {} : { sessionToken: credential.sessionToken }),
        },
        region: config.region,
        service: config.service,
        sha256: NodeSha256,
        // S3 signs the path as sent; every other service signs it encoded once more (AWS's rule since 2017).
        uriEscapePath: config.service !== "s3",
        applyChecksum: true,
      });
      const { url } = request;
      const signed = await signer.sign(
        {
          method: request.method,
          protocol: url.protocol,
          hostname: url.hostname,
          ...(url.port === "" ? {} : { port: Number(url.port) }),
          path: config.service === "s3" ? s3CanonicalPath(url.pathname) : url.pathname,
          query: queryOf(url),
          headers: headersToSign(request),
          body: request.body,
        },
        { signingDate: context.now() },
      );
      for (const name of signatureHeaders) {
        const value = signed.headers[name];
        if (value !== undefined) request.headers.set(name, value);
      }
      // A signature stays valid for minutes: an agent that saw it could replay the request.
      const signature = /Signature=([0-9a-f]+)/.exec(signed.headers.authorization ?? "")?.[1];
      if (signature !== undefined) context.registerSecret(signature);
    },
    secretValues: (credential) => [
      credential.secretAccessKey,
      ...(credential.sessionToken === undefined ? [] : [credential.sessionToken]),
    ],
    describePlacement: (config) =>
      `Authorization header (AWS Signature Version 4, ${config.service} in ${config.region})`,
  } satisfies AwsSigV4AuthPlugin;
}
