import { useEffect, useRef, useState } from "preact/hooks";
import { problemOf } from "../api/console-api";
import { useApi } from "./api-context";
import { DeviceCodeSignIn } from "./device-code-sign-in";

/** A sign-in under way: the page to open, and for a device code the code to enter there. */
interface StartedSignIn {
  signInId: string;
  authorizationUrl: string;
  userCode?: string | undefined;
  authorizationUrlComplete?: string | undefined;
  awaits: "redirect" | "poll";
  intervalSeconds?: number | undefined;
}

/**
 * Sign a source in, for auth modes that sign a person in (OAuth 2.0's authorization code and device code grants):
 * starts the sign-in on the server, shows the page to open (and the device code to enter on any device), and asks
 * the server where the sign-in stands until it is done.
 */
export function SourceSignIn({
  slug,
  authType,
  onSignedIn,
}: {
  slug: string;
  authType: string;
  onSignedIn: () => void;
}) {
  const { api, onUnauthorized } = useApi();
  const [signsIn, setSignsIn] = useState(false);
  const [started, setStarted] = useState<StartedSignIn | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // The page reloads its source every few seconds: the callbacks change, the polling must not restart for it.
  const callbacks = useRef({ onSignedIn, onUnauthorized });
  callbacks.current = { onSignedIn, onUnauthorized };

  useEffect(() => {
    api.configSchema().then(
      (answer) => setSignsIn(answer.authTypes.find((type) => type.type === authType)?.signIn === true),
      () => setSignsIn(false),
    );
  }, [api, authType]);

  useEffect(() => {
    if (started === undefined) return undefined;
    let stopped = false;
    const everyMs = Math.max(1000, Math.min(5000, (started.intervalSeconds ?? 2) * 1000));
    const ask = async (): Promise<void> => {
      if (stopped) return;
      try {
        const progress = await api.client.signIn.progress(slug, started.signInId);
        if (stopped) return;
        if (progress.status === "waiting") {
          setTimeout(() => void ask(), everyMs);
          return;
        }
        setStarted(undefined);
        if (progress.status === "signed_in") {
          setMessage(`Signed in. ${progress.message ?? ""}`.trim());
          callbacks.current.onSignedIn();
        } else
          setProblem(
            progress.status === "expired"
              ? "The sign-in expired before it was finished: start it again."
              : `The sign-in failed: ${progress.message ?? "no reason given"}. Start it again.`,
          );
      } catch (error) {
        if (!stopped && !callbacks.current.onUnauthorized(error)) setProblem(problemOf(error).message);
      }
    };
    const timer = setTimeout(() => void ask(), everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, slug, started]);

  if (!signsIn) return null;

  const start = async (): Promise<void> => {
    setProblem(undefined);
    setMessage(undefined);
    try {
      setStarted(await api.client.signIn.start(slug));
    } catch (error) {
      if (!onUnauthorized(error)) setProblem(problemOf(error).message);
    }
  };

  return (
    <section aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">Sign in</h2>
      {started === undefined ? (
        <button type="button" onClick={() => void start()}>
          Sign in to {slug}
        </button>
      ) : started.awaits === "poll" && started.userCode !== undefined ? (
        <DeviceCodeSignIn started={started} />
      ) : (
        <div aria-live="polite">
          <p>
            <a href={started.authorizationUrl} target="_blank" rel="noopener noreferrer">
              Open the sign-in page
            </a>{" "}
            and sign in; this page follows.
          </p>
          <p aria-busy="true">Waiting for the sign-in…</p>
        </div>
      )}
      {message === undefined ? null : <p role="status">{message}</p>}
      {problem === undefined ? null : (
        <p class="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
