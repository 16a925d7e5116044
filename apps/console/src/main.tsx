import { render } from "preact";
import { App } from "./app";
import { ConsentPage } from "./pages/consent-page";
import { ConnectLinkPage } from "./pages/connect-link-page";
import { connectLinkTokenOf } from "./api/connect-link-api";
import "./styles.css";

const root = document.getElementById("app");
// The server serves this page at the OAuth authorization endpoint too: there it is a hosted agent's consent page.
// A connect link (`#/connect/<token>`, from a per-user source's NOT_CONNECTED answer) opens its page without the admin token.
const linkToken = connectLinkTokenOf(window.location.hash);
if (root !== null)
  render(
    window.location.pathname === "/authorize" ? (
      <ConsentPage />
    ) : linkToken !== undefined ? (
      <ConnectLinkPage linkToken={linkToken} />
    ) : (
      <App />
    ),
    root,
  );
