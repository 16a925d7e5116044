import type { Command } from "commander";
import { defineAction } from "../define-action";
import { agentTokenStoreOf } from "../input/agent-token-store-of";
import { writeList } from "../output/write-list";

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
                    .map((slug) => (!token.readOnly && token.readOnlySources.includes(slug) ? `${slug}(read)` : slug))
                    .join(","),
              [
                token.readOnly ? "read-only" : "read-write",
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
