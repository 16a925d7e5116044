import type { ConsentRequest } from "../api/consent-api";

/** Who asks, in plain words: the agent's name, the web site that vouches for it (or none), and where the browser goes afterwards. */
export function ConsentClientFacts({ client, name }: { client: ConsentRequest["client"]; name: string }) {
  return (
    <dl class="facts">
      <dt>Agent</dt>
      <dd>{name}</dd>
      <dt>Vouched for by</dt>
      <dd>
        {client.registration === "metadata-document" && client.idHost !== null ? (
          <>
            the web site <strong class="url">{client.idHost}</strong> (it publishes this agent's description)
          </>
        ) : (
          <>no web site: it registered itself with this server</>
        )}
      </dd>
      <dt>Afterwards your browser goes to</dt>
      <dd>
        <strong class="url">{client.redirectUriHost}</strong>
      </dd>
    </dl>
  );
}
