import { useEffect } from "preact/hooks";
import { myConnectionsHref } from "../api/connect-link-api";

/** Where an upstream sign-in from a connect page lands (`#/connected/<slug>`): the agent can go on. */
export function ConnectedPage({ slug }: { slug: string }) {
  useEffect(() => {
    document.title = "Connected · src";
  }, []);
  return (
    <main id="main" class="sign-in">
      <h1>Connected</h1>
      <p role="status">You signed in: {slug} is connected for you. Your agent can go on: it may call again now.</p>
      <p>
        <a href={myConnectionsHref}>My connections</a>
      </p>
    </main>
  );
}
