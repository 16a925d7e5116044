import { useEffect, useState } from "preact/hooks";
import { decideConsent, isUnauthorizedConsent, loadConsent, type ConsentRequest } from "../api/consent-api";
import { clearSessionToken, readSessionToken, storeSessionToken } from "../api/session-token";
import { ConsentClientFacts } from "../components/consent-client-facts";
import { ConsentLifetimeField, type Lifetime } from "../components/consent-lifetime-field";
import { ConsentSourcesFields } from "../components/consent-sources-fields";
import { SignInPage } from "./sign-in-page";

/**
 * The consent page of a hosted agent's OAuth sign-in, served at `/authorize`:
 * the operator signs in as on the console, sees which client asks (its name,
 * and the hosts of its client_id and redirect URI in plain words, so a
 * look-alike shows), ticks the sources it may use, read-only or not, picks
 * when the grant ends, and allows or denies.
 */
export function ConsentPage() {
  const [token, setToken] = useState(readSessionToken);
  const [request, setRequest] = useState<ConsentRequest | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [granted, setGranted] = useState<Set<string>>(new Set());
  const [readOnly, setReadOnly] = useState<Set<string>>(new Set());
  const [lifetime, setLifetime] = useState<Lifetime>("30d");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = request === undefined ? "Sign in · src" : `Allow ${request.client.name || "this agent"}? · src`;
  }, [request]);

  useEffect(() => {
    if (token === null) return;
    let cancelled = false;
    loadConsent(token, window.location.search.replace(/^\?/, ""))
      .then((loaded) => {
        if (cancelled) return;
        setRequest(loaded);
        setGranted(new Set(loaded.requested.filter((slug) => loaded.sources.some((source) => source.slug === slug))));
        setReadOnly(new Set(loaded.requestedReadOnly));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isUnauthorizedConsent(error)) {
          clearSessionToken();
          setToken(null);
          return;
        }
        setProblem(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (token === null) {
    return (
      <SignInPage
        onSignedIn={(newToken) => {
          storeSessionToken(newToken);
          setToken(newToken);
        }}
      />
    );
  }

  const decide = async (allow: boolean): Promise<void> => {
    if (request === undefined) return;
    if (allow && granted.size === 0) {
      setProblem("Tick at least one source to allow, or deny.");
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const { redirectTo } = await decideConsent(
        token,
        request,
        allow
          ? {
              decision: "allow",
              sources: [...granted].map((slug) => ({ slug, readOnly: readOnly.has(slug) })),
              expires: lifetime,
            }
          : { decision: "deny" },
      );
      window.location.assign(redirectTo);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  if (request === undefined) {
    return (
      <main id="main" class="sign-in">
        <h1>Sign-in of a hosted agent</h1>
        {problem === undefined ? (
          <p>Loading…</p>
        ) : (
          <div class="notice error" role="alert">
            <p>{problem}</p>
          </div>
        )}
      </main>
    );
  }

  const { client } = request;
  const name = client.name === "" ? "An unnamed agent" : client.name;
  return (
    <main id="main" class="consent">
      <h1>Allow {name} to use src?</h1>
      <p>
        {name} asks to call your sources through this server's MCP endpoint. It never sees their credentials; it can do
        only what you allow here, until the access ends or you revoke it (src token revoke, or the console).
      </p>
      <ConsentClientFacts client={client} name={name} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void decide(true);
        }}
      >
        <ConsentSourcesFields
          sources={request.sources}
          granted={granted}
          readOnly={readOnly}
          onGrantedChange={setGranted}
          onReadOnlyChange={setReadOnly}
        />
        <ConsentLifetimeField lifetime={lifetime} onChange={setLifetime} />
        {problem === undefined ? null : (
          <p class="field-error" role="alert">
            {problem}
          </p>
        )}
        <div class="actions">
          <button type="submit" disabled={busy}>
            Allow
          </button>
          <button type="button" class="secondary" disabled={busy} onClick={() => void decide(false)}>
            Deny
          </button>
        </div>
      </form>
    </main>
  );
}
