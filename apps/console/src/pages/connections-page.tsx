import { useRef, useState } from "preact/hooks";
import { useApi } from "../components/api-context";
import { ErrorNotice } from "../components/error-notice";
import { formatTime } from "../components/format-time";
import { useLoad } from "../components/use-load";

/** How often the list is read again: a person connecting through a link, or a removal with the CLI, shows up within this time. */
const refreshMs = 3000;

interface Connection {
  slug: string;
  principal: string;
  updatedAt: string;
}

/** Who is connected to which per-user source (`GET /v1/connections`), never a credential; remove one (confirmed). Live. */
export function ConnectionsPage() {
  const { api, onUnauthorized } = useApi();
  const { data, error, reload } = useLoad((loader) => loader.client.connections.list(), [], refreshMs);
  const [removing, setRemoving] = useState<Connection | undefined>(undefined);
  const [removed, setRemoved] = useState<Connection | undefined>(undefined);
  const [actionError, setActionError] = useState<unknown>(undefined);
  const confirmDialog = useRef<HTMLDialogElement>(null);
  const connections = data?.connections;

  return (
    <>
      <h1>Connections</h1>
      <p>
        People's own credentials for per-user sources (<code>api.credentials: "per-user"</code>): who is connected to
        what, never a value. A person connects through the link their agent is given; removing a connection makes their
        next call answer <code>NOT_CONNECTED</code>.
      </p>
      <ErrorNotice error={error} title="Could not list the connections" />
      <ErrorNotice error={actionError} title="Could not remove the connection" />
      {removed === undefined ? null : (
        <div class="notice success" role="status">
          <strong>
            Removed {removed.principal} from {removed.slug}
          </strong>
          <p>Their next call of this source answers NOT_CONNECTED.</p>
        </div>
      )}
      {connections === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : connections.length === 0 ? (
        <p>No one is connected to a per-user source yet.</p>
      ) : (
        <div class="table-wrap">
          <table class="cards">
            <caption class="visually-hidden">Connections to per-user sources, updated live</caption>
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Principal</th>
                <th scope="col">Connected</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {connections.map((connection) => (
                <tr key={`${connection.slug} ${connection.principal}`}>
                  <td data-label="Source">
                    <code>{connection.slug}</code>
                  </td>
                  <td data-label="Principal">
                    <code>{connection.principal}</code>
                  </td>
                  <td data-label="Connected">{formatTime(connection.updatedAt)}</td>
                  <td data-label="Actions">
                    <button
                      type="button"
                      class="danger"
                      aria-label={`Remove ${connection.principal} from ${connection.slug}`}
                      onClick={() => {
                        setRemoving(connection);
                        confirmDialog.current?.showModal();
                      }}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dialog ref={confirmDialog} aria-labelledby="remove-connection-heading" class="confirm">
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            confirmDialog.current?.close();
            if (removing === undefined) return;
            const connection = removing;
            setActionError(undefined);
            setRemoved(undefined);
            void api.client.connections.remove(connection.slug, connection.principal).then(
              () => {
                setRemoved(connection);
                reload();
              },
              (problem: unknown) => {
                if (!onUnauthorized(problem)) setActionError(problem);
              },
            );
          }}
        >
          <h2 id="remove-connection-heading">
            Remove {removing?.principal} from {removing?.slug}?
          </h2>
          <p>
            Their own credential is deleted; their agent's next call of this source is refused until they connect again.
          </p>
          <div class="actions">
            <button type="submit" class="danger">
              Remove
            </button>
            <button type="button" class="secondary" autoFocus onClick={() => confirmDialog.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
