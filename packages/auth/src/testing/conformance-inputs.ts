import type { AnyAuthPluginV2 } from "../auth-plugin-v2";
import type { AuthPluginConformanceOptions, ConformanceProblems } from "./conformance-options";

/** The options after parsing with the plugin's own schemas. */
export interface ParsedConformanceInputs {
  readonly config: Record<string, unknown>;
  readonly credential: Record<string, unknown>;
  readonly otherCredential: Record<string, unknown> | undefined;
}

type ParseOutcome =
  { inputs: ParsedConformanceInputs; problems?: undefined } | { inputs?: undefined; problems: ConformanceProblems };

function issuesText(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`).join("; ");
}

/** Parses `config`, `credential` and `otherCredential` with the plugin's schemas; problems name fields, never values. */
export function parseConformanceInputs(plugin: AnyAuthPluginV2, options: AuthPluginConformanceOptions): ParseOutcome {
  const problems: ConformanceProblems = [];
  const config = plugin.configSchema.safeParse(options.config);
  if (!config.success)
    problems.push(
      `the given config does not parse with configSchema (${issuesText(config.error.issues)}); pass a valid config`,
    );
  const credential = plugin.credentialSchema.safeParse(options.credential);
  if (!credential.success) {
    problems.push(
      `the given credential does not parse with credentialSchema (${issuesText(credential.error.issues)}); pass a valid credential`,
    );
  }
  let otherCredential: Record<string, unknown> | undefined;
  if (options.otherCredential !== undefined) {
    const other = plugin.credentialSchema.safeParse(options.otherCredential);
    if (other.success) otherCredential = other.data as Record<string, unknown>;
    else
      problems.push(
        `the given otherCredential does not parse with credentialSchema (${issuesText(other.error.issues)})`,
      );
  }
  if (!config.success || !credential.success || problems.length > 0) return { problems };
  return {
    inputs: {
      config: config.data as Record<string, unknown>,
      credential: credential.data as Record<string, unknown>,
      otherCredential,
    },
  };
}

/** The string values of a credential, by field name. */
export function stringFields(credential: Record<string, unknown>): [string, string][] {
  return Object.entries(credential).filter((entry): entry is [string, string] => typeof entry[1] === "string");
}
