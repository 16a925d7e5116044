import type { Command } from "commander";
import { defineAction } from "../define-action";
import { loadSignInTarget } from "../input/sign-in-source";
import { writeError, writeJson, writeLine } from "../output/write-output";

/** What `src auth logout` reports, locally or from the server. */
interface SignedOut {
  slug: string;
  forgotten: boolean;
  revoked?: "revoked" | "not-supported" | "failed" | undefined;
  message?: string | undefined;
}

/**
 * `src auth logout SLUG`: revokes the refresh token at the authorization server when it can (OAuth 2.0, RFC 7009),
 * then forgets what the sign-in stored (tokens); keeps what the operator entered. With --server / SRC_SERVER, the
 * server does it (DELETE /v1/sources/{slug}/auth).
 */
export function registerAuthLogout(auth: Command): void {
  auth
    .command("logout")
    .description(
      "sign a source out: revoke its refresh token at the authorization server when it offers revocation (RFC 7009), then forget the tokens; what you entered (client id and secret) stays",
    )
    .argument("<slug>", "the source")
    .action(
      defineAction(
        async (context, _options, [slug]) => {
          let out: SignedOut;
          if (context.remote !== undefined) {
            out = await (await context.remoteClient()).signIn.logout(slug!);
          } else {
            const service = await context.service();
            const target = await loadSignInTarget(service, slug!, "src auth logout");
            const { plugin, source } = target;
            const result =
              source.credential === undefined
                ? undefined
                : await plugin.signIn.signOut({
                    ...source,
                    credential: source.credential,
                    signal: AbortSignal.timeout(30_000),
                  });
            if (result !== undefined) await target.store(result.credential, { test: false });
            out = {
              slug: slug!,
              forgotten: result !== undefined,
              ...(result === undefined
                ? {}
                : { revoked: result.revoked, ...(result.message === undefined ? {} : { message: result.message }) }),
            };
          }
          if (context.json) return writeJson(out);
          if (!out.forgotten) return writeLine(`No tokens were stored for "${slug}"; nothing to forget.`);
          const revoked =
            out.revoked === "revoked"
              ? " after revoking them at the authorization server"
              : out.revoked === "not-supported"
                ? " (the authorization server offers no revocation: they stay valid there until they expire)"
                : "";
          writeLine(`Forgot the tokens of "${slug}"${revoked}; what you entered is kept.`);
          if (out.revoked === "failed")
            writeError(`warning: ${out.message ?? "the tokens could not be revoked at the authorization server"}`);
        },
        { remote: true },
      ),
    );
}
