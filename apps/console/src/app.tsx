import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { createConsoleApi, isUnauthorized } from "./api/console-api";
import { clearSessionToken, readSessionToken, storeSessionToken } from "./api/session-token";
import { ApiContext } from "./components/api-context";
import { ActivityPage } from "./pages/activity-page";
import { ConnectSourcePage } from "./pages/connect-source-page";
import { SignInPage } from "./pages/sign-in-page";
import { SourcePage } from "./pages/source-page";
import { SourcesPage } from "./pages/sources-page";
import { TokensPage } from "./pages/tokens-page";
import { ConnectionsPage } from "./pages/connections-page";
import { ToolsPage } from "./pages/tools-page";
import { TryCallPage } from "./pages/try-call-page";
import { hrefOf, useRoute, type Route } from "./route";

const titles: Record<Route["page"], string> = {
  sources: "Sources",
  connect: "Connect a source",
  source: "Source",
  tools: "Tools",
  call: "Try a call",
  activity: "Activity",
  tokens: "Agent tokens",
  connections: "Connections",
};

const navigation: { page: Route["page"]; href: string; label: string }[] = [
  { page: "sources", href: hrefOf.sources, label: "Sources" },
  { page: "connect", href: hrefOf.connect, label: "Connect a source" },
  { page: "tools", href: hrefOf.tools, label: "Tools" },
  { page: "call", href: hrefOf.call(), label: "Try a call" },
  { page: "activity", href: hrefOf.activity(), label: "Activity" },
  { page: "tokens", href: hrefOf.tokens, label: "Agent tokens" },
  { page: "connections", href: hrefOf.connections, label: "Connections" },
];

function PageOf({ route }: { route: Route }) {
  switch (route.page) {
    case "sources":
      return <SourcesPage />;
    case "connect":
      return <ConnectSourcePage />;
    case "source":
      return <SourcePage slug={route.slug} />;
    case "tools":
      return <ToolsPage />;
    case "call":
      return <TryCallPage tool={route.tool} />;
    case "activity":
      return <ActivityPage source={route.source} />;
    case "tokens":
      return <TokensPage />;
    case "connections":
      return <ConnectionsPage />;
  }
}

/** Sign-in until a token is in the session; then the pages, with a sign-out. */
export function App() {
  const [token, setToken] = useState(readSessionToken);
  const route = useRoute();
  const signOut = useCallback(() => {
    clearSessionToken();
    setToken(null);
  }, []);
  const api = useMemo(() => (token === null ? undefined : createConsoleApi(token)), [token]);
  // A token the server stops taking (rotated, wrong) signs the console out.
  const onUnauthorized = useCallback(
    (error: unknown) => (isUnauthorized(error) ? (signOut(), true) : false),
    [signOut],
  );
  useEffect(() => {
    document.title = token === null ? "Sign in · src console" : `${titles[route.page]} · src console`;
  }, [token, route.page]);

  if (api === undefined) {
    return (
      <SignInPage
        onSignedIn={(newToken) => {
          storeSessionToken(newToken);
          setToken(newToken);
        }}
      />
    );
  }
  return (
    <ApiContext.Provider value={{ api, onUnauthorized }}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top-bar">
        <span class="brand">src console</span>
        <nav aria-label="Pages">
          <ul>
            {navigation.map((item) => (
              <li key={item.page}>
                <a href={item.href} aria-current={item.page === route.page ? "page" : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" class="secondary" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <PageOf route={route} />
      </main>
    </ApiContext.Provider>
  );
}
