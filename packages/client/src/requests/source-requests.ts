import type { RequestOptions, SendRequest } from "../send-request";
import type { CreateSourceInput, CredentialInput, ResponseBodyOf, SourceChanges } from "../server-api-types";

/** The source routes: `/v1/sources...`. */
export interface SourceRequests {
  /** `GET /v1/sources`: every source with its status and whether a credential is stored, broken `config.json` files with their error. */
  list(options?: RequestOptions): Promise<ResponseBodyOf<"/v1/sources", "get">>;
  /** `POST /v1/sources`: create a source, store its credential and test it at once. Never retried. */
  create(input: CreateSourceInput, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/sources", "post", 201>>;
  /** `GET /v1/sources/{slug}`. */
  get(slug: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/sources/{slug}", "get">>;
  /** `PATCH /v1/sources/{slug}`: change the writable fields (`name`, `enabled`, `api.*`). Never retried. */
  update(
    slug: string,
    changes: SourceChanges,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/sources/{slug}", "patch">>;
  /** `DELETE /v1/sources/{slug}`: remove its `config.json` and its stored credential. */
  remove(slug: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/sources/{slug}", "delete">>;
  /** `PUT /v1/sources/{slug}/credential`: store or replace the credential, then test the source. */
  setCredential(
    slug: string,
    credential: CredentialInput,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/sources/{slug}/credential", "put">>;
  /** `DELETE /v1/sources/{slug}/credential`: delete the stored credential; `deleted` is false when there was none. */
  deleteCredential(
    slug: string,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/sources/{slug}/credential", "delete">>;
  /** `POST /v1/sources/{slug}/reload`: re-read `config.json` and re-test (the operator command `/source reload {slug}`). Never retried. */
  reload(slug: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/sources/{slug}/reload", "post">>;
  /**
   * `GET /v1/sources/{slug}/operations`: search the operations of the source's OpenAPI document (`query`, `tag`, `limit`),
   * or one operation in full (`operationId`); `offset` skips that many matches, to page through them (the answer's `note`
   * names the next offset). A source without a loaded document is 404 `UNKNOWN_TOOL`.
   */
  operations(
    slug: string,
    filter?: { query?: string; tag?: string; operationId?: string; limit?: number; offset?: number },
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/sources/{slug}/operations", "get">>;
  /** `GET /v1/config-schema`: the JSON Schema of `config.json` for the server's auth plugins, and each auth mode's fields (for forms). */
  configSchema(options?: RequestOptions): Promise<ResponseBodyOf<"/v1/config-schema", "get">>;
}

const sourcePath = (slug: string): string => `v1/sources/${encodeURIComponent(slug)}`;

export function createSourceRequests(send: SendRequest): SourceRequests {
  return {
    list: (options) => send({ method: "get", path: "v1/sources" }, options),
    create: (input, options) => send({ method: "post", path: "v1/sources", json: input, callsUpstream: true }, options),
    get: (slug, options) => send({ method: "get", path: sourcePath(slug) }, options),
    update: (slug, changes, options) => send({ method: "patch", path: sourcePath(slug), json: changes }, options),
    remove: (slug, options) => send({ method: "delete", path: sourcePath(slug) }, options),
    setCredential: (slug, credential, options) =>
      send({ method: "put", path: `${sourcePath(slug)}/credential`, json: credential, callsUpstream: true }, options),
    deleteCredential: (slug, options) => send({ method: "delete", path: `${sourcePath(slug)}/credential` }, options),
    reload: (slug, options) =>
      send({ method: "post", path: `${sourcePath(slug)}/reload`, callsUpstream: true }, options),
    operations: (slug, { query, tag, operationId, limit, offset } = {}, options) =>
      send(
        {
          method: "get",
          path: `${sourcePath(slug)}/operations`,
          searchParams: {
            ...(query === undefined ? {} : { q: query }),
            ...(tag === undefined ? {} : { tag }),
            ...(operationId === undefined ? {} : { id: operationId }),
            ...(limit === undefined ? {} : { limit: String(limit) }),
            ...(offset === undefined ? {} : { offset: String(offset) }),
          },
        },
        options,
      ),
    configSchema: (options) => send({ method: "get", path: "v1/config-schema" }, options),
  };
}
