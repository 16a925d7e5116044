import type { AuthRegistry } from "@src/auth";
import type { CommandContext } from "../command-context";
import { MissingInputError } from "../errors/missing-input-error";
import { askChoice, askText } from "./prompts";

/** The `src source add` flags that describe the source (not the credential). */
export interface SourceFieldFlags {
  name?: string;
  slug?: string;
  baseUrl?: string;
  auth?: string;
  headerName?: string;
  queryParam?: string;
  testEndpoint?: string;
  /** `--token-url` (oauth2). */
  tokenUrl?: string;
}

/** The fields, all present. */
export type SourceFields = Required<Omit<SourceFieldFlags, "slug" | "headerName" | "queryParam" | "tokenUrl">> & Pick<SourceFieldFlags, "slug" | "headerName" | "queryParam" | "tokenUrl">;

const required = (value: string): string | undefined => (value.trim() === "" ? "required" : undefined);

function checkUrl(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? undefined : "must start with http:// or https://";
  } catch {
    return 'must be an absolute URL such as "https://api.example.com/v1"';
  }
}

/**
 * Returns the source fields from the flags, asking for the missing ones when
 * `ask` is true (a terminal); otherwise throws a `MissingInputError` naming every
 * missing flag. The schema itself is checked by the store afterwards.
 */
export async function gatherSourceFields(context: CommandContext, registry: AuthRegistry, flags: SourceFieldFlags, ask: boolean): Promise<SourceFields> {
  const missing = (fields: SourceFieldFlags): string[] => [
    ...(fields.name === undefined ? ["--name"] : []),
    ...(fields.baseUrl === undefined ? ["--base-url"] : []),
    ...(fields.auth === undefined ? ["--auth"] : []),
    ...(fields.auth === "header" && fields.headerName === undefined ? ["--header-name"] : []),
    ...(fields.auth === "query" && fields.queryParam === undefined ? ["--query-param"] : []),
    ...(fields.auth === "oauth2" && fields.tokenUrl === undefined ? ["--token-url"] : []),
    ...(fields.testEndpoint === undefined ? ["--test-endpoint"] : []),
  ];
  const missingFlags = missing(flags);
  if (missingFlags.length === 0) return flags as SourceFields;
  if (!ask || !context.interactive) {
    // Without --credential-stdin and without a terminal the secret is missing too: name it at once.
    throw new MissingInputError({ command: "src source add", flags: ask ? [...missingFlags, "--credential-stdin"] : missingFlags });
  }

  const fields = { ...flags };
  fields.name ??= await askText("Name of the source", { example: "GitHub", validate: required });
  fields.baseUrl ??= await askText("Base URL", { example: "https://api.example.com/v1", validate: checkUrl });
  fields.auth ??= await askChoice(
    "Authentication",
    registry.types.map((type) => ({ value: type, label: type, hint: registry.find(type)?.description })),
  );
  if (fields.auth === "header") fields.headerName ??= await askText("Header name that carries the key", { defaultValue: "X-Api-Key", validate: required });
  if (fields.auth === "query") fields.queryParam ??= await askText("Query parameter that carries the key", { defaultValue: "api_key", validate: required });
  if (fields.auth === "oauth2") fields.tokenUrl ??= await askText("OAuth 2.0 token URL", { example: "https://auth.example.com/oauth/token", validate: checkUrl });
  fields.testEndpoint ??= await askText("Test endpoint (a read-only path)", {
    example: "/me or /items?limit=1",
    validate: (value) => (value.trim().startsWith("/") ? undefined : 'must be a path starting with "/", e.g. /me or /items?limit=1'),
  });
  return fields as SourceFields;
}
