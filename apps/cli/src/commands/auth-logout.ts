import type { Command } from "commander";
import { defineAction } from "../define-action";
import { loadSignInTarget } from "../input/sign-in-source";
import { writeJson, writeLine } from "../output/write-output";

/** `src auth logout SLUG`: forgets what the sign-in stored (tokens), keeps what the operator entered. */
export function registerAuthLogout(auth: Command): void {
  auth
    .command("logout")
    .description("forget what a source's sign-in stored (OAuth 2.0's access and refresh tokens); what you entered (client id and secret) stays")
    .argument("<slug>", "the source")
    .action(
      defineAction(async (context, _options, [slug]) => {
        const service = await context.service();
        const { plugin, source } = await loadSignInTarget(service, slug!, "src auth logout");
        const kept: Record<string, unknown> | undefined = source.credential === undefined ? undefined : plugin.signIn.signOut(source.credential);
        if (kept !== undefined) await service.setCredential(slug!, kept, { test: false });
        const forgotten = kept !== undefined;
        if (context.json) return writeJson({ slug, forgotten });
        writeLine(forgotten ? `Forgot the tokens of "${slug}"; what you entered is kept.` : `No tokens were stored for "${slug}"; nothing to forget.`);
      }),
    );
}
