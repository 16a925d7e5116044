import { spawn } from "node:child_process";
import type { Command } from "commander";
import { InvalidArgumentError } from "commander";
import { defineAction } from "../define-action";
import { UsageError } from "../errors/usage-error";
import { printOperationResult } from "../output/print-operation-result";
import { writeError } from "../output/write-output";
import { loadOAuth2Source } from "./oauth2-source";

interface AuthLoginFlags {
  browser: boolean;
  port?: number;
  timeout: number;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError("must be a port number from 0 to 65535 (0: any free port)");
  return port;
}

function parseTimeout(value: string): number {
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(seconds) || seconds < 1 || seconds > 86_400) throw new InvalidArgumentError("must be a whole number of seconds from 1 to 86400");
  return seconds;
}

/** Opens `url` in the desktop's browser when there is one; failures are ignored (the URL is printed anyway). */
function openBrowser(url: string): void {
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer.exe" : "xdg-open";
  if (process.platform === "linux" && process.env.DISPLAY === undefined && process.env.WAYLAND_DISPLAY === undefined) return;
  try {
    const child = spawn(command, [url], { detached: true, stdio: "ignore" });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No browser: the printed URL is the way.
  }
}

/** `src auth login SLUG [--no-browser] [--port N] [--timeout SECONDS]`: the authorization code grant with PKCE on 127.0.0.1, then validation. */
export function registerAuthLogin(auth: Command): void {
  auth
    .command("login")
    .description("sign an OAuth 2.0 source in (authorization code with PKCE): prints the URL to open, receives the redirect on 127.0.0.1, stores the tokens, validates")
    .argument("<slug>", "the source")
    .option("--no-browser", "only print the URL; do not open a browser")
    .option("--port <n>", "port on 127.0.0.1 for the redirect (default: any free port)", parsePort)
    .option("--timeout <seconds>", "how long to wait for the sign-in to come back, in seconds", parseTimeout, 300)
    .action(
      defineAction<AuthLoginFlags>(async (context, flags, [slug]) => {
        const { runLoopbackLogin } = await import("@src/auth-oauth2");
        const service = await context.service();
        const { config, credential } = await loadOAuth2Source(service, slug!, "src auth login");
        if (config.grant !== "authorization_code") {
          throw new UsageError({ message: `src auth login: source "${slug}" uses the client_credentials grant, which needs no sign-in; run \`src source reload ${slug}\` to test it` });
        }
        if (credential === undefined) throw new UsageError({ message: `src auth login: no client id is stored for "${slug}"; store it with \`src credential set ${slug}\`` });
        const signedIn = await runLoopbackLogin({
          config,
          credential,
          slug: slug!,
          port: flags.port,
          timeoutMs: flags.timeout * 1000,
          onAuthorizationUrl: (url) => {
            writeError(`Open this URL to sign in to "${slug}":\n${url}`);
            if (flags.browser) openBrowser(url);
          },
        });
        const result = await service.setCredential(slug!, signedIn);
        return printOperationResult(context, result, `Signed in to "${slug}".`);
      }),
    );
}
