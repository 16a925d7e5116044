import type { Command } from "commander";
import { defineAction } from "../define-action";
import { loadSignInTarget } from "../input/sign-in-source";
import { writeJson, writeLine } from "../output/write-output";

/** `src auth status SLUG [--json]`: the sign-in state as the source's auth mode reports it (grant, scopes, expiry); never a token. */
export function registerAuthStatus(auth: Command): void {
  auth
    .command("status")
    .description("show a source's sign-in, as its auth mode reports it (OAuth 2.0: grant, scopes, whether a refresh token is stored, when the access token expires); never a token")
    .argument("<slug>", "the source")
    .action(
      defineAction(async (context, _options, [slug]) => {
        const { plugin, source } = await loadSignInTarget(await context.service(), slug!, "src auth status");
        const status = plugin.signIn.status(source);
        if (context.json) return writeJson({ slug, authType: plugin.type, ...status.details, signedIn: status.signedIn });
        for (const line of status.lines) writeLine(line);
      }),
    );
}
