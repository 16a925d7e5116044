import { createSharedSignIns, type SignInStore } from "@src/auth";
import type { RouteContext } from "../app-context";
import { registerConnectionRoutes } from "../routes/connection-routes";
import { registerMyConnectionRoutes } from "../routes/my-connection-routes";
import { registerSignInRoutes } from "../routes/sign-in-routes";
import type { ConnectLinks } from "./connect-links";
import { createPersonSessions } from "./person-sessions";
import type { PersonSignIn } from "./person-sign-in";
import { registerPersonSignInRoutes } from "../routes/person-sign-in-routes";

/**
 * The connection routes (the operator's, and a connect link's page: a pasted key or an upstream sign-in), "My
 * connections", a person's sign-in at the team's identity provider and the sign-in routes, over one view of the
 * sign-ins in progress: the connect page starts a person's upstream sign-in (or their sign-in at the identity
 * provider), the redirect route finishes it. A person who connected or signed in gets a short session for "My
 * connections", signed with a key derived from the admin token. Returns the sign-in routes' `stop`.
 */
export function registerPersonAndSignInRoutes(
  context: RouteContext,
  {
    links,
    adminToken,
    publicUrl,
    signInStore,
    signInLifetimeMs,
    personSignIn,
  }: {
    links: ConnectLinks;
    adminToken: string;
    publicUrl: string;
    signInStore: SignInStore;
    signInLifetimeMs: number;
    /** Whether people sign in at the team's identity provider (`--oauth-issuer` with `--oauth-console-client-id`). */
    personSignIn: PersonSignIn;
  },
): { stop(): void } {
  const sessions = createPersonSessions({ secret: adminToken });
  const secure = (requestUrl: string): boolean => (publicUrl === "" ? requestUrl : publicUrl).startsWith("https:");
  const signIns = createSharedSignIns({ store: signInStore, lifetimeMs: signInLifetimeMs });
  const baseUrlOf = (requestUrl: string): string => (publicUrl === "" ? requestUrl : publicUrl);
  registerConnectionRoutes(context, { links, signIns, sessions, publicUrl, personSignIn });
  registerMyConnectionRoutes(context, { sessions, secure });
  registerPersonSignInRoutes(context, { personSignIn, signIns, links, baseUrlOf });
  return registerSignInRoutes(context, {
    lifetimeMs: signInLifetimeMs,
    store: signInStore,
    signIns,
    connect: { service: context.service, logger: context.logger, links, sessions, secure },
    person: {
      logger: context.logger,
      links,
      sessions,
      secure,
      identityProvider: personSignIn.available ? personSignIn.identityProvider : undefined,
    },
  });
}
