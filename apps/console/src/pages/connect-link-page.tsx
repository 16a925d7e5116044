import { useEffect, useState } from "preact/hooks";
import {
  beginConnectSignIn,
  beginPersonSignIn,
  type ConnectSignInStart,
  connectSignInProgress,
  connectWithLink,
  describeConnectLink,
  myConnectionsHref,
  problemOfConnect,
  type ConnectLink,
} from "../api/connect-link-api";
import { CredentialInput } from "../components/credential-input";
import { DeviceCodeSignIn } from "../components/device-code-sign-in";

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
  const [deviceSignIn, setDeviceSignIn] = useState<ConnectSignInStart | undefined>(undefined);

  useConnectLink(linkToken, link, setLink, setProblem);

  /** One step of the page: busy while it runs, its problem shown; still busy when it leaves the page (a redirect). */
  const attempt = async (step: () => Promise<"leaving" | undefined>): Promise<void> => {
    setBusy(true);
    setProblem(undefined);
    try {
      if ((await step()) !== "leaving") setBusy(false);
    } catch (error) {
      setProblem(problemOfConnect(error));
      setBusy(false);
    }
  };

  const connect = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (link === undefined) return;
    const missing = link.fields.filter((field) => field.required && (values[field.name] ?? "").trim() === "");
    if (missing.length > 0) {
      setProblem(`Fill in ${missing.map((field) => field.label).join(", ")}.`);
      return;
    }
    await attempt(async () => {
      await connectWithLink(linkToken, Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "")));
      setValues({});
      setConnected(true);
      return undefined;
    });
  };

  const signIn = () =>
    attempt(async () => {
      const started = await beginConnectSignIn(linkToken);
      if (started.awaits === "poll") {
        setDeviceSignIn(started);
        return undefined;
      }
      window.location.assign(started.authorizationUrl);
      return "leaving";
    });

  const signInAsPerson = () =>
    attempt(async () => {
      window.location.assign(await beginPersonSignIn(linkToken));
      return "leaving";
    });

  if (connected && link !== undefined) return <ConnectedView link={link} />;
  if (deviceSignIn !== undefined && link !== undefined)
    return (
      <ConnectDeviceSignInView
        link={link}
        linkToken={linkToken}
        started={deviceSignIn}
        onConnected={() => setConnected(true)}
        onFailed={(message) => {
          setDeviceSignIn(undefined);
          setProblem(message);
        }}
      />
    );
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

/** Loads what the link is for (or the problem), and names the page after its source. */
function useConnectLink(
  linkToken: string,
  link: ConnectLink | undefined,
  setLink: (link: ConnectLink) => void,
  setProblem: (problem: string) => void,
): void {
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
  }, [linkToken, setLink, setProblem]);

  useEffect(() => {
    document.title = link === undefined ? "Connect · src" : `Connect ${link.source.name} · src`;
  }, [link]);
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

/**
 * A device-code sign-in at the upstream (OAuth 2.0's device authorization grant): the page and the code to enter on
 * any device, while this page asks the server along until the person is connected.
 */
function ConnectDeviceSignInView({
  link,
  linkToken,
  started,
  onConnected,
  onFailed,
}: {
  link: ConnectLink;
  linkToken: string;
  started: ConnectSignInStart;
  onConnected: () => void;
  onFailed: (message: string) => void;
}) {
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const everyMs = Math.max(1000, Math.min(5000, (started.intervalSeconds ?? 2) * 1000));
    const ask = async (): Promise<void> => {
      try {
        const progress = await connectSignInProgress(linkToken, started.signInId);
        if (stopped) return;
        if (progress.status === "waiting") timer = setTimeout(() => void ask(), everyMs);
        else if (progress.status === "connected") onConnected();
        else
          onFailed(
            progress.status === "expired"
              ? "The sign-in expired before it was finished: sign in again."
              : `The sign-in failed: ${progress.message ?? "no reason given"}. Sign in again.`,
          );
      } catch (error) {
        if (!stopped) onFailed(problemOfConnect(error));
      }
    };
    timer = setTimeout(() => void ask(), everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [linkToken, started]);
  return (
    <main id="main" class="sign-in">
      <h1>Connect {link.source.name}</h1>
      <DeviceCodeSignIn started={started} />
      <p>Keep this page open until it says you are connected.</p>
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
