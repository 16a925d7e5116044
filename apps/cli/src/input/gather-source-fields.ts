import type { AuthRegistry } from "@src/auth";
import type { CommandContext } from "../command-context";
import { askChoice, askText } from "./prompts";
import type { MissingFlags } from "./read-auth-fields";

/** The `src source add` flags that describe the source (not its auth mode's fields, not the credential). */
export interface SourceFieldFlags {
  name?: string;
  slug?: string;
  baseUrl?: string;
  auth?: string;
  testEndpoint?: string;
}

/** The fields, all present. */
export type SourceFields = Required<Omit<SourceFieldFlags, "slug">> & Pick<SourceFieldFlags, "slug">;

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
 * `ask` is true (a terminal); otherwise every missing flag is pushed to
 * `missing` (the caller names them all in one error). The schema itself is
 * checked by the store afterwards.
 */
export async function gatherSourceFields(
  context: CommandContext,
  registry: AuthRegistry,
  flags: SourceFieldFlags,
  { ask, missing }: { ask: boolean; missing: MissingFlags },
): Promise<SourceFields> {
  const fields = { ...flags };
  if (!ask || !context.interactive) {
    for (const [key, flag] of [
      ["name", "--name"],
      ["baseUrl", "--base-url"],
      ["auth", "--auth"],
      ["testEndpoint", "--test-endpoint"],
    ] as const)
      if (fields[key] === undefined) missing.push(flag);
    return fields as SourceFields;
  }
  fields.name ??= await askText("Name of the source", { example: "GitHub", validate: required });
  fields.baseUrl ??= await askText("Base URL", { example: "https://api.example.com/v1", validate: checkUrl });
  fields.auth ??= await askChoice(
    "Authentication",
    registry.types.map((type) => ({ value: type, label: type, hint: registry.find(type)?.description })),
  );
  fields.testEndpoint ??= await askText("Test endpoint (a read-only path)", {
    example: "/me or /items?limit=1",
    validate: (value) =>
      value.trim().startsWith("/") ? undefined : 'must be a path starting with "/", e.g. /me or /items?limit=1',
  });
  return fields as SourceFields;
}
