import type { Command } from "commander";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { UsageError } from "../errors/usage-error";
import { escapeTerminalControls } from "../output/escape-terminal-controls";
import { formatPolicy } from "../output/format-policy";
import { writeJson, writeLine } from "../output/write-output";

interface PolicyFlags {
  check?: string;
  token?: string;
}

/**
 * `src policy SLUG [--check "METHOD PATH"] [--token NAME]`: the effective policy of a source (narrowed by an agent
 * token), and what it would do with one call. Exit 1 when the checked call would be refused.
 */
export function registerPolicy(program: Command): void {
  program
    .command("policy")
    .description(
      "show what agents may do with a source (its api.policy, narrowed by an agent token), or check one call against it",
    )
    .argument("<slug>", "the source")
    .option(
      "--check <call>",
      'a call to check, "METHOD PATH" (e.g. "DELETE /repos/a/b"): prints allowed or refused and by which rule; exit 1 when refused; nothing is sent',
    )
    .option("--token <name>", "the agent token whose narrowing applies (src token list)")
    .action(
      defineAction<PolicyFlags>(async (context, flags, [slug]) => {
        const service = await context.service();
        let token:
          { name: string; readOnly: boolean; rateLimit: { calls: number; perSeconds: number } | undefined } | undefined;
        let tokenRefusal: string | undefined;
        if (flags.token !== undefined) {
          const { agentTokenStoreOf } = await import("../input/agent-token-store-of");
          const found = (await (await agentTokenStoreOf(context)).list()).find(
            (candidate) => candidate.name === flags.token,
          );
          if (found === undefined)
            throw new UsageError({
              message: `--token ${JSON.stringify(flags.token)}: no agent token has that name; \`src token list\` shows them`,
            });
          token = {
            name: found.name,
            readOnly: found.readOnly || found.readOnlySources.includes(slug!),
            rateLimit: found.rateLimit ?? undefined,
          };
          // The server refuses every call of a token that has expired or is not for this source, whatever the policy.
          if (found.expired)
            tokenRefusal = `agent token "${found.name}" has expired (at ${found.expiresAt ?? "?"}): the server refuses it; create another (src token create)`;
          else if (found.sources !== null && !found.sources.includes(slug!))
            tokenRefusal = `agent token "${found.name}" may not call source "${slug!}" (it is for ${found.sources.length === 0 ? "no source" : found.sources.map((name) => `"${name}"`).join(", ")}): the server refuses its calls to it`;
        }
        const { source } = await service.getSource(slug!);
        const tools =
          tokenRefusal === undefined
            ? (await service.listTools({ token })).filter(
                (tool) => tool.source === source.slug && tool.kind !== "operations",
              )
            : [];
        let check;
        if (flags.check !== undefined) {
          const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(flags.check);
          if (match === null)
            throw new UsageError({
              message: `--check ${JSON.stringify(flags.check)}: write the call as "METHOD PATH", e.g. --check "DELETE /repos/a/b"`,
            });
          check =
            tokenRefusal === undefined
              ? await service.explainPolicy(source.slug, { method: match[1]!, path: match[2]! }, { token })
              : {
                  verdict: "refused" as const,
                  method: match[1]!.toUpperCase(),
                  path: match[2]!,
                  operationId: undefined,
                  rule: "agent token",
                  why: tokenRefusal,
                };
        }
        // Rules of the document that name none of its operations or tags (a typo, or a document that changed since).
        const namingNothing = await service.policyRulesNamingNothing(source.slug);
        const toolsShown = tools.map((tool) => ({
          name: tool.name,
          readOnly: tool.readOnly === true,
          description: tool.description,
        }));
        if (context.json) {
          writeJson({
            slug: source.slug,
            policy: source.api.policy ?? null,
            token:
              token === undefined
                ? null
                : {
                    name: token.name,
                    readOnly: token.readOnly,
                    rateLimit: token.rateLimit ?? null,
                    mayCall: tokenRefusal === undefined,
                    ...(tokenRefusal === undefined ? {} : { why: tokenRefusal }),
                  },
            tools: toolsShown,
            rulesNamingNothing: namingNothing,
            ...(check === undefined ? {} : { check }),
          });
        } else {
          writeLine(
            escapeTerminalControls(formatPolicy(source, token, toolsShown, check, tokenRefusal, namingNothing)),
          );
        }
        if (check === undefined) return EXIT_CODES.SUCCESS;
        if (check.verdict === "invalid") return EXIT_CODES.USAGE;
        return check.verdict === "refused" ? EXIT_CODES.FAILURE : EXIT_CODES.SUCCESS;
      }),
    );
}
