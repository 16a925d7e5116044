import type { SourceRecord } from "../api/console-types";

/** The OpenAPI document's state as the last load found it: title, version and operations, or why it did not load. */
function OpenApiStatus({ status }: { status: NonNullable<SourceRecord["status"]["openapi"]> | undefined }) {
  if (status === undefined) return <>not loaded yet: reload the source to fetch and check it</>;
  if (!status.loaded) return <span class="field-error">not loaded: {status.error ?? "no reason given"}</span>;
  const count = status.operations ?? 0;
  return (
    <>
      loaded: {status.title ?? "(untitled)"}
      {status.version === undefined ? "" : ` ${status.version}`}, {count} operation{count === 1 ? "" : "s"}
    </>
  );
}

/**
 * What a source sends besides its base URL: where the credential goes (the header or query parameter name), its
 * fixed headers, and its OpenAPI document with the state of its last load. Terms and descriptions of the page's list.
 */
export function SourceApiFacts({ source }: { source: SourceRecord }) {
  const api = source.api as SourceRecord["api"] & {
    headerName?: unknown;
    queryParam?: unknown;
    headers?: unknown;
    openapi?: unknown;
    openapiValidation?: unknown;
  };
  const headers =
    typeof api.headers === "object" && api.headers !== null
      ? Object.entries(api.headers as Record<string, unknown>)
      : [];
  return (
    <>
      {typeof api.headerName === "string" ? (
        <>
          <dt>Credential header</dt>
          <dd>
            <code>{api.headerName}</code>
          </dd>
        </>
      ) : null}
      {typeof api.queryParam === "string" ? (
        <>
          <dt>Credential query parameter</dt>
          <dd>
            <code>{api.queryParam}</code>
          </dd>
        </>
      ) : null}
      <dt>Fixed headers</dt>
      <dd>
        {headers.length === 0 ? (
          "none"
        ) : (
          <ul class="plain">
            {headers.map(([name, value]) => (
              <li key={name}>
                <code>{`${name}: ${String(value)}`}</code>
              </li>
            ))}
          </ul>
        )}
      </dd>
      {typeof api.openapi === "string" ? (
        <>
          <dt>OpenAPI document</dt>
          <dd class="url">
            <code>{api.openapi}</code>
          </dd>
          <dt>OpenAPI status</dt>
          <dd data-testid="openapi-status">
            <OpenApiStatus status={source.status.openapi} />
            {` (calls checked: ${typeof api.openapiValidation === "string" ? api.openapiValidation : "strict, the default"})`}
          </dd>
        </>
      ) : null}
    </>
  );
}
