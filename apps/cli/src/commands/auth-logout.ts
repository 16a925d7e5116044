import type { Command } from "commander";
import { defineAction } from "../define-action";
import { writeJson, writeLine } from "../output/write-output";
import { loadOAuth2Source } from "./oauth2-source";

/** `src auth logout SLUG`: forgets the tokens, keeps the client id and secret. */
export function registerAuthLogout(auth: Command): void {
  auth
    .command("logout")
    .description("forget an OAuth 2.0 source's access and refresh tokens (the client id and secret stay)")
    .argument("<slug>", "the source")
    .action(
      defineAction(async (context, _options, [slug]) => {
        const { withoutTokens } = await import("@src/auth-oauth2");
        const service = await context.service();
        const { credential } = await loadOAuth2Source(service, slug!, "src auth logout");
        const hadTokens = credential !== undefined && (credential.accessToken !== undefined || credential.refreshToken !== undefined);
        if (credential !== undefined && hadTokens) await service.setCredential(slug!, withoutTokens(credential), { test: false });
        if (context.json) return writeJson({ slug, forgotten: hadTokens });
        writeLine(hadTokens ? `Forgot the tokens of "${slug}"; the client id and secret are kept.` : `No tokens were stored for "${slug}"; nothing to forget.`);
      }),
    );
}
