import type { AuthRegistry } from "@src/auth";
import { SourceValidationError } from "../src/errors/source-validation-error";
import { parseSourceFile } from "../src/parse-source";

/** A minimal valid operator record, for tests that change one part of it. */
export const validGithubSource = {
  type: "api",
  name: "GitHub",
  slug: "github",
  enabled: true,
  api: { baseUrl: "https://api.github.com", authType: "bearer", testEndpoint: "/user" },
};

/** The issues of the `SourceValidationError` `parse` throws, each as `path: message`; none when it throws nothing. */
export function validationIssuesOf(parse: () => unknown): string[] {
  try {
    parse();
  } catch (error) {
    if (!SourceValidationError.isInstance(error)) throw error;
    return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
  }
  return [];
}

/** The issues `parseSourceFile` finds in `value`, each as `path: message`; none when it is valid. */
export const sourceIssuesOf = (value: unknown, registry: AuthRegistry): string[] =>
  validationIssuesOf(() => parseSourceFile(value, { registry }));
