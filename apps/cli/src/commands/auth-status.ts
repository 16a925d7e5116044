import type { Command } from "commander";
import { defineAction } from "../define-action";
import { writeJson, writeLine } from "../output/write-output";
import { loadOAuth2Source } from "./oauth2-source";

/** `src auth status SLUG [--json]`: grant, scopes, refresh token stored, access token expiry; never a token. */
export function registerAuthStatus(auth: Command): void {
  auth
    .command("status")
    .description("show an OAuth 2.0 source's sign-in: grant, scopes, whether a refresh token is stored, when the access token expires (never a token)")
    .argument("<slug>", "the source")
    .action(
      defineAction(async (context, _options, [slug]) => {
        const { describeOAuth2Status } = await import("@src/auth-oauth2");
        const { config, credential } = await loadOAuth2Source(await context.service(), slug!, "src auth status");
        const report = { slug, authType: "oauth2", ...describeOAuth2Status(config, credential) };
        if (context.json) return writeJson(report);
        writeLine(`${slug}: OAuth 2.0 ${report.grant.replace("_", " ")}${report.scopes.length > 0 ? `, scopes ${report.scopes.join(" ")}` : ""}`);
        if (!report.hasCredential) return writeLine(`  no client id stored: store it with \`src credential set ${slug}\``);
        writeLine(`  access token: ${report.hasAccessToken ? `${report.accessTokenExpired ? "expired" : "valid"}${report.accessTokenExpiresAt === null ? "" : ` until ${report.accessTokenExpiresAt}`}` : "none stored"}`);
        writeLine(`  refresh token: ${report.hasRefreshToken ? "stored" : "none"}`);
        if (!report.signedIn) writeLine(`  not signed in: run \`src auth login ${slug}\``);
      }),
    );
}
