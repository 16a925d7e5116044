import { spawn } from "node:child_process";
import type { Command } from "commander";
import { InvalidArgumentError } from "commander";
import { defineAction } from "../define-action";
import { UsageError } from "../errors/usage-error";
import { printOperationResult } from "../output/print-operation-result";
import { writeError } from "../output/write-output";
import { loadSignInTarget } from "../input/sign-in-source";

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

/** `src auth login SLUG [--no-browser] [--port N] [--timeout SECONDS]`: the source's auth mode's sign-in (a redirect to 127.0.0.1), then validation. */
export function registerAuthLogin(auth: Command): void {
  auth
    .command("login")
    .description("sign a source in, for auth modes that sign a person in (OAuth 2.0's authorization code grant): prints the URL to open, receives the redirect on 127.0.0.1, stores what it gives, validates")
    .argument("<slug>", "the source")
    .option("--no-browser", "only print the URL; do not open a browser")
    .option("--port <n>", "port on 127.0.0.1 for the redirect (default: any free port)", parsePort)
    .option("--timeout <seconds>", "how long to wait for the sign-in to come back, in seconds", parseTimeout, 300)
    .action(
      defineAction<AuthLoginFlags>(async (context, flags, [slug]) => {
        const { runLoopbackSignIn } = await import("@src/auth");
        const service = await context.service();
        const { plugin, source } = await loadSignInTarget(service, slug!, "src auth login");
        const unavailable = plugin.signIn.unavailable(source);
        if (unavailable?.reason === "not-needed") throw new UsageError({ message: `src auth login: ${unavailable.message}; run \`src source reload ${slug}\` to test it` });
        if (unavailable !== undefined || source.credential === undefined) {
          throw new UsageError({ message: `src auth login: ${unavailable?.message ?? `no credential is stored for "${slug}"`}; store it with \`src credential set ${slug}\`` });
        }
        const signedIn = await runLoopbackSignIn({
          plugin,
          slug: slug!,
          config: source.config,
          credential: source.credential,
          port: flags.port,
          timeoutMs: flags.timeout * 1000,
          onSignInPage: ({ url, userCode }) => {
            writeError(`Open this URL to sign in to "${slug}":\n${url}${userCode === undefined ? "" : `\nand enter the code ${userCode}`}`);
            if (flags.browser) openBrowser(url);
          },
        });
        const result = await service.setCredential(slug!, signedIn);
        return printOperationResult(context, result, `Signed in to "${slug}".`);
      }),
    );
}
