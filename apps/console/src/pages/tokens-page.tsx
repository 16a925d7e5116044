import { useRef, useState } from "preact/hooks";
import type { AgentTokenSummary } from "../api/console-types";
import { useApi } from "../components/api-context";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ErrorNotice } from "../components/error-notice";
import { formatTime } from "../components/format-time";
import { useLoad } from "../components/use-load";

/** How often the list is read again: a token made, used or revoked with the CLI shows up within this time. */
const refreshMs = 3000;

/** The host of a client_id that is a URL (a Client ID Metadata Document); a registered client's id is shown as it is. */
function clientIdLabel(id: string): string {
  try {
    return new URL(id).host;
  } catch {
    return id;
  }
}

/** What a token may call, in plain words: every source or the listed ones, each marked when it may only read. */
function AccessOf({ token }: { token: AgentTokenSummary }) {
  if (token.sources === null) return <>{token.readOnly ? "every source, read only" : "every source"}</>;
  if (token.sources.length === 0) return <span class="muted">no source</span>;
  return (
    <ul class="plain">
      {token.sources.map((slug) => (
        <li key={slug}>
          <code>{slug}</code>
          {token.readOnly || token.readOnlySources.includes(slug) ? <span class="muted"> read only</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The agent tokens (`src token create`) and hosted agents' OAuth grants: never a value; revoke (confirmed). Live. */
export function TokensPage() {
  const { api, onUnauthorized } = useApi();
  const { data, error, reload } = useLoad((loader) => loader.client.tokens.list(), [], refreshMs);
  const [revoking, setRevoking] = useState<AgentTokenSummary | undefined>(undefined);
  const [revoked, setRevoked] = useState<string | undefined>(undefined);
  const [actionError, setActionError] = useState<unknown>(undefined);
  const confirmDialog = useRef<HTMLDialogElement>(null);
  const tokens = data?.tokens;

  const askToRevoke = (token: AgentTokenSummary): void => {
    setRevoking(token);
    confirmDialog.current?.showModal();
  };

  return (
    <>
      <h1>Agent tokens</h1>
      <p>
        The tokens agents call with: those made by <code>src token create</code> and the grants hosted agents (Claude,
        ChatGPT, VS Code…) received on the consent page. A value is shown once, when it is made; here only its first
        characters. Revoking one ends it, and a grant's access and refresh tokens, at once.
      </p>
      <ErrorNotice error={error} title="Could not list the tokens" />
      <ErrorNotice error={actionError} title="Could not revoke the token" />
      {revoked === undefined ? null : (
        <div class="notice success" role="status">
          <strong>Revoked {revoked}</strong>
          <p>It answers 401 from now on.</p>
        </div>
      )}
      {tokens === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : tokens.length === 0 ? (
        <p>
          No agent tokens yet. Make one with <code>src token create NAME</code>, or connect a hosted agent to this
          server's <code>/mcp</code>.
        </p>
      ) : (
        <div class="table-wrap">
          <table class="cards">
            <caption class="visually-hidden">Agent tokens and hosted agents' grants, updated live</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Client</th>
                <th scope="col">Access</th>
                <th scope="col">Expires</th>
                <th scope="col">Last use</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.name} data-token={token.name} class={token.expired ? "failed" : undefined}>
                  <td data-label="Name">
                    <code>{token.name}</code>
                  </td>
                  <td data-label="Prefix">
                    {token.prefix === "" ? <span class="muted">OAuth grant</span> : <code>{token.prefix}…</code>}
                  </td>
                  <td data-label="Client">
                    {token.client === null ? (
                      <span class="muted">src token create</span>
                    ) : (
                      <>
                        {token.client.name} <span class="muted">({clientIdLabel(token.client.id)})</span>
                      </>
                    )}
                  </td>
                  <td data-label="Access">
                    <AccessOf token={token} />
                  </td>
                  <td data-label="Expires">
                    {token.expired ? "expired" : token.expiresAt === null ? "never" : formatTime(token.expiresAt)}
                  </td>
                  <td data-label="Last use">{formatTime(token.lastUsedAt)}</td>
                  <td data-label="Actions">
                    <button
                      type="button"
                      class="danger"
                      aria-label={`Revoke ${token.name}`}
                      onClick={() => askToRevoke(token)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        dialogRef={confirmDialog}
        headingId="revoke-heading"
        heading={<>Revoke {revoking?.name}?</>}
        confirmLabel={<>Revoke {revoking?.name}</>}
        onConfirm={() => {
          if (revoking === undefined) return;
          const { name } = revoking;
          setActionError(undefined);
          setRevoked(undefined);
          void api.client.tokens.revoke(name).then(
            () => {
              setRevoked(name);
              reload();
            },
            (problem: unknown) => {
              if (!onUnauthorized(problem)) setActionError(problem);
            },
          );
        }}
      >
        <p>
          {revoking?.client === null || revoking === undefined
            ? "Agents using this token are refused from now on."
            : `${revoking.client.name} is refused from now on; it must be granted access again on the consent page.`}
        </p>
      </ConfirmDialog>
    </>
  );
}
