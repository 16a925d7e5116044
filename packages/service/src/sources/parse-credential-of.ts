import { InvalidCredentialError, type AuthRegistry } from "@src/auth";
import { unknownFieldIssues } from "@src/config";
import { z } from "zod";

/**
 * `registry.parseCredential`, and when it refuses the credential, each key that is not a field of the mode's
 * credential besides, with the field probably meant (`tokn: is not a known field; did you mean "token"?`), as a
 * source's unknown fields are named. A credential that parses is taken as before.
 */
export function parseCredentialOf(registry: AuthRegistry, type: string, credential: unknown): Record<string, unknown> {
  try {
    return registry.parseCredential(type, credential);
  } catch (error) {
    if (!InvalidCredentialError.isInstance(error) || !isObject(credential)) throw error;
    const schema: unknown = registry.find(type)?.credentialSchema;
    if (!(schema instanceof z.ZodObject)) throw error;
    const unknown = unknownFieldIssues(credential, Object.keys(schema.shape));
    if (unknown.length === 0) throw error;
    throw new InvalidCredentialError({
      authType: error.authType,
      issues: [
        ...error.issues,
        ...unknown.map(({ path, message }) => ({ code: "custom" as const, path: [path], message, input: undefined })),
      ],
      cause: error,
    });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
