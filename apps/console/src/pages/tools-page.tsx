import { ErrorNotice } from "../components/error-notice";
import { JsonView } from "../components/json-view";
import { StatusBadge } from "../components/status-badge";
import { useLoad } from "../components/use-load";
import { hrefOf } from "../route";

/** The spec's `/tools -v`: every tool with its description and input schema. */
export function ToolsPage() {
  const { data, error } = useLoad((api) => api.client.tools.list({ verbose: true }), [], 5000);
  return (
    <>
      <h1>Tools</h1>
      <p>What agents see: one HTTP tool per enabled source.</p>
      <ErrorNotice error={error} title="Could not list the tools" />
      {data === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : data.tools.length === 0 ? (
        <p>No tools: connect and enable a source first.</p>
      ) : (
        data.tools.map((tool) => (
          <article class="tool" key={tool.name} aria-labelledby={`tool-${tool.name}`}>
            <div class="page-head">
              <h2 id={`tool-${tool.name}`}>
                <code>{tool.name}</code>
              </h2>
              <StatusBadge status={tool.connectionStatus} />
            </div>
            <p>
              {tool.sourceName} · <span class="url">{tool.baseUrl}</span> · {tool.authType}{" "}
              {tool.hasCredential ? "" : "· no credential"}
            </p>
            {tool.description === undefined ? null : <pre class="description">{tool.description}</pre>}
            {tool.inputSchema === undefined ? null : (
              <details>
                <summary>Input schema</summary>
                <JsonView value={tool.inputSchema} />
              </details>
            )}
            <a href={hrefOf.call(tool.name)}>Try a call with {tool.name}</a>
          </article>
        ))
      )}
    </>
  );
}
