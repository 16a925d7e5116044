import { useEffect, useState } from "preact/hooks";
import {
  beginPersonSignIn,
  endMySession,
  isWithoutSession,
  listMyConnections,
  personSignInStatus,
  problemOfConnect,
  removeMyConnection,
  type MyConnections,
} from "../api/connect-link-api";
import { formatTime } from "../components/format-time";

/**
 * "My connections" (`#/me`): a person's own connections to per-user sources (source, connected when, never a value),
 * each removable. No admin token: the session a connect (or a sign-in at the team's identity provider) granted, an
 * HttpOnly cookie the page never reads, says who the person is, and the server answers their connections only.
 * Without a session, the page offers the sign-in at the identity provider where the server has one.
 */
export function MyConnectionsPage() {
  const [mine, setMine] = useState<MyConnections | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [withoutSession, setWithoutSession] = useState(false);
  const [removed, setRemoved] = useState<string | undefined>(undefined);
  const [signInOffered, setSignInOffered] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = async (): Promise<void> => {
    try {
      setMine(await listMyConnections());
    } catch (error) {
      if (isWithoutSession(error)) setWithoutSession(true);
      else setProblem(problemOfConnect(error));
    }
  };
  useEffect(() => {
    document.title = "My connections · src";
    void load();
  }, []);
  useEffect(() => {
    if (!withoutSession) return;
    personSignInStatus()
      .then((status) => setSignInOffered(status.available))
      .catch(() => setSignInOffered(false));
  }, [withoutSession]);

  const signIn = async (): Promise<void> => {
    setBusy(true);
    setProblem(undefined);
    try {
      window.location.assign(await beginPersonSignIn());
    } catch (error) {
      setProblem(problemOfConnect(error));
      setBusy(false);
    }
  };

  const remove = async (slug: string): Promise<void> => {
    setProblem(undefined);
    try {
      await removeMyConnection(slug);
      setRemoved(slug);
      await load();
    } catch (error) {
      if (isWithoutSession(error)) setWithoutSession(true);
      else setProblem(problemOfConnect(error));
    }
  };

  const signOut = async (): Promise<void> => {
    await endMySession().catch(() => undefined);
    setMine(undefined);
    setWithoutSession(true);
  };

  return (
    <main id="main" class="sign-in">
      <h1>My connections</h1>
      {withoutSession ? (
        <>
          <p role="alert">
            You are not signed in here.{" "}
            {signInOffered
              ? "Sign in at your identity provider, or open the connect link your agent gave you and connect: either opens My connections (for 30 minutes)."
              : "Open the connect link your agent gave you and connect: the page then offers My connections (for 30 minutes)."}
          </p>
          {signInOffered ? (
            <button type="button" disabled={busy} onClick={() => void signIn()}>
              {busy ? "Opening the sign-in…" : "Sign in at your identity provider"}
            </button>
          ) : null}
        </>
      ) : mine === undefined ? (
        problem === undefined ? (
          <p aria-busy="true">Loading…</p>
        ) : null
      ) : (
        <>
          <p>
            Your own credentials, as <strong>{mine.principal}</strong>: your agent's calls to these sources act as you.
            Removing one makes your agent's next call ask you to connect again.
          </p>
          {removed === undefined ? null : (
            <p class="notice success" role="status">
              Removed your connection to {removed}.
            </p>
          )}
          {mine.connections.length === 0 ? (
            <p>You have no connections.</p>
          ) : (
            <ul>
              {mine.connections.map((connection) => (
                <li key={connection.slug}>
                  <strong>{connection.name}</strong> (<code>{connection.slug}</code>), connected{" "}
                  {formatTime(connection.updatedAt)}{" "}
                  <button
                    type="button"
                    class="danger"
                    aria-label={`Remove my connection to ${connection.slug}`}
                    onClick={() => void remove(connection.slug)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button type="button" class="secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </>
      )}
      {problem === undefined ? null : (
        <p class="field-error" role="alert">
          {problem}
        </p>
      )}
    </main>
  );
}
