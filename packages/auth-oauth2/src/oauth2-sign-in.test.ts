import { AuthorizeError, runLoopbackSignIn } from "@src/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followToCallback } from "../test/follow-to-callback";
import type { AuthorizationServer } from "../test/start-authorization-server";
import { startAuthorizationServer } from "../test/start-authorization-server";
import { createOAuth2Auth } from "./oauth2-auth";
import { oauth2ConfigSchema } from "./oauth2-config-schema";

const plugin = createOAuth2Auth();
type LoginOptions = {
  config: ReturnType<typeof oauth2ConfigSchema.parse>;
  credential: Record<string, unknown>;
  slug: string;
  port?: number;
  timeoutMs?: number;
  onAuthorizationUrl: (url: string) => void;
};
/** `src auth login`'s loopback sign-in with the oauth2 plugin's steps. */
const runLoopbackLogin = ({ onAuthorizationUrl, ...options }: LoginOptions) =>
  runLoopbackSignIn({ plugin, ...options, onSignInPage: ({ url }) => onAuthorizationUrl(url) });

/** The error a login that must fail threw (a login that succeeds fails the test). */
function failure(login: Promise<unknown>): Promise<AuthorizeError> {
  return login.then(
    () => {
      throw new Error("the login succeeded");
    },
    (thrown: unknown) => thrown as AuthorizeError,
  );
}

const clientId = "desk-app";
const clientSecret = "d3sk-s3cret-value";
let server: AuthorizationServer;
// Starting a Node process and generating its RSA key can take a while on a busy machine.
beforeAll(async () => {
  server = await startAuthorizationServer({ clientId, clientSecret });
}, 60_000);
afterAll(() => server?.stop());

const config = () =>
  oauth2ConfigSchema.parse({
    tokenUrl: server.tokenUrl,
    authorizationUrl: server.authorizationUrl,
    grant: "authorization_code",
    scopes: ["read:items", "write:items"],
  });

describe("the oauth2 sign-in steps through src auth login's loopback sign-in", () => {
  it("prints a PKCE S256 URL with state, receives the redirect on 127.0.0.1, exchanges the code and returns the tokens", async () => {
    let printed = "";
    const credential = await runLoopbackLogin({
      config: config(),
      credential: { clientId, clientSecret },
      slug: "desk",
      onAuthorizationUrl: (url) => {
        printed = url;
        void followToCallback(url);
      },
    });
    const url = new URL(printed);
    expect(url.origin + url.pathname).toBe(server.authorizationUrl);
    expect(
      Object.fromEntries(
        [...url.searchParams].filter(([name]) => !["state", "code_challenge", "redirect_uri"].includes(name)),
      ),
    ).toEqual({
      response_type: "code",
      client_id: clientId,
      scope: "read:items write:items",
      code_challenge_method: "S256",
    });
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(await server.accepts(credential.accessToken as string)).toBe(true);
    expect(credential.refreshToken).toBeTypeOf("string");
    expect(credential.clientSecret).toBe(clientSecret);
    const exchange = (await server.state()).requests.at(-1);
    expect(exchange?.grant).toBe("authorization_code");
  });

  it("ignores a redirect with the wrong state and keeps waiting, then times out with a clear message", async () => {
    const error = await failure(
      runLoopbackLogin({
        config: config(),
        credential: { clientId, clientSecret },
        slug: "desk",
        timeoutMs: 1500,
        onAuthorizationUrl: (url) => {
          const redirect = new URL(url).searchParams.get("redirect_uri")!;
          void fetch(`${redirect}?code=stolen&state=forged`).then((response) => expect(response.status).toBe(404));
        },
      }),
    );
    expect(AuthorizeError.isInstance(error)).toBe(true);
    expect(error.message).toBe("no sign-in arrived within 2 s");
    expect(error.hint).toMatch(/src auth login desk/);
  });

  it("reports a refused sign-in with the server's error, and the browser's page says it failed", async () => {
    let browser: Promise<Response> | undefined;
    const error = await failure(
      runLoopbackLogin({
        config: config(),
        credential: { clientId, clientSecret },
        slug: "desk",
        onAuthorizationUrl: (url) => {
          const parameters = new URL(url).searchParams;
          browser = fetch(`${parameters.get("redirect_uri")!}?error=access_denied&state=${parameters.get("state")!}`);
        },
      }),
    );
    expect([error.outcome, error.serverError]).toEqual(["needs_auth", "access_denied"]);
    const page = await browser!;
    expect(page.status).toBe(400);
    const text = await page.text();
    expect(text).toContain("The sign-in failed:");
    expect(text).toContain("access_denied");
    expect(text).not.toContain("Signed in");
  });

  it("tells the browser it is signed in only once the code was exchanged", async () => {
    let browser: Promise<Response> | undefined;
    await runLoopbackLogin({
      config: config(),
      credential: { clientId, clientSecret },
      slug: "desk",
      onAuthorizationUrl: (url) => void (browser = followToCallback(url)),
    });
    const page = await browser!;
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Signed in. You may close this tab and return to the terminal.");
  });

  it("says which port is taken", async () => {
    const first = runLoopbackLogin({
      config: config(),
      credential: { clientId, clientSecret },
      slug: "desk",
      timeoutMs: 3000,
      onAuthorizationUrl: () => undefined,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { createServer } = await import("node:net");
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const error = await failure(
      runLoopbackLogin({
        config: config(),
        credential: { clientId, clientSecret },
        slug: "desk",
        port,
        onAuthorizationUrl: () => undefined,
      }),
    );
    blocker.close();
    expect(error.message).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}.*EADDRINUSE`));
    expect(error.hint).toMatch(/--port/);
    await first;
  });
});
