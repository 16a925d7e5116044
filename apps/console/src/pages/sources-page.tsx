import { StatusBadge } from "../components/status-badge";
import { ErrorNotice } from "../components/error-notice";
import { formatTime } from "../components/format-time";
import { useLoad } from "../components/use-load";
import { hrefOf } from "../route";

/** How often the list is read again: a change made with the CLI shows up within this time. */
const refreshMs = 1500;

/** Every source at a glance; broken `config.json` files with their error. Live. */
export function SourcesPage() {
  const { data, error } = useLoad((api) => api.client.sources.list(), [], refreshMs);
  const sources = data?.sources;
  return (
    <>
      <div class="page-head">
        <h1>Sources</h1>
        <a class="button" href={hrefOf.connect}>
          Connect a source
        </a>
      </div>
      <ErrorNotice error={error} title="Could not list the sources" />
      {sources === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : sources.length === 0 ? (
        <p>No sources yet. Connect one to give agents an API.</p>
      ) : (
        <div class="table-wrap">
          <table class="cards">
            <caption class="visually-hidden">Sources, updated live</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col">Base URL</th>
                <th scope="col">Auth</th>
                <th scope="col">Enabled</th>
                <th scope="col">Status</th>
                <th scope="col">Last test</th>
              </tr>
            </thead>
            <tbody>
              {sources.map((entry) =>
                entry.ok ? (
                  <tr key={entry.slug} data-slug={entry.slug}>
                    <td data-label="Name">
                      <a href={hrefOf.source(entry.slug)}>{entry.source.name}</a>
                    </td>
                    <td data-label="Slug">
                      <code>{entry.slug}</code>
                    </td>
                    <td data-label="Base URL" class="url">
                      {entry.source.api.baseUrl}
                    </td>
                    <td data-label="Auth">{entry.source.api.authType}</td>
                    <td data-label="Enabled">{entry.source.enabled ? "yes" : "no"}</td>
                    <td data-label="Status">
                      <StatusBadge status={entry.source.status.connectionStatus} />
                      {entry.hasCredential ? null : <span class="muted"> no credential</span>}
                    </td>
                    <td data-label="Last test">{formatTime(entry.source.status.lastTestedAt)}</td>
                  </tr>
                ) : (
                  <tr key={entry.slug} data-slug={entry.slug} class="broken">
                    <td data-label="Name">
                      <a href={hrefOf.source(entry.slug)}>{entry.slug}</a>
                    </td>
                    <td data-label="Slug">
                      <code>{entry.slug}</code>
                    </td>
                    <td data-label="Problem" colSpan={3}>
                      <span class="field-error">{entry.error}</span> <span class="muted">({entry.file})</span>
                    </td>
                    <td data-label="Status">
                      <StatusBadge status="broken" />
                    </td>
                    <td data-label="Last test">never</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
