import { useEffect, useState } from "preact/hooks";
import {
  beginConnectSignIn,
  beginPersonSignIn,
  connectWithLink,
  describeConnectLink,
  myConnectionsHref,
  problemOfConnect,
  type ConnectLink,
} from "../api/connect-link-api";
import { CredentialInput } from "../components/credential-input";

/**
 * The page a connect link opens (`<public URL>/#/connect/<token>`, from a per-user source's NOT_CONNECTED answer):
 * which source, for whom and what it will be used for; the person pastes their own key (the fields the auth mode
 * declares, secrets in password inputs), or, when the source's auth mode signs a person in (OAuth 2.0), is sent to
 * the upstream's sign-in and comes back to the Connected page. Then the page says the agent can go on and offers
 * "My connections". No admin token: the link is the proof, single use, valid 10 minutes. A link for a user of the
 * team's identity provider (`idp:SUB`, `--oauth-issuer`) first sends the person to sign in there, and only that
 * user comes back to the form.
 */
export function ConnectLinkPage({ linkToken }: { linkToken: string }) {
  const [link, setLink] = useState<ConnectLink | undefined>(undefined);
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let cancelled = false;
    describeConnectLink(linkToken)
      .then((loaded) => {
        if (!cancelled) setLink(loaded);
      })
      .catch((error: unknown) => {
        if (!cancelled) setProblem(problemOfConnect(error));
      });
    return () => {
      cancelled = true;
    };
  }, [linkToken]);

  useEffect(() => {
    document.title = link === undefined ? "Connect · src" : `Connect ${link.source.name} · src`;
  }, [link]);

  const connect = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (link === undefined) return;
    const missing = link.fields.filter((field) => field.required && (values[field.name] ?? "").trim() === "");
    if (missing.length > 0) {
      setProblem(`Fill in ${missing.map((field) => field.label).join(", ")}.`);
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await connectWithLink(linkToken, Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "")));
      setValues({});
      setConnected(true);
    } catch (error) {
      setProblem(problemOfConnect(error));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (): Promise<void> => {
    setBusy(true);
    setProblem(undefined);
    try {
      window.location.assign(await beginConnectSignIn(linkToken));
    } catch (error) {
      setProblem(problemOfConnect(error));
      setBusy(false);
    }
  };

  const signInAsPerson = async (): Promise<void> => {
    setBusy(true);
    setProblem(undefined);
    try {
      window.location.assign(await beginPersonSignIn(linkToken));
    } catch (error) {
      setProblem(problemOfConnect(error));
      setBusy(false);
    }
  };

  if (connected && link !== undefined) return <ConnectedView link={link} />;
  if (link === undefined) {
    return (
      <main id="main" class="sign-in">
        <h1>Connect</h1>
        {problem === undefined ? (
          <p>Loading…</p>
        ) : (
          <p role="alert" class="field-error">
            {problem}
          </p>
        )}
      </main>
    );
  }
  if (link.personSignIn !== undefined && !link.personSignIn.signedIn) {
    return (
      <PersonSignInView
        link={link}
        personSignIn={link.personSignIn}
        busy={busy}
        problem={problem}
        onSignIn={() => void signInAsPerson()}
      />
    );
  }
  if (link.signIn !== undefined) {
    return (
      <UpstreamSignInView
        link={link}
        signIn={link.signIn}
        busy={busy}
        problem={problem}
        onSignIn={() => void signIn()}
      />
    );
  }
  return (
    <main id="main" class="sign-in">
      <h1>Connect {link.source.name}</h1>
      <p>
        Your agent, acting for <strong>{link.principal}</strong>, asked to call {link.source.name} (
        {link.source.baseUrl}). Paste your own credential: it is stored encrypted for you alone, and your agent's calls
        to this source will act as you. Nobody else's calls use it.
      </p>
      <form onSubmit={(event) => void connect(event)}>
        {link.fields.map((field) => (
          <div key={field.name}>
            <label for={`connect-${field.name}`}>
              {field.label}
              {field.required ? " (required)" : ""}
            </label>
            {field.description === "" ? null : <p id={`connect-${field.name}-hint`}>{field.description}</p>}
            <CredentialInput
              id={`connect-${field.name}`}
              secret={field.secret}
              value={values[field.name] ?? ""}
              error={undefined}
              hintId={field.description === "" ? undefined : `connect-${field.name}-hint`}
              onValue={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            />
          </div>
        ))}
        <button type="submit" disabled={busy}>
          {busy ? "Connecting…" : "Connect"}
        </button>
        {problem === undefined ? null : (
          <p class="field-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      <p>This link works once and for 10 minutes.</p>
    </main>
  );
}

/** A link for a user of the identity provider, opened by someone not signed in as them: sign in there first. */
function PersonSignInView({
  link,
  personSignIn,
  busy,
  problem,
  onSignIn,
}: {
  link: ConnectLink;
  personSignIn: NonNullable<ConnectLink["personSignIn"]>;
  busy: boolean;
  problem: string | undefined;
  onSignIn: () => void;
}) {
  return (
    <main id="main" class="sign-in">
      <h1>Connect {link.source.name}</h1>
      <p>
        Your agent, acting for <strong>{link.principal}</strong>, asked to call {link.source.name} (
        {link.source.baseUrl}). Sign in at your identity provider first: only {link.principal} can connect through this
        link.
      </p>
      {personSignIn.signedInAs === undefined ? null : (
        <p role="alert" class="field-error">
          You are signed in here as {personSignIn.signedInAs}, but this link is for {link.principal}.
        </p>
      )}
      {personSignIn.available ? (
        <button type="button" disabled={busy} onClick={onSignIn}>
          {busy ? "Opening the sign-in…" : "Sign in at your identity provider"}
        </button>
      ) : (
        <p role="alert" class="field-error">
          {personSignIn.message}
        </p>
      )}
      {problem === undefined ? null : (
        <p class="field-error" role="alert">
          {problem}
        </p>
      )}
      <p>This link works once and for 10 minutes.</p>
    </main>
  );
}

/** A source whose auth mode signs a person in at the upstream (OAuth 2.0): "Sign in to …" instead of fields. */
function UpstreamSignInView({
  link,
  signIn,
  busy,
  problem,
  onSignIn,
}: {
  link: ConnectLink;
  signIn: NonNullable<ConnectLink["signIn"]>;
  busy: boolean;
  problem: string | undefined;
  onSignIn: () => void;
}) {
  return (
    <main id="main" class="sign-in">
      <h1>Connect {link.source.name}</h1>
      <p>
        Your agent, acting for <strong>{link.principal}</strong>, asked to call {link.source.name} (
        {link.source.baseUrl}). Sign in there as yourself: what the sign-in gives is stored encrypted for you alone, and
        your agent's calls to this source will act as you. Nobody else's calls use it.
      </p>
      {signIn.available ? (
        <button type="button" disabled={busy} onClick={onSignIn}>
          {busy ? "Opening the sign-in…" : `Sign in to ${link.source.name}`}
        </button>
      ) : (
        <p role="alert" class="field-error">
          {signIn.message}
        </p>
      )}
      {problem === undefined ? null : (
        <p class="field-error" role="alert">
          {problem}
        </p>
      )}
      <p>This link works once and for 10 minutes.</p>
    </main>
  );
}

/** Connected with a pasted key: the agent can go on. */
function ConnectedView({ link }: { link: ConnectLink }) {
  return (
    <main id="main" class="sign-in">
      <h1>Connected</h1>
      <p role="status">
        {link.source.name} is connected for {link.principal}. Your agent can go on: it may call again now.
      </p>
      <p>
        <a href={myConnectionsHref}>My connections</a>
      </p>
    </main>
  );
}
