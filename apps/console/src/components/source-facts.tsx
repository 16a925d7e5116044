import type { SourceRecord } from "../api/console-types";
import { formatTime } from "./format-time";
import { SourceApiFacts } from "./source-api-facts";

/** What a source is and how it stands: slug, address, auth mode, test endpoint, the API's settings, credential, last test. */
export function SourceFacts({ source, hasCredential }: { source: SourceRecord; hasCredential: boolean }) {
  return (
    <dl class="facts">
      <dt>Slug</dt>
      <dd>
        <code>{source.slug}</code>
      </dd>
      <dt>Base URL</dt>
      <dd class="url">{source.api.baseUrl}</dd>
      <dt>Auth mode</dt>
      <dd>{source.api.authType}</dd>
      <dt>Test endpoint</dt>
      <dd>
        <code>{source.api.testEndpoint}</code>
      </dd>
      <SourceApiFacts source={source} />
      <dt>Enabled</dt>
      <dd>{source.enabled ? "yes" : "no"}</dd>
      <dt>Credential</dt>
      <dd>{hasCredential ? "stored (never shown)" : "none"}</dd>
      <dt>Last test</dt>
      <dd>{formatTime(source.status.lastTestedAt)}</dd>
      {source.status.lastError === null ? null : (
        <>
          <dt>Last error</dt>
          <dd class="field-error">{source.status.lastError}</dd>
        </>
      )}
    </dl>
  );
}
