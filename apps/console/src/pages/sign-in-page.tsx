import { useState } from "preact/hooks";
import { createConsoleApi, isUnauthorized, problemOf } from "../api/console-api";

/** The only page without a token: the admin token in a password field; Enter signs in. */
export function SignInPage({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const [token, setToken] = useState("");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const signIn = async (event: Event): Promise<void> => {
    event.preventDefault();
    const trimmed = token.trim();
    if (trimmed === "") {
      setProblem(
        "Enter the admin token: SRC_SERVER_TOKEN, or the content of $SRC_HOME/server.token on the server's machine.",
      );
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      // Any admin route proves the token; the list is needed next anyway.
      await createConsoleApi(trimmed).client.sources.list();
      onSignedIn(trimmed);
    } catch (error) {
      setProblem(
        isUnauthorized(error)
          ? "The server refused this token. Use the admin token (SRC_SERVER_TOKEN, or the content of $SRC_HOME/server.token); agent tokens cannot sign in."
          : problemOf(error).message,
      );
      setToken("");
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" class="sign-in">
      <h1>src console</h1>
      <p>Sign in with the server's admin token. It is kept in this browser tab only, until you sign out or close it.</p>
      <form onSubmit={(event) => void signIn(event)}>
        <label for="admin-token">Admin token</label>
        <input
          id="admin-token"
          name="admin-token"
          type="password"
          autoComplete="off"
          spellcheck={false}
          required
          value={token}
          aria-invalid={problem === undefined ? undefined : true}
          aria-describedby={problem === undefined ? undefined : "sign-in-problem"}
          onInput={(event) => setToken(event.currentTarget.value)}
        />
        <button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
        {problem === undefined ? null : (
          <p id="sign-in-problem" class="field-error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </main>
  );
}
