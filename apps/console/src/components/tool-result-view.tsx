import type { ToolResult } from "../api/console-types";
import { JsonView } from "./json-view";

/** A tool result: status, duration, attempts, headers, and the body (JSON folds); the error code and message for failures. */
export function ToolResultView({ result }: { result: ToolResult }) {
  return (
    <section class={`result ${result.ok ? "success" : "error"}`} aria-labelledby="result-heading" aria-live="polite">
      <h2 id="result-heading">Result</h2>
      <dl class="facts">
        <dt>Status</dt>
        <dd data-testid="result-status">
          {result.status} {result.statusText} {result.ok ? "(ok)" : "(not ok)"}
        </dd>
        <dt>Duration</dt>
        <dd>{result.durationMs} ms</dd>
        <dt>Attempts</dt>
        <dd>{result.attempts}</dd>
        <dt>Request</dt>
        <dd class="url">
          <code>
            {result.request.method} {result.request.url}
          </code>
        </dd>
        {result.nextPath === undefined ? null : (
          <>
            <dt>Next page</dt>
            <dd>
              <code>{result.nextPath}</code>
            </dd>
          </>
        )}
      </dl>
      {result.error === undefined ? null : (
        <div class="notice error" role="alert">
          <strong>{result.error.code}</strong>{" "}
          {result.error.retryable ? "(a retry may help)" : "(a retry will not help)"}
          <p>{result.error.message}</p>
        </div>
      )}
      {result.note === undefined ? null : <p class="hint">{result.note}</p>}
      {result.truncated === undefined ? null : <p class="hint">{result.truncated.note}</p>}
      <details>
        <summary>Headers ({Object.keys(result.headers).length})</summary>
        <table class="headers">
          <caption class="visually-hidden">Response headers</caption>
          <tbody>
            {Object.entries(result.headers).map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <h3>Body</h3>
      {result.body.kind === "json" ? (
        <JsonView value={result.body.value} />
      ) : result.body.kind === "text" ? (
        <pre class="body-text">{result.body.value}</pre>
      ) : result.body.kind === "binary" ? (
        <p>
          Binary, {result.body.contentType}, {result.body.size} bytes
        </p>
      ) : (
        <p>Empty.</p>
      )}
    </section>
  );
}
