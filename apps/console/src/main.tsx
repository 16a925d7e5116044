import { render } from "preact";
import { App } from "./app";
import { ConsentPage } from "./pages/consent-page";
import "./styles.css";

const root = document.getElementById("app");
// The server serves this page at the OAuth authorization endpoint too: there it is a hosted agent's consent page.
if (root !== null) render(window.location.pathname === "/authorize" ? <ConsentPage /> : <App />, root);
