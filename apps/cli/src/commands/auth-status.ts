import type { Command } from "commander";
import { defineAction } from "../define-action";
import { loadSignInTarget } from "../input/sign-in-source";
import { writeJson, writeLine } from "../output/write-output";

/** The lines for people from a status answered by a server (the mode's own lines are local). */
function remoteStatusLines(slug: string, status: Record<string, unknown>): string[] {
  const lines = [
    `${slug}: ${String(status.authType)}, ${status.signedIn === true ? "signed in" : `not signed in: run \`src auth login ${slug}\``}`,
  ];
  for (const [name, value] of Object.entries(status)) {
    if (["slug", "authType", "signedIn"].includes(name) || value === null || value === undefined) continue;
    lines.push(
      `  ${name}: ${Array.isArray(value) ? value.join(" ") || "none" : typeof value === "string" ? value : JSON.stringify(value)}`,
    );
  }
  return lines;
}

/** `src auth status SLUG [--json]`: the sign-in state as the source's auth mode reports it (grant, scopes, expiry); never a token. Remote with --server / SRC_SERVER. */
export function registerAuthStatus(auth: Command): void {
  auth
    .command("status")
    .description(
      "show a source's sign-in, as its auth mode reports it (OAuth 2.0: grant, scopes requested and granted, whether a refresh token is stored, when the access token expires); never a token",
    )
    .argument("<slug>", "the source")
    .action(
      defineAction(
        async (context, _options, [slug]) => {
          if (context.remote !== undefined) {
            const status = (await (await context.remoteClient()).signIn.status(slug!)) as Record<string, unknown>;
            if (context.json) return writeJson(status);
            for (const line of remoteStatusLines(slug!, status)) writeLine(line);
            return;
          }
          const { plugin, source } = await loadSignInTarget(await context.service(), slug!, "src auth status");
          const status = plugin.signIn.status(source);
          if (context.json)
            return writeJson({ slug, authType: plugin.type, ...status.details, signedIn: status.signedIn });
          for (const line of status.lines) writeLine(line);
        },
        { remote: true },
      ),
    );
}
