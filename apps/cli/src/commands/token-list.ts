import type { Command } from "commander";
import { defineAction } from "../define-action";
import { agentTokenStoreOf } from "../input/agent-token-store-of";
import { writeList } from "../output/write-list";

/**
 * Whether a token may only read wherever it may call: read-only itself, or a grant whose every source was consented
 * to read-only (`readOnlySources`), which the server enforces the same way.
 */
function readsOnly(token: { readOnly: boolean; sources: string[] | null; readOnlySources: string[] }): boolean {
  return (
    token.readOnly ||
    (token.sources !== null &&
      token.sources.length > 0 &&
      token.sources.every((slug) => token.readOnlySources.includes(slug)))
  );
}

/** `src token list`: names and prefixes, never a value (locally, or on the server named by --server / SRC_SERVER). */
export function registerTokenList(token: Command): void {
  token
    .command("list")
    .description(
      "list the agent tokens (and hosted agents' OAuth grants, with their client) by name and prefix, with their last use; never their values",
    )
    .action(
      defineAction(
        async (context) => {
          const tokens =
            context.remote !== undefined
              ? (await (await context.remoteClient()).tokens.list()).tokens
              : await (await agentTokenStoreOf(context)).list();
          writeList(context.json, {
            key: "tokens",
            items: tokens,
            empty:
              "No agent tokens. Create one with `src token create` and a name for its agent, e.g. `src token create my-agent`.",
            header: ["NAME", "PREFIX", "SOURCES", "ACCESS", "EXPIRES", "CLIENT", "LAST USED"],
            row: (token) => [
              token.name,
              token.client === null ? `${token.prefix}…` : "(OAuth)",
              token.sources === null
                ? "(every source)"
                : token.sources
                    .map((slug) => (!readsOnly(token) && token.readOnlySources.includes(slug) ? `${slug}(read)` : slug))
                    .join(","),
              [
                readsOnly(token) ? "read-only" : "read-write",
                ...(token.rateLimit === null ? [] : [`${token.rateLimit.calls}/${token.rateLimit.perSeconds}s`]),
              ].join(" "),
              token.expiresAt === null ? "never" : `${token.expiresAt}${token.expired ? " (expired)" : ""}`,
              token.client === null ? "-" : token.client.name,
              token.lastUsedAt ?? "never",
            ],
          });
        },
        { remote: true },
      ),
    );
}
