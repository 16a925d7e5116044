import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { AuthorizeError } from "@src/auth";
import type { AuthorizationStart } from "./authorization-code";
import { completeAuthorization, startAuthorization } from "./authorization-code";
import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";

/** What `runLoopbackLogin` needs. */
export interface LoopbackLoginOptions {
  readonly config: OAuth2Config;
  readonly credential: OAuth2Credential;
  readonly slug: string;
  /** Port on 127.0.0.1 to receive the redirect on. Default 0: any free port. */
  readonly port?: number | undefined;
  /** How long to wait for the browser to come back. Default 300000 (5 minutes). */
  readonly timeoutMs?: number | undefined;
  /** Called with the authorization URL, once the listener is ready: print it, open a browser. */
  readonly onAuthorizationUrl: (url: string) => void;
  readonly signal?: AbortSignal | undefined;
}

const page = (text: string) => `<!doctype html><meta charset="utf-8"><title>src</title><p>${text}</p>`;

/**
 * The authorization code grant for a person at this machine: listens on
 * 127.0.0.1 for the redirect (`/callback`), hands out the URL to open, checks
 * the `state`, exchanges the code with the PKCE verifier and returns the
 * credential with its tokens. Times out with a clear `AuthorizeError`.
 */
export async function runLoopbackLogin({ config, credential, slug, port = 0, timeoutMs = 300_000, onAuthorizationUrl, signal }: LoopbackLoginOptions): Promise<OAuth2Credential> {
  let settle: { resolve: (url: URL) => void; reject: (error: unknown) => void } | undefined;
  const callback = new Promise<URL>((resolve, reject) => (settle = { resolve, reject }));
  let start: AuthorizationStart | undefined;
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback" || start === undefined || (url.searchParams.get("state") !== start.state && !url.searchParams.has("error"))) {
      outgoing.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end(page("Not a sign-in for this run of src auth login."));
      return;
    }
    outgoing.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(page("Signed in. You may close this tab and return to the terminal."));
    settle?.resolve(new URL(`http://127.0.0.1${incoming.url ?? "/"}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new AuthorizeError({ outcome: "failed", message: `cannot listen on 127.0.0.1:${port} for the sign-in redirect (${error.code ?? error.message})`, hint: "pass another --port, or leave it out to use any free port" })),
    );
    server.listen(port, "127.0.0.1", resolve);
  });
  const timer = setTimeout(
    () =>
      settle?.reject(
        new AuthorizeError({ outcome: "needs_auth", message: `no sign-in arrived within ${Math.round(timeoutMs / 1000)} s`, hint: `run \`src auth login ${slug}\` again and finish the sign-in in the browser (give more time with --timeout SECONDS)` }),
      ),
    timeoutMs,
  );
  const onAbort = () => settle?.reject(new AuthorizeError({ outcome: "needs_auth", message: "the sign-in was cancelled", hint: `run \`src auth login ${slug}\` again` }));
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
    start = await startAuthorization({ config, credential, redirectUri });
    onAuthorizationUrl(start.url);
    const callbackUrl = await callback;
    return await completeAuthorization({ config, credential, slug, start, callbackUrl, ...(signal === undefined ? {} : { signal }) });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
