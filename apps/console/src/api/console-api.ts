import { createSrcClient, SrcClientError, type SrcClient } from "@src/client";
import type { ActivityEntry, ConfigSchemaAnswer } from "./console-types";

/** What the pages use: the typed `@src/client` of this server, plus the console's two read routes. */
export interface ConsoleApi {
  client: SrcClient;
  /** `GET /v1/activity`: the last agent calls, newest first. */
  activity(source?: string): Promise<ActivityEntry[]>;
  /** `GET /v1/config-schema`: the JSON Schema of config.json and each auth mode's fields. */
  configSchema(): Promise<ConfigSchemaAnswer>;
}

/** A client of the server that served the page, with the admin token set once. */
export function createConsoleApi(token: string): ConsoleApi {
  const client = createSrcClient({ baseUrl: window.location.origin, token });
  let schema: Promise<ConfigSchemaAnswer> | undefined;
  return {
    client,
    activity: async (source) => (await client.server.activity(source === undefined ? {} : { source })).calls,
    configSchema: () => {
      // JSON Schema is open-ended; the form reads the parts `JsonSchemaNode` names.
      schema ??= client.sources.configSchema() as Promise<ConfigSchemaAnswer>;
      schema.catch(() => (schema = undefined));
      return schema;
    },
  };
}

/** The server's message of a failure, and its field problems by path. */
export function problemOf(error: unknown): { code: string; message: string; fieldErrors: Map<string, string> } {
  if (SrcClientError.isInstance(error)) {
    return {
      code: error.code,
      message: error.message,
      fieldErrors: new Map(error.details.map((detail) => [detail.path, detail.message])),
    };
  }
  return {
    code: "CONSOLE_ERROR",
    message: error instanceof Error ? error.message : String(error),
    fieldErrors: new Map(),
  };
}

/** True for a 401: the token is wrong, revoked, or the server's token changed. */
export function isUnauthorized(error: unknown): boolean {
  return SrcClientError.isInstance(error) && error.status === 401;
}
