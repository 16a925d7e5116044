import { spawn } from "node:child_process";
import type { Command } from "commander";
import { InvalidArgumentError } from "commander";
import { defineAction } from "../define-action";
import { UsageError } from "../errors/usage-error";
import { printOperationResult } from "../output/print-operation-result";
import { writeError, writeJson, writeLine } from "../output/write-output";
import type { CommandContext } from "../command-context";
import { EXIT_CODES, type ExitCode } from "../exit-codes";
import { loadSignInTarget } from "../input/sign-in-source";

interface AuthLoginFlags {
  browser: boolean;
  port?: number;
  timeout: number;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError("must be a port number from 0 to 65535 (0: any free port)");
  return port;
}

function parseTimeout(value: string): number {
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(seconds) || seconds < 1 || seconds > 86_400)
    throw new InvalidArgumentError("must be a whole number of seconds from 1 to 86400");
  return seconds;
}

/** Opens `url` in the desktop's browser when there is one; failures are ignored (the URL is printed anyway). */
function openBrowser(url: string): void {
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer.exe" : "xdg-open";
  if (process.platform === "linux" && process.env.DISPLAY === undefined && process.env.WAYLAND_DISPLAY === undefined)
    return;
  try {
    const child = spawn(command, [url], { detached: true, stdio: "ignore" });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No browser: the printed URL is the way.
  }
}

/** Prints where the person signs in: a URL to open (redirect), or a page and a code to enter on any device (device code). */
function printSignInPage(
  slug: string,
  page: { url: string; userCode?: string | undefined; urlComplete?: string | undefined; awaits: "redirect" | "poll" },
  flags: AuthLoginFlags,
): void {
  if (page.awaits === "poll" && page.userCode !== undefined) {
    writeError(
      `To sign in to "${slug}", open this page on any device:\n${page.url}\nand enter the code ${page.userCode}${page.urlComplete === undefined ? "" : `\n(or open ${page.urlComplete}, which has the code in it)`}\nWaiting for the sign-in…`,
    );
    if (flags.browser) openBrowser(page.urlComplete ?? page.url);
    return;
  }
  writeError(
    `Open this URL to sign in to "${slug}":\n${page.url}${page.userCode === undefined ? "" : `\nand enter the code ${page.userCode}`}`,
  );
  if (flags.browser) openBrowser(page.url);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `src auth login SLUG --server URL`: the server starts the sign-in (its redirect URI, or a device code it polls),
 * this prints the page to open and asks the server every few seconds until it reports the outcome.
 */
async function remoteLogin(context: CommandContext, slug: string, flags: AuthLoginFlags): Promise<ExitCode> {
  const [client, { AuthorizeError }] = await Promise.all([context.remoteClient(), import("@src/auth")]);
  const started = await client.signIn.start(slug);
  printSignInPage(
    slug,
    {
      url: started.authorizationUrl,
      userCode: started.userCode,
      urlComplete: started.authorizationUrlComplete,
      awaits: started.awaits,
    },
    flags,
  );
  const deadline = Math.min(Date.parse(started.expiresAt), Date.now() + flags.timeout * 1000);
  const everyMs = Math.max(1000, Math.min(5000, (started.intervalSeconds ?? 2) * 1000));
  for (;;) {
    const progress = await client.signIn.progress(slug, started.signInId);
    if (progress.status === "signed_in") {
      if (context.json) writeJson({ slug, signedIn: true, message: progress.message ?? null });
      else writeLine(`Signed in to "${slug}" on ${context.remote!.url}. ${progress.message ?? ""}`.trimEnd());
      return EXIT_CODES.SUCCESS;
    }
    if (progress.status !== "waiting") {
      throw new AuthorizeError({
        outcome: "needs_auth",
        serverError: progress.code,
        message:
          progress.status === "expired"
            ? "the sign-in expired before it was finished"
            : `the sign-in failed: ${progress.message ?? "no reason given"}`,
        hint: `run \`src auth login ${slug}\` again`,
      });
    }
    if (Date.now() >= deadline) {
      throw new AuthorizeError({
        outcome: "needs_auth",
        message: `no sign-in arrived within ${flags.timeout} s`,
        hint: `run \`src auth login ${slug}\` again and finish the sign-in (give more time with --timeout SECONDS)`,
      });
    }
    await sleep(everyMs);
  }
}

/** `src auth login SLUG [--no-browser] [--port N] [--timeout SECONDS]`: the source's auth mode's sign-in (a redirect to 127.0.0.1, or a device code), then validation. */
export function registerAuthLogin(auth: Command): void {
  auth
    .command("login")
    .description(
      "sign a source in, for auth modes that sign a person in (OAuth 2.0's authorization code or device code grant): prints the URL to open (and the code to enter), receives the redirect on 127.0.0.1 or polls, stores what it gives, validates; with --server, the server signs in and this waits for it",
    )
    .argument("<slug>", "the source")
    .option("--no-browser", "only print the URL; do not open a browser")
    .option("--port <n>", "port on 127.0.0.1 for the redirect (default: any free port; local mode only)", parsePort)
    .option("--timeout <seconds>", "how long to wait for the sign-in to come back, in seconds", parseTimeout, 300)
    .action(
      defineAction<AuthLoginFlags>(
        async (context, flags, [slug]) => {
          if (context.remote !== undefined) {
            if (flags.port !== undefined)
              throw new UsageError({
                message: `src auth login: --port is for a sign-in received on this machine; with ${context.remote.origin} the server receives the redirect at its own address`,
              });
            return remoteLogin(context, slug!, flags);
          }
          const { runLoopbackSignIn } = await import("@src/auth");
          const service = await context.service();
          const target = await loadSignInTarget(service, slug!, "src auth login");
          const { plugin, source } = target;
          const unavailable = plugin.signIn.unavailable(source);
          if (unavailable?.reason === "not-needed")
            throw new UsageError({
              message: `src auth login: ${unavailable.message}; run \`src source reload ${slug}\` to test it`,
            });
          if (unavailable !== undefined)
            throw new UsageError({
              message: `src auth login: ${unavailable.message}; store it with \`${target.storeCommand}\``,
            });
          if (source.credential === undefined)
            throw new UsageError({ message: `src auth login: ${target.noCredential}` });
          const signedIn = await runLoopbackSignIn({
            plugin,
            slug: slug!,
            config: source.config,
            credential: source.credential,
            port: flags.port,
            timeoutMs: flags.timeout * 1000,
            onSignInPage: (page) => printSignInPage(slug!, page, flags),
          });
          const result = await target.store(signedIn);
          return printOperationResult(context, result, `Signed in to "${slug}".`);
        },
        { remote: true },
      ),
    );
}
