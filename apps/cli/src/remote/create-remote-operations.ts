import { SrcClientError, type SrcClient } from "@src/client";
import type { ToolResult } from "@src/http-tool";
import type { SourceOperationResult, ToolSummary } from "@src/service";
import { UsageError } from "../errors/usage-error";
import type { SourceOperations } from "./source-operations";

// The server answers with these very objects of the service, serialised as JSON; the client's types are
// generated from the schemas the server documents them with, which are looser in places (a validation
// `reason` is a string there, an enum here). The casts say "the service's shape", which the local/remote
// comparison test (test/remote-mode.test.ts) checks on real answers.

/** The commands' operations over a running server, through `@src/client` (same answers as the local service). */
export function createRemoteOperations(client: SrcClient): SourceOperations {
  return {
    async listSources() {
      return (await client.sources.list()).sources;
    },
    getSource: (slug) => client.sources.get(slug),
    async addSource({ input, credential, test, openapiDocument }) {
      if (test === false) {
        throw new UsageError({
          message:
            "--no-test works on a local home only: the server tests every source it adds; leave out --no-test, or run without --server (SRC_SERVER)",
        });
      }
      return (await client.sources.create({
        config: input as Record<string, unknown>,
        ...(credential === undefined ? {} : { credential: credential as Record<string, unknown> }),
        ...(openapiDocument === undefined ? {} : { openapiDocument }),
      })) as SourceOperationResult;
    },
    async reloadSource(slug) {
      return (await client.sources.reload(slug)) as SourceOperationResult;
    },
    async setEnabled(slug, enabled) {
      return (await client.sources.update(slug, { enabled })).source;
    },
    async removeSource(slug) {
      await client.sources.remove(slug);
    },
    async setCredential(slug, credential) {
      return (await client.sources.setCredential(slug, credential as Record<string, unknown>)) as SourceOperationResult;
    },
    async deleteCredential(slug) {
      return (await client.sources.deleteCredential(slug)).deleted;
    },
    async listConnections(filter = {}) {
      return (
        await client.connections.list({
          ...(filter.slug === undefined ? {} : { source: filter.slug }),
          ...(filter.principal === undefined ? {} : { principal: filter.principal }),
        })
      ).connections;
    },
    async setConnection(slug, principal, credential) {
      await client.connections.set(slug, principal, credential as Record<string, unknown>);
      return { source: (await client.sources.get(slug)).source, validation: null };
    },
    async deleteConnection(slug, principal) {
      return (await client.connections.remove(slug, principal)).deleted;
    },
    async listTools() {
      // Verbose, so every tool carries its description and input schema, as the local service's list does.
      return (await client.tools.list({ verbose: true })).tools as ToolSummary[];
    },
    async callTool(name, input, options) {
      try {
        return (await client.tools.call(
          name,
          input as Parameters<SrcClient["tools"]["call"]>[1],
          options?.signal === undefined ? {} : { signal: options.signal },
        )) as ToolResult;
      } catch (error) {
        // A call the policy refused is a tool result, as the local service answers it (error.rule, retryAfterSeconds).
        if (SrcClientError.isInstance(error) && error.toolResult !== undefined) return error.toolResult as ToolResult;
        throw error;
      }
    },
  };
}
