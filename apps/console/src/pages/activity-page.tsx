import { ErrorNotice } from "../components/error-notice";
import { useLoad } from "../components/use-load";
import { hrefOf, navigate } from "../route";

/** Where a call came in, as the operator knows it. */
const channelLabels: Record<string, string> = { http: "HTTP", mcp: "MCP", cli: "src call", "mcp-stdio": "src mcp" };

/** The last agent calls of this home (its audit log, as `src logs` reads it), filterable by source. Live. */
export function ActivityPage({ source }: { source: string | undefined }) {
  const sources = useLoad((api) => api.client.sources.list(), [], 10_000);
  const { data, error } = useLoad((api) => api.activity(source), [source], 1500);
  const slugs = sources.data?.sources.map((entry) => entry.slug) ?? [];
  return (
    <>
      <h1>Activity</h1>
      <p>
        The last agent calls on this home, newest first, from its audit log (<code>logs/calls.jsonl</code>, which{" "}
        <code>src logs</code> reads): through this server's HTTP and MCP routes, <code>src call</code> and{" "}
        <code>src mcp</code>, before and after a restart, each with the principal it was for. Paths are shown as sent,
        secrets redacted.
      </p>
      <div class="field inline">
        <label for="activity-source">Source</label>
        <select
          id="activity-source"
          value={source ?? ""}
          onChange={(event) =>
            navigate(hrefOf.activity(event.currentTarget.value === "" ? undefined : event.currentTarget.value))
          }
        >
          <option value="">All sources</option>
          {[...new Set([...slugs, ...(source === undefined ? [] : [source])])].map((slug) => (
            <option key={slug} value={slug}>
              {slug}
            </option>
          ))}
        </select>
      </div>
      <ErrorNotice error={error} title="Could not read the activity" />
      {data === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : data.length === 0 ? (
        <p>No agent calls yet{source === undefined ? "" : ` for ${source}`}.</p>
      ) : (
        <div class="table-wrap">
          <table class="cards">
            <caption class="visually-hidden">Agent calls, newest first, updated live</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Source</th>
                <th scope="col">Principal</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Duration</th>
                <th scope="col">Attempts</th>
              </tr>
            </thead>
            <tbody>
              {data.map((call, index) => (
                <tr key={`${call.at}-${index}`} class={call.ok ? undefined : "failed"}>
                  <td data-label="Time">{new Date(call.at).toLocaleTimeString()}</td>
                  <td data-label="Source">
                    <a href={hrefOf.source(call.source)}>{call.source}</a>{" "}
                    <span class="muted">{channelLabels[call.channel] ?? call.channel}</span>
                  </td>
                  <td data-label="Principal">{call.principal === null ? "—" : <code>{call.principal}</code>}</td>
                  <td data-label="Request" class="url">
                    {call.method === null ? (
                      <span class="muted">refused</span>
                    ) : (
                      <code>{`${call.method} ${call.path ?? ""}`}</code>
                    )}
                  </td>
                  <td data-label="Status">
                    {call.status ?? "—"} {call.errorCode === null ? null : <code>{call.errorCode}</code>}
                    {call.rule === null ? null : (
                      <span class="muted">
                        {" "}
                        denied by <code>{call.rule}</code>
                      </span>
                    )}
                  </td>
                  <td data-label="Duration">{call.durationMs} ms</td>
                  <td data-label="Attempts">{call.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
