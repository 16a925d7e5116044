import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AuthContextInput } from "../create-auth-context";
import { AuthError, AUTH_ERROR_CODES } from "../errors/auth-error";
import { AuthorizeError } from "../errors/authorize-error";
import type { AuthSignIn, SignInStart } from "./auth-sign-in";
import { pollSignIn } from "./poll-sign-in";

/**
 * What `runLoopbackSignIn` needs: the source as an auth context names it (its plugin, which must have sign-in
 * steps; its slug; its `api` block and stored credential, parsed with the plugin's schemas), and how to wait.
 */
export interface LoopbackSignInOptions extends Pick<AuthContextInput, "plugin" | "slug" | "config" | "credential"> {
  /** Port on 127.0.0.1 to receive the redirect on. Default 0: any free port. */
  readonly port?: number | undefined;
  /** How long to wait for the person, in milliseconds. Default 300000 (5 minutes). */
  readonly timeoutMs?: number | undefined;
  /** Called once the listener is ready, with the page to open (and a code to type, for a device flow): print it, open a browser. */
  readonly onSignInPage: (start: Pick<SignInStart, "url" | "userCode" | "urlComplete" | "awaits">) => void;
  /** How `pollSignIn` waits between polls. Default: a timer. */
  readonly sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
  readonly now?: (() => Date) | undefined;
  readonly signal?: AbortSignal | undefined;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const page = (text: string) => `<!doctype html><meta charset="utf-8"><title>src</title><p>${escapeHtml(text)}</p>`;

/**
 * A plugin's sign-in for a person at this machine (`src auth login`): listens
 * on 127.0.0.1 for the redirect (`/callback`), calls `begin` with that redirect
 * URI, hands out the page to open, and calls `complete` with the redirect whose
 * `state` matches (or at once, for a flow that polls). Returns the credential to
 * store. Times out, or is cancelled, with a clear `AuthorizeError`.
 */
export async function runLoopbackSignIn({
  plugin,
  slug,
  config,
  credential,
  port = 0,
  timeoutMs = 300_000,
  onSignInPage,
  now = () => new Date(),
  signal,
  sleep,
}: LoopbackSignInOptions): Promise<Record<string, unknown>> {
  const steps = plugin.signIn as AuthSignIn<Record<string, unknown>, Record<string, unknown>> | undefined;
  if (steps === undefined)
    throw new AuthError({
      code: AUTH_ERROR_CODES.INVALID_PLUGIN,
      message: `auth type "${plugin.type}" has no sign-in steps`,
    });
  let settle: { resolve: (url: URL) => void; reject: (error: unknown) => void } | undefined;
  const callback = new Promise<URL>((resolve, reject) => (settle = { resolve, reject }));
  let start: SignInStart | undefined;
  /** The browser's redirect, answered once the sign-in is complete, with how it ended. */
  let redirected: ServerResponse | undefined;
  const answerBrowser = (status: number, text: string): void => {
    redirected
      ?.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      .end(page(text));
    redirected = undefined;
  };
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    if (
      url.pathname !== "/callback" ||
      start === undefined ||
      (url.searchParams.get("state") !== start.state && !url.searchParams.has("error"))
    ) {
      outgoing
        .writeHead(404, { "content-type": "text/html; charset=utf-8" })
        .end(page("Not a sign-in for this run of src auth login."));
      return;
    }
    if (redirected !== undefined) {
      outgoing
        .writeHead(409, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
        .end(page("This sign-in is already being finished; see the terminal."));
      return;
    }
    redirected = outgoing;
    settle?.resolve(new URL(`http://127.0.0.1${incoming.url ?? "/"}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new AuthorizeError({
          outcome: "failed",
          message: `cannot listen on 127.0.0.1:${port} for the sign-in redirect (${error.code ?? error.message})`,
          hint: "pass another --port, or leave it out to use any free port",
        }),
      ),
    );
    server.listen(port, "127.0.0.1", resolve);
  });
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
    settle?.reject(
      new AuthorizeError({
        outcome: "needs_auth",
        message: `no sign-in arrived within ${Math.round(timeoutMs / 1000)} s`,
        hint: `run \`src auth login ${slug}\` again and finish the sign-in in the browser (give more time with --timeout SECONDS)`,
      }),
    );
  }, timeoutMs);
  const onAbort = () => {
    controller.abort();
    settle?.reject(
      new AuthorizeError({
        outcome: "needs_auth",
        message: "the sign-in was cancelled",
        hint: `run \`src auth login ${slug}\` again`,
      }),
    );
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
    const source = { slug, config, credential, now, signal: controller.signal };
    start = await steps.begin({ ...source, redirectUri });
    onSignInPage({ url: start.url, userCode: start.userCode, urlComplete: start.urlComplete, awaits: start.awaits });
    if (start.awaits === "poll") {
      // The person signs in on another device; the timeout and cancellation reject `callback`.
      const polling = pollSignIn({ steps, source: { ...source, credential }, start, sleep });
      polling.catch(() => undefined);
      return await Promise.race([polling, callback.then(() => polling)]);
    }
    const callbackUrl = await callback;
    try {
      const completed = await steps.complete({ ...source, start, callbackUrl });
      answerBrowser(200, "Signed in. You may close this tab and return to the terminal.");
      return completed;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      answerBrowser(400, `The sign-in failed: ${reason}. Nothing was stored; see the terminal for what to do.`);
      throw error;
    }
  } finally {
    answerBrowser(500, "The sign-in did not finish; see the terminal.");
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
