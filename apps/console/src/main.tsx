import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { App } from "./app";
import { ConsentPage } from "./pages/consent-page";
import { ConnectLinkPage } from "./pages/connect-link-page";
import { connectLinkTokenOf, personPageOf } from "./api/connect-link-api";
import { ConnectedPage } from "./pages/connected-page";
import { MyConnectionsPage } from "./pages/my-connections-page";
import "./styles.css";

const root = document.getElementById("app");
// The server serves this page at the OAuth authorization endpoint too: there it is a hosted agent's consent page.
// A connect link (`#/connect/<token>`, from a per-user source's NOT_CONNECTED answer) opens its page without the admin token.
// A person's pages (`#/connected/<slug>`, `#/me`: "My connections") take their session cookie, not the admin token.
function PublicPage() {
  const hash = useHash();
  const linkToken = connectLinkTokenOf(hash);
  const personPage = personPageOf(hash);
  if (linkToken !== undefined) return <ConnectLinkPage key={linkToken} linkToken={linkToken} />;
  if (personPage?.page === "connected") return <ConnectedPage slug={personPage.slug} />;
  if (personPage?.page === "me") return <MyConnectionsPage />;
  return <App />;
}

/** The address's hash, following `hashchange` (the Connected page's link opens My connections). */
function useHash(): string {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const follow = (): void => setHash(window.location.hash);
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  return hash;
}

if (root !== null) render(window.location.pathname === "/authorize" ? <ConsentPage /> : <PublicPage />, root);
