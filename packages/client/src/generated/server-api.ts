// Generated from openapi.json by openapi-typescript: do not edit.
// Run `pnpm --filter @src/client update-server-api` after changing a route of the server.
/* eslint-disable @typescript-eslint/no-duplicate-type-constituents -- two auth modes may declare the same credential shape (header and query: { key }) */

export interface paths {
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RFC 8414 metadata of the embedded authorization server (PKCE S256, Client ID Metadata Documents, dynamic registration unless --no-oauth-dcr). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The metadata. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same protected resource metadata at the host's root. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The metadata. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RFC 9728 protected resource metadata of /mcp: resource, authorization_servers, scopes_supported, bearer_methods_supported, resource_name. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The metadata. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The authorization endpoint (authorization code with PKCE S256 only; resource required and equal to the /mcp URL): answers the consent page of the console, or redirects an error to the client. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The consent page (HTML, the console's Content-Security-Policy, never framed). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error sent back to the client's redirect URI (invalid_request, invalid_target, ...). */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An OAuth error: { error, error_description } (RFC 6749 5.2). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness; open (no token) and cheap: it checks nothing but the process. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server is up. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** MCP server-to-client event stream of a session (tools/list_changed arrives here). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JSON-RPC response or text/event-stream, per the MCP Streamable HTTP transport. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** MCP JSON-RPC messages (initialize without Mcp-Session-Id starts a session). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JSON-RPC response or text/event-stream, per the MCP Streamable HTTP transport. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /** End an MCP session. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JSON-RPC response or text/event-stream, per the MCP Streamable HTTP transport. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness, for load balancers and Kubernetes; open (no token): the shared store's database and change listener answer, and the server is not shutting down. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ready to serve. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            database: boolean;
                            listener: boolean;
                            ok: boolean;
                            shuttingDown: boolean;
                        };
                    };
                };
                /** @description Not ready: the database or the listener does not answer, or the server is shutting down. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            database: boolean;
                            listener: boolean;
                            ok: boolean;
                            shuttingDown: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** RFC 7591 dynamic client registration (public clients: token_endpoint_auth_method none). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The registered client. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description An OAuth error: { error, error_description } (RFC 6749 5.2). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** RFC 7009 token revocation: an access token alone, or a refresh token with its whole grant. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked (or unknown). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description An OAuth error: { error, error_description } (RFC 6749 5.2). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The token endpoint (application/x-www-form-urlencoded): authorization_code with code_verifier, or refresh_token (rotated; a reused one revokes the grant). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description access_token (1 hour by default), refresh_token, expires_in, scope. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description An OAuth error: { error, error_description } (RFC 6749 5.2). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The last agent calls on this home, newest first, optionally of one source: read from the audit log ($SRC_HOME/logs/calls.jsonl and its rotated files, as `src logs`), so calls made with `src call` or `src mcp` and calls from before a restart are there. */
        get: {
            parameters: {
                query?: {
                    /** @description At most this many calls. Default: 500. */
                    limit?: number;
                    /** @description Only this source's calls (its slug). */
                    source?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The calls, newest first. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            calls: components["schemas"]["ActivityEntry"][];
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sign-in redirect (no token: the single-use, expiring `state` of a sign-in started on any replica sharing the store is the proof). The auth mode completes the sign-in (OAuth 2.0: exchanges the code with the PKCE verifier), the result is stored, the source tested, a page answered. A sign-in started from a connect page (POST /v1/connect/{token}/sign-in) is stored as the link's principal's own connection instead, and answers 303 to the console's Connected page with the person's session cookie. */
        get: {
            parameters: {
                query?: {
                    code?: string;
                    /** @description The authorization server's refusal (e.g. access_denied). */
                    error?: string;
                    state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed in; the page shows the source's test outcome. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description A person connected through a connect page: to the console's Connected page (`/#/connected/{slug}`), with the person's session cookie (`src_person`). */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The source can no longer be signed in (its auth type or settings changed). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Unknown, used or expired `state` (SIGN_IN_STATE_INVALID), or the sign-in was refused (NEEDS_AUTH). */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description The authorization server could not be reached (AUTH_SERVER_FAILED). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run an operator command written literally: `/source reload SLUG`, `/tools -v`, `/tools`, `/source list`, `/help`. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @example /source reload github */
                        command: string;
                    };
                };
            };
            responses: {
                /** @description The outcome; `ok` is false for an unknown command or a failed reload. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OperatorCommandResult"];
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/config-schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The JSON Schema of config.json for this server's auth plugins (custom ones included), and each auth mode's fields; forms are built from it. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The schema and the registered auth modes. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authTypes: components["schemas"]["AuthTypeDescription"][];
                            schema: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connect/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What a connect link is for: the source, the principal, and the credential fields to give. Needs no bearer token: the link's token (single use, 10 minutes, bound to one source and principal) is the proof. Uses nothing up. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The token of a connect link (the part after #/connect/ of error.connectUrl). */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The link is valid. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            expiresAt: string;
                            fields: {
                                description: string;
                                label: string;
                                name: string;
                                required: boolean;
                                secret: boolean;
                            }[];
                            /** @description Present when the link is for a user of the team's identity provider (`idp:SUB`): the person signs in there as that user before the link can be used (POST /v1/connect/{token} and …/sign-in answer 403 until then). */
                            personSignIn?: {
                                /** @description Whether this server signs people in at the identity provider (`--oauth-issuer` with `--oauth-console-client-id`): POST /v1/me/sign-in with the link's token. */
                                available: boolean;
                                /** @description Why not, when `available` is false. */
                                message?: string;
                                /** @description Whether the request carries the session (`src_person`) of the link's principal: then the link can be used. */
                                signedIn: boolean;
                                /** @description The principal of the person's session, when it is someone else's. */
                                signedInAs?: string;
                            };
                            principal: string;
                            /** @description Present when the source's auth mode signs a person in at the upstream (OAuth 2.0's authorization code): then the page offers "Sign in to …" (POST /v1/connect/{token}/sign-in) instead of the fields. */
                            signIn?: {
                                available: boolean;
                                /** @description Why not, when `available` is false. */
                                message?: string;
                            };
                            source: {
                                authType: string;
                                baseUrl: string;
                                name: string;
                                slug: string;
                            };
                        };
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Connects the link's principal to its source with the credential given (the connect page's paste-a-key form). The link is used up once this succeeds; a credential of the wrong shape leaves it usable. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The token of a connect link (the part after #/connect/ of error.connectUrl). */
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        credential: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Connected: the agent can go on. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            connected: true;
                            principal: string;
                            slug: string;
                        };
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A source with this slug, or an agent token with this name, exists (DUPLICATE_SLUG, DUPLICATE_AGENT_TOKEN). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connect/{token}/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Starts the upstream sign-in of the link's source for the link's principal, from the OAuth client the operator stored as principal `local`. Authorization code with PKCE (`awaits: redirect`): the browser opens `authorizationUrl`; the upstream sends it back to GET /v1/auth/callback, which stores the tokens as that principal's own connection, uses the link up and sends the browser to the console's Connected page. Device authorization grant (`awaits: poll`): the person opens `authorizationUrl` on any device and enters `userCode`, while the page asks POST /v1/connect/{token}/sign-in/progress with `signInId`. Needs no bearer token: the link is the proof. A failed sign-in leaves the link usable. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The token of a connect link (the part after #/connect/ of error.connectUrl). */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The sign-in waits for its redirect (or for the person to enter the code) until `expiresAt`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The upstream's page to open: its authorization URL, or its device verification page. */
                            authorizationUrl: string;
                            /** @description For `poll`: the verification page with the code in it, when the upstream gives one. */
                            authorizationUrlComplete?: string;
                            /**
                             * @description `redirect`: the upstream sends the browser back; `poll`: the person enters `userCode` on `authorizationUrl` (any device) and the page asks for the progress.
                             * @enum {string}
                             */
                            awaits: "redirect" | "poll";
                            expiresAt: string;
                            /** @description For `poll`: how often the page may ask for the progress. */
                            intervalSeconds?: number;
                            principal: string;
                            /** @description Names this sign-in to POST /v1/connect/{token}/sign-in/progress (keep it as private as the link). */
                            signInId: string;
                            slug: string;
                            /** @description For `poll`: the code to enter on that page. */
                            userCode?: string;
                        };
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A source with this slug, or an agent token with this name, exists (DUPLICATE_SLUG, DUPLICATE_AGENT_TOKEN). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server is shutting down (SHUTTING_DOWN), a file it writes is locked by another process, or, to an agent token, the server's agent token store cannot be read (AGENT_TOKENS_DAMAGED: the token was not checked; the operator restores the store). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connect/{token}/sign-in/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Where a connect link's device-code sign-in stands (`awaits: poll` of POST /v1/connect/{token}/sign-in); when it is due, asks the upstream's authorization server once. Once the person entered the code, stores what the sign-in gave as the link's principal's own connection, uses the link up (a waiting agent goes on) and answers `connected` with the person's session cookie. The page keeps asking until then (any replica). Needs no bearer token: the link's token and the `signInId` are the proof. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The token of a connect link (the part after #/connect/ of error.connectUrl). */
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The `signInId` the start answered. */
                        signInId: string;
                    };
                };
            };
            responses: {
                /** @description `waiting` until the person is done; then `connected`, `failed` (with the error's `message` and `code`; the link stays usable) or `expired`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            expiresAt: string;
                            message?: string;
                            slug: string;
                            /** @enum {string} */
                            status: "waiting" | "connected" | "failed" | "expired";
                        };
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is connected to which per-user source (api.credentials "per-user"), sorted by source then principal; never a credential. */
        get: {
            parameters: {
                query?: {
                    /** @description Only this principal's connections. */
                    principal?: string;
                    /** @description Only this source's connections (it must exist). */
                    source?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The connections. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            connections: components["schemas"]["Connection"][];
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person's own connections to per-user sources, sorted by source; never a value, never another principal's. Takes the person's session cookie (granted by a successful connect through a connect link, or a sign-in at the identity provider: POST /v1/me/sign-in), not a bearer token. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Who the session is for, and their connections. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            connections: components["schemas"]["MyConnection"][];
                            principal: string;
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/connections/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes one of the person's own connections: their agent's next call to that source answers NOT_CONNECTED. `deleted` is false when there was none. Takes the person's session cookie. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed, or there was none. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            slug: string;
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Ends the person's session: clears its cookie, and this server refuses that cookie's value from then on. Answers the same with no session. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            signedOut: true;
                        };
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a person can sign in here at the team's identity provider (`--oauth-issuer` with `--oauth-console-client-id`) to open My connections or a connect link of theirs; `message` says why not. Needs no token. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Whether the sign-in is offered. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            available: boolean;
                            message?: string;
                        };
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Starts a person's sign-in at the team's identity provider (OpenID Connect authorization code with PKCE and a nonce, from the console's client). The browser opens `authorizationUrl`; the identity provider sends it back to GET /v1/auth/callback, which checks the ID token (signature, issuer, audience, nonce) and grants the person's session (`src_person`) for `idp:SUB`: then to the connect link's page when `connectToken` was given and the link is that person's (anyone else is refused, and nothing is stored), else to My connections. Needs no token; any replica sharing the store finishes it. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description The token of the connect link the person came from (the part after #/connect/): they go back to it once signed in as its principal. */
                        connectToken?: string;
                    };
                };
            };
            responses: {
                /** @description The sign-in waits for its redirect until `expiresAt`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The identity provider's page to open. */
                            authorizationUrl: string;
                            expiresAt: string;
                        };
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A source with this slug, or an agent token with this name, exists (DUPLICATE_SLUG, DUPLICATE_AGENT_TOKEN). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server is shutting down (SHUTTING_DOWN), a file it writes is locked by another process, or, to an agent token, the server's agent token store cannot be read (AGENT_TOKENS_DAMAGED: the token was not checked; the operator restores the store). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The consent page's view of a waiting sign-in of a hosted agent (admin only): the client, the enabled sources, and a CSRF token bound to this sign-in. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The authorization request's query string, as the consent page at /authorize has it (without '?'). */
                        query: string;
                    };
                };
            };
            responses: {
                /** @description The waiting request. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsentRequest"];
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An unexpected failure, or a damaged agent token file (AGENT_TOKENS_DAMAGED). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth/consent/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Allow or deny a hosted agent's sign-in (admin only); answers where to send the browser: the client's redirect URI with a code, or with error=access_denied. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        csrfToken: string;
                        /** @enum {string} */
                        decision: "allow" | "deny";
                        /**
                         * @description Allow: when the grant ends. Default 30d.
                         * @enum {string}
                         */
                        expires?: "1d" | "30d" | "90d" | "never";
                        request: string;
                        /** @description Allow: the sources granted, each read-only or not (at least one). */
                        sources?: {
                            readOnly: boolean;
                            slug: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Where to send the browser. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsentDecision"];
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An unexpected failure, or a damaged agent token file (AGENT_TOKENS_DAMAGED). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every source: the record (no secret), its status and whether a credential is stored. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The sources, by slug. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sources: components["schemas"]["SourceSummary"][];
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create a source, store its credential and test it right away. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description The record and its credential. */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The operator fields of config.json: type, name, slug?, enabled?, api. `api` has the fields of its auth mode (`api.authType`), listed per mode below. */
                        config: {
                            api?: ({
                                /** @constant */
                                authType: "bearer";
                                baseUrl: string;
                                testEndpoint: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                authType: "header";
                                baseUrl: string;
                                /**
                                 * Header name
                                 * @description Name of the HTTP header that carries the key (authType "header"), e.g. X-Api-Key. Not a header the service controls (Host, Content-Length, Content-Type, Transfer-Encoding, Connection, Keep-Alive, Upgrade, Expect, TE, Trailer, Proxy-*).
                                 * @example X-Api-Key
                                 */
                                headerName: string;
                                testEndpoint: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                authType: "query";
                                baseUrl: string;
                                /**
                                 * Query parameter
                                 * @description Name of the query parameter that carries the key (authType "query"), e.g. api_key.
                                 * @example api_key
                                 */
                                queryParam: string;
                                testEndpoint: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                authType: "basic";
                                baseUrl: string;
                                testEndpoint: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /**
                                 * Audience
                                 * @description The `audience` token parameter some servers (Auth0) need (authType "oauth2").
                                 */
                                audience?: string;
                                /**
                                 * Authorization parameters
                                 * @description Extra parameters of the authorization request some providers need, e.g. Google's access_type=offline and prompt=consent for a refresh token (authType "oauth2").
                                 * @example {
                                 *       "access_type": "offline",
                                 *       "prompt": "consent"
                                 *     }
                                 */
                                authorizationParams?: string;
                                /**
                                 * Authorization URL
                                 * @description OAuth 2.0 authorization endpoint, for the authorization_code grant (authType "oauth2").
                                 * @example https://auth.example.com/oauth/authorize
                                 */
                                authorizationUrl?: string;
                                /** @constant */
                                authType: "oauth2";
                                baseUrl: string;
                                /**
                                 * Client authentication
                                 * @description How the client authenticates at the token endpoint (authType "oauth2"): client_secret_basic (default), client_secret_post, or none for public clients.
                                 * @default client_secret_basic
                                 * @enum {string}
                                 */
                                clientAuth?: "client_secret_basic" | "client_secret_post" | "none";
                                /**
                                 * Device authorization URL
                                 * @description RFC 8628 device authorization endpoint, for the device_code grant (authType "oauth2").
                                 * @example https://auth.example.com/oauth/device/code
                                 */
                                deviceAuthorizationUrl?: string;
                                /**
                                 * Grant
                                 * @description OAuth 2.0 grant (authType "oauth2"): client_credentials (default), authorization_code (with PKCE, signed in with `src auth login` in a browser) or device_code (RFC 8628: a code typed on another device; for machines without a browser).
                                 * @default client_credentials
                                 * @enum {string}
                                 */
                                grant?: "client_credentials" | "authorization_code" | "device_code";
                                /**
                                 * Grants supported
                                 * @description The grant types the authorization server advertises (filled in by discovery; authType "oauth2").
                                 */
                                grantsSupported?: string[];
                                /**
                                 * Issuer
                                 * @description The authorization server's issuer (authType "oauth2"): `src source add` discovers the endpoints from its metadata (RFC 8414 or OpenID Connect discovery); ID tokens in token responses are checked against it.
                                 * @example https://accounts.example.com
                                 */
                                issuer?: string;
                                /**
                                 * Resource
                                 * @description RFC 8707 resource indicator (authType "oauth2").
                                 */
                                resource?: string;
                                /**
                                 * Revocation URL
                                 * @description RFC 7009 revocation endpoint: `src auth logout` revokes the refresh token there (authType "oauth2").
                                 * @example https://auth.example.com/oauth/revoke
                                 */
                                revocationUrl?: string;
                                /**
                                 * Scopes
                                 * @description Scopes requested (authType "oauth2").
                                 * @default []
                                 * @example [
                                 *       "read:items"
                                 *     ]
                                 */
                                scopes?: string[];
                                testEndpoint: string;
                                /**
                                 * Token URL
                                 * @description OAuth 2.0 token endpoint (authType "oauth2"); https:, or http: on a loopback address. Discovered from api.issuer when not given.
                                 * @example https://auth.example.com/oauth/token
                                 */
                                tokenUrl?: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                authType: "digest";
                                baseUrl: string;
                                testEndpoint: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                authType: "aws-sigv4";
                                baseUrl: string;
                                /**
                                 * Region
                                 * @description The AWS region the API is in (authType "aws-sigv4"), e.g. eu-west-1.
                                 * @example eu-west-1
                                 */
                                region: string;
                                /**
                                 * Service
                                 * @description The service's signing name (authType "aws-sigv4"): s3, execute-api, es, …
                                 * @example s3
                                 */
                                service: string;
                                testEndpoint: string;
                            } & {
                                [key: string]: unknown;
                            }) | ({
                                /** @constant */
                                authType: "multi-header";
                                baseUrl: string;
                                /**
                                 * Header names
                                 * @description The headers that carry the secrets (authType "multi-header"), e.g. ["DD-API-KEY", "DD-APPLICATION-KEY"]; the credential holds one value per name.
                                 * @example [
                                 *       "DD-API-KEY",
                                 *       "DD-APPLICATION-KEY"
                                 *     ]
                                 */
                                headerNames: string[];
                                testEndpoint: string;
                            } & {
                                [key: string]: unknown;
                            }) | {
                                [key: string]: unknown;
                            };
                            enabled?: boolean;
                            name?: string;
                            slug?: string;
                            /** @description Always "api". */
                            type?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description The credential of the source's auth mode, with the fields it declares (secret ones are write-only, never returned); one schema per mode below. */
                        credential?: {
                            [key: string]: unknown;
                        } & ({
                            /**
                             * API token
                             * Format: password
                             * @description The token the API issued; sent as Authorization: Bearer <token>.
                             */
                            token: string;
                        } | {
                            /**
                             * API key
                             * Format: password
                             * @description The key the API issued; sent as the value of api.headerName.
                             */
                            key: string;
                        } | {
                            /**
                             * API key
                             * Format: password
                             * @description The key the API issued; sent as the query parameter api.queryParam.
                             */
                            key: string;
                        } | {
                            /**
                             * Password
                             * Format: password
                             * @description The password, or an empty string for none.
                             */
                            password: string;
                            /**
                             * Username
                             * @description The user name (some APIs take the key here, with an empty password).
                             * @example alice
                             */
                            username: string;
                        } | {
                            /**
                             * OAuth 2.0 client id
                             * @description The client id registered at the authorization server.
                             * @example my-client
                             */
                            clientId: string;
                            /**
                             * OAuth 2.0 client secret
                             * Format: password
                             * @description The client secret; none for a public client (api.clientAuth "none").
                             */
                            clientSecret?: string;
                        } | {
                            /**
                             * Password
                             * Format: password
                             * @description The password; never sent, only hashed into each request's response.
                             */
                            password: string;
                            /**
                             * Username
                             * @description The user name the server knows.
                             * @example alice
                             */
                            username: string;
                        } | {
                            /**
                             * Access key id
                             * @description The access key id (sent in the clear in every signature).
                             * @example AKIAIOSFODNN7EXAMPLE
                             */
                            accessKeyId: string;
                            /**
                             * Secret access key
                             * Format: password
                             * @description The secret access key; it signs and is never sent.
                             */
                            secretAccessKey: string;
                            /**
                             * Session token
                             * Format: password
                             * @description For temporary credentials (STS): sent as X-Amz-Security-Token. Leave it out for long-term keys.
                             */
                            sessionToken?: string;
                        } | {
                            [key: string]: string;
                        } | {
                            [key: string]: unknown;
                        });
                        /** @description The source's OpenAPI document, uploaded (`src source add --openapi FILE --server URL`); `config.api.openapi` is set to its name. For a document at a URL, set `config.api.openapi` to the URL instead: the server fetches it. It counts toward the body size limit. */
                        openapiDocument?: {
                            /**
                             * @description Its file name in the source's folder (JSON or YAML).
                             * @enum {string}
                             */
                            name: "openapi.json" | "openapi.yaml" | "openapi.yml";
                            text: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Created; `validation` tells whether the test call succeeded. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SourceOperationResult"];
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A source with this slug, or an agent token with this name, exists (DUPLICATE_SLUG, DUPLICATE_AGENT_TOKEN). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sources/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One source. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The record. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            hasCredential: boolean;
                            source: components["schemas"]["SourceRecord"];
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Remove the source: its config.json and its stored credential. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            slug: string;
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Partial update of the writable fields (name, enabled, api.*); the whole record is re-checked. */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            /** @description The fields to change, e.g. {"enabled": false} or {"api": {"testEndpoint": "/me"}}. */
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description The updated record. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            source: components["schemas"]["SourceRecord"];
                        };
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/sources/{slug}/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A source's sign-in status, as its auth mode reports it (OAuth 2.0: grant, scopes requested and granted, whether a refresh token is stored, when the access token expires); never a token (admin only). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The status (the same as `src auth status SLUG --json`): `slug`, `authType`, `signedIn`, and the facts the auth mode adds. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignInStatus"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A source with this slug, or an agent token with this name, exists (DUPLICATE_SLUG, DUPLICATE_AGENT_TOKEN). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Sign a source out: revoke its refresh token at the authorization server when it has a revocation endpoint (OAuth 2.0, RFC 7009), then forget what the sign-in stored; what the operator entered stays (as `src auth logout SLUG`; admin only). */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `forgotten` is false when no token was stored. `revoked`: `revoked`, `not-supported` (the server has no revocation endpoint) or `failed` (forgotten here anyway; `message` says why). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            forgotten: boolean;
                            message?: string;
                            /** @enum {string} */
                            revoked?: "revoked" | "not-supported" | "failed";
                            slug: string;
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A source with this slug, or an agent token with this name, exists (DUPLICATE_SLUG, DUPLICATE_AGENT_TOKEN). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sources/{slug}/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start the sign-in of a source whose auth mode signs a person in: OAuth 2.0's authorization code with PKCE S256 (a URL to open in a browser), or its device authorization grant (a page and a code to enter on any device). Any replica sharing the store can finish it (admin only). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            /** @description Optional. Without a body the redirect URI is this server's /v1/auth/callback at the address the request was sent to. */
            requestBody?: {
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description The redirect URI registered at the authorization server, when the browser reaches this server at another address (a TLS proxy): it must lead to /v1/auth/callback of this server.
                         * @example https://src.example.com/v1/auth/callback
                         */
                        redirectUri?: string;
                    };
                };
            };
            responses: {
                /** @description The sign-in waits for its redirect (or for the person to enter the code) until `expiresAt`; it is finished once. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignInStart"];
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A source with this slug, or an agent token with this name, exists (DUPLICATE_SLUG, DUPLICATE_AGENT_TOKEN). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server is shutting down (SHUTTING_DOWN), a file it writes is locked by another process, or, to an agent token, the server's agent token store cannot be read (AGENT_TOKENS_DAMAGED: the token was not checked; the operator restores the store). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sources/{slug}/auth/login/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Where a sign-in started with POST /v1/sources/{slug}/auth/login stands; for a device code, also asks the authorization server when it is due (any replica; admin only). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The `signInId` the start answered. */
                        signInId: string;
                    };
                };
            };
            responses: {
                /** @description `waiting` until the person is done; then `signed_in` (with the source's test outcome in `message`), `failed` (with the error's `message` and `code`), or `expired`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignInProgress"];
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sources/{slug}/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Store or replace one principal's own credential for a per-user source (an operator setting a person's key on their behalf). Refused (CREDENTIAL_MODE_MISMATCH) unless the source is per-user. Not tested. */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The credential of the source's auth mode, with the fields it declares. */
                        credential: {
                            [key: string]: unknown;
                        };
                        /**
                         * @description Who the credential belongs to: `idp:SUB` (a JWT's sub: 1 to 252 printable characters, no spaces), `grant:NAME` (a hosted agent's grant), `token:NAME` (a named agent token; NAME 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit) or `local` (the operator). Anything else is refused (422).
                         * @example idp:alice
                         */
                        principal: string;
                    };
                };
            };
            responses: {
                /** @description Stored. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            principal: string;
                            slug: string;
                            /** @enum {boolean} */
                            stored: true;
                        };
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /** Remove one principal's own credential: that principal's next call answers NOT_CONNECTED. `deleted` is false when there was none. */
        delete: {
            parameters: {
                query: {
                    /** @description Who the credential belongs to: `idp:SUB` (a JWT's sub: 1 to 252 printable characters, no spaces), `grant:NAME` (a hosted agent's grant), `token:NAME` (a named agent token; NAME 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit) or `local` (the operator). Anything else is refused (422). */
                    principal: string;
                };
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed, or there was none. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            principal: string;
                            slug: string;
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sources/{slug}/credential": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Store or replace the credential, then test the source. No route ever returns a credential. */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            /** @description The credential for the source's auth type: bearer {"token"}, header and query {"key"}, basic {"username","password"}. */
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Stored; `validation` is the test outcome. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SourceOperationResult"];
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /** Delete the stored credential; the source stays (its calls answer NO_CREDENTIAL). `deleted` is false when none was stored. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted, or there was none. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            slug: string;
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sources/{slug}/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search the operations of the source's OpenAPI document, or get one in full: what the api_<slug>_operations tool answers. */
        get: {
            parameters: {
                query?: {
                    /** @description An operationId: that operation in full (parameters, bounded body schema, response, example call). */
                    id?: string;
                    /** @description Most matches. Default 8, at most 25. */
                    limit?: number;
                    /** @description Matches to skip, to page through them (the answer's note names the next offset). */
                    offset?: number | null;
                    /** @description Plain words, e.g. "create an issue". */
                    q?: string;
                    /** @description Only operations with this tag. */
                    tag?: string;
                };
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description With q and/or tag: `{ total, operations, note? }` (under 4 KB); with neither, every operation, a page at a time (`note` names the next offset); with id: the operation (under 16 KB). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            note?: string;
                            operations: components["schemas"]["OperationMatch"][];
                            total: number;
                        } | {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, no loaded OpenAPI document (UNKNOWN_TOOL), or no such operationId (UNKNOWN_OPERATION). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sources/{slug}/reload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-read config.json, re-check it and re-test the source (the operator command `/source reload {slug}`). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The record with its new status, and the test outcome. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SourceOperationResult"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The agent tokens and hosted agents' OAuth grants by name and prefix, with their client and last use (admin only); never a value. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tokens. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tokens: components["schemas"]["AgentTokenSummary"][];
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An unexpected failure, or a damaged agent token file (AGENT_TOKENS_DAMAGED). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create an agent token (admin only): it may list and call tools and use /mcp, nothing else; optionally only some sources, read-only, rate-limited, expiring. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Lifetime: a whole number and m, h, d or w. Default: never.
                         * @example 30d
                         */
                        expires?: string | null;
                        /** @example claude-desktop */
                        name: string;
                        /**
                         * @description Its own rate limit across every source: calls/duration, e.g. 60/1m, 10/30s, 1000/1h. Default: none.
                         * @example 60/1m
                         */
                        rateLimit?: string | null;
                        /** @description Only GET, HEAD and OPTIONS, whatever a source's policy allows; its tools are read-only (MCP readOnlyHint). Default false. */
                        readOnly?: boolean | null;
                        /**
                         * @description Slugs it may call. Default: every source.
                         * @example [
                         *       "github"
                         *     ]
                         */
                        sources?: string[] | null;
                    };
                };
            };
            responses: {
                /** @description Created; `token` is shown this once. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedAgentToken"];
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A source with this slug, or an agent token with this name, exists (DUPLICATE_SLUG, DUPLICATE_AGENT_TOKEN). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An unexpected failure, or a damaged agent token file (AGENT_TOKENS_DAMAGED). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server is shutting down (SHUTTING_DOWN), a file it writes is locked by another process, or, to an agent token, the server's agent token store cannot be read (AGENT_TOKENS_DAMAGED: the token was not checked; the operator restores the store). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an agent token or a hosted agent's grant (admin only); it, and a grant's access and refresh tokens, answer 401 from then on. The per-user connections of the principal it acted for (token:NAME, grant:NAME) are removed with it. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked, with the per-user connections of the principal it acted for. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The per-user sources whose connection of the token's principal was removed with it. */
                            connectionsRemoved: string[];
                            name: string;
                            /** @enum {boolean} */
                            revoked: true;
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent token on a route or source it is not allowed (FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An unexpected failure, or a damaged agent token file (AGENT_TOKENS_DAMAGED). */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server is shutting down (SHUTTING_DOWN), a file it writes is locked by another process, or, to an agent token, the server's agent token store cannot be read (AGENT_TOKENS_DAMAGED: the token was not checked; the operator restores the store). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The HTTP tools of the enabled sources (the operator command `/tools`; `?verbose=1` is `/tools -v`); for an agent token, those of its sources. */
        get: {
            parameters: {
                query?: {
                    /** @description 1 or true: add each tool's description and input schema. Default 0. */
                    verbose?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tools. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tools: components["schemas"]["ToolSummary"][];
                        };
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body has the wrong shape; `details` lists every field problem. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server is shutting down (SHUTTING_DOWN), a file it writes is locked by another process, or, to an agent token, the server's agent token store cannot be read (AGENT_TOKENS_DAMAGED: the token was not checked; the operator restores the store). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/{name}/call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The agent's call. 200 with the tool result whatever the upstream answered; the result's `ok` tells. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ToolCall"];
                };
            };
            responses: {
                /** @description The tool result (also for upstream errors and calls of the wrong shape: `error.code` INVALID_CALL). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ToolResult"];
                    };
                };
                /** @description The body is not JSON (INVALID_JSON). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, wrong, revoked or expired token (UNAUTHORIZED). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The source's policy (api.policy) or the agent token refused the call, and nothing was sent: the tool result with `error.code` POLICY_DENIED (`error.rule` names the rule), or CONFIRMATION_REQUIRED (a confirm rule matched; no person can be asked over this API). Also an agent token calling a source it may not (`error.code` FORBIDDEN). */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ToolResult"];
                    };
                };
                /** @description No such source, tool or agent token. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is larger than the limit (BODY_TOO_LARGE). */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Over the source's (api.policy.rateLimit) or the agent token's rate limit, nothing sent: the tool result with `error.code` RATE_LIMITED and `error.retryAfterSeconds`, and a Retry-After header. Also SOURCE_BUSY: too many calls of one source at once. */
                429: {
                    headers: {
                        /** @description Seconds to wait before calling again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ToolResult"];
                    };
                };
                /** @description The server is shutting down (SHUTTING_DOWN), a file it writes is locked by another process, or, to an agent token, the server's agent token store cannot be read (AGENT_TOKENS_DAMAGED: the token was not checked; the operator restores the store). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ActivityEntry: {
            /** @description When the call ended (ISO 8601). */
            at: string;
            attempts: number;
            /**
             * @description http: POST /v1/tools/{name}/call; mcp: /mcp; cli: `src call`; mcp-stdio: `src mcp`.
             * @enum {string}
             */
            channel: "http" | "mcp" | "cli" | "mcp-stdio";
            durationMs: number;
            errorCode: string | null;
            /** @description null when the call was refused before a request was built. */
            method: string | null;
            ok: boolean;
            /**
             * @description sent: a request reached the upstream; denied: the source's policy or the caller's token refused it, nothing sent; refused: refused for another reason before anything was sent. null in lines written before outcomes.
             * @enum {string|null}
             */
            outcome: "sent" | "denied" | "refused" | null;
            /** @description Path and query as sent, secrets replaced by [REDACTED]; null when refused. */
            path: string | null;
            /** @description Whom the agent acted for: local (the operator), token:NAME, grant:NAME or idp:SUB; never a secret. null in lines written before principals. */
            principal: string | null;
            /** @description With outcome denied: the rule that refused (read-only, not in allow, a rule as written, rateLimit 60/60s); else null. */
            rule: string | null;
            source: string;
            /** @description The upstream status (0 without a response); null when refused. */
            status: number | null;
        };
        AgentTokenSummary: {
            /** @description The hosted agent's OAuth client this grant was given to (its client_id and client_name); null for a token made by `src token create`. */
            client: {
                id: string;
                name: string;
            } | null;
            createdAt: string;
            expired: boolean;
            expiresAt: string | null;
            /** @description When it last reached the server (written at most once a minute); null for never. */
            lastUsedAt: string | null;
            name: string;
            /** @description The value's first characters, to recognise it by; never the value. Empty for a hosted agent's OAuth grant (it has no value of its own). */
            prefix: string;
            /** @description Its own rate limit across every source it calls (at most `calls` in every window of `perSeconds` seconds); null for none. */
            rateLimit: {
                calls: number;
                perSeconds: number;
            } | null;
            readOnly: boolean;
            /** @description Sources it may only read (a grant's per-source choice on the consent page); empty when none. */
            readOnlySources: string[];
            sources: string[] | null;
        };
        /** @description What agents may do with the source (`api.policy`), enforced before anything is sent; set it with POST /v1/sources or PATCH /v1/sources/{slug} like any api field (`{"api": {"policy": null}}` removes it). */
        ApiPolicy: {
            /** @description Rules of what an agent may call; when present, anything they do not match is refused ("not in allow"). A rule is "METHOD /path" (method or *; the path relative to baseUrl; * matches one segment, ** any number), "operation:ID" or "tag:NAME" (globs allowed; needs api.openapi). */
            allow?: string[];
            /** @description Rules of calls a person must confirm before they are sent (MCP elicitation, a yes/no in `src call`); where no person can be asked, they are refused with CONFIRMATION_REQUIRED. */
            confirm?: string[];
            /** @description Rules of what an agent may never call; deny wins over allow. Same forms as allow. */
            deny?: string[];
            /**
             * @description "read-write" (default): any method. "read-only": GET, HEAD and OPTIONS only; no rule can widen it.
             * @enum {string}
             */
            mode?: "read-write" | "read-only";
            /** @description At most `calls` agent calls in every window of `perSeconds` seconds; over it, calls are refused with RATE_LIMITED and retryAfterSeconds. */
            rateLimit?: {
                calls: number;
                perSeconds: number;
            };
            /**
             * @description "single" (default): one call tool api_<slug>. "split": api_<slug> for GET, HEAD and OPTIONS (read-only hints) and api_<slug>_write for the other methods (destructive hint).
             * @enum {string}
             */
            tools?: "single" | "split";
        };
        /** @description A call of api_<slug>. method and path are required unless resultRef is given. */
        ApiToolCall: {
            _contentType?: string;
            _rawBody?: string;
            body?: unknown;
            /** @example GET */
            method?: string;
            /** @description With resultRef: the first character to read. */
            offset?: number;
            /** @description GET only: follow the next pages and join their items (maxPages defaults to 5, capped by api.maxPages); true is {}, false no pagination. */
            paginate?: boolean | {
                maxItems?: number;
                maxPages?: number;
            };
            /** @example /users/42 */
            path?: string;
            query?: {
                [key: string]: unknown;
            };
            /** @description Read a cut result on without a request (only with offset and select); for the caller that made the call, 15 minutes. */
            resultRef?: string;
            /**
             * @description JMESPath applied to the JSON body before it is bounded.
             * @example items[].{id: id, title: title}
             */
            select?: string;
        };
        AuthField: {
            choices?: string[];
            default?: unknown;
            description: string;
            example?: unknown;
            /** @enum {string} */
            kind: "text" | "number" | "boolean" | "list" | "choice";
            label: string;
            name: string;
            required: boolean;
            secret: boolean;
        };
        AuthTypeDescription: {
            /** @description JSON Schema of the extra `api` fields this mode needs (e.g. headerName). */
            configSchema: {
                [key: string]: unknown;
            };
            /** @description The credential's fields; secret ones are write-only. */
            credentialFields: {
                label: string;
                name: string;
                secret: boolean;
            }[];
            description: string;
            /** @description Every field the mode declares, for forms: label, description, secret, required, kind, example. */
            fields: {
                config: components["schemas"]["AuthField"][];
                credential: components["schemas"]["AuthField"][];
                /** @description When the credential has one value per entry of the api list `field` (header names): how each is declared. */
                credentialKeysFrom?: {
                    each: components["schemas"]["AuthField"];
                    field: string;
                };
            };
            /** @description Whether the mode signs a person in (POST /v1/sources/{slug}/auth/login). */
            signIn: boolean;
            /** @example bearer */
            type: string;
        };
        /** @description A principal connected to a per-user source. Never a value. */
        Connection: {
            principal: string;
            slug: string;
            /** @description When it was last stored (ISO 8601). */
            updatedAt: string;
        };
        ConsentClient: {
            /** @description The client_id: a Client ID Metadata Document's URL, or the id this server gave it at registration. */
            id: string;
            /** @description The host of its client_id URL (a Client ID Metadata Document); null for a client that registered itself. */
            idHost: string | null;
            /** @description The client's client_name (empty when it gave none). */
            name: string;
            redirectUri: string;
            /** @description Where the browser goes back to: the host of the redirect URI. */
            redirectUriHost: string;
            /**
             * @description How the client is known: its metadata document at its client_id URL, or dynamic registration (RFC 7591) with this server.
             * @enum {string}
             */
            registration: "metadata-document" | "dynamic";
        };
        ConsentDecision: {
            redirectTo: string;
        };
        ConsentRequest: {
            client: components["schemas"]["ConsentClient"];
            /** @description Bound to this sign-in and request; the decision must send it back. */
            csrfToken: string;
            /** @description When the waiting request ends; the agent must start again after. */
            expiresAt: string;
            /** @description The waiting request's id, for the decision. */
            request: string;
            /** @description Sources the client asked for by scope (src:SLUG, src:SLUG:read), ticked at first. */
            requested: string[];
            /** @description Of those, the ones asked for read-only (src:SLUG:read). */
            requestedReadOnly: string[];
            /** @description The enabled sources, which the person may grant. */
            sources: {
                connectionStatus: string;
                name: string;
                slug: string;
            }[];
        };
        CreatedAgentToken: {
            /** @description ISO time it stops working; null for never. */
            expiresAt: string | null;
            name: string;
            /** @description Its own rate limit across every source it calls (at most `calls` in every window of `perSeconds` seconds); null for none. */
            rateLimit: {
                calls: number;
                perSeconds: number;
            } | null;
            /** @description True: it may only read (GET, HEAD, OPTIONS), whatever a source's policy allows. */
            readOnly: boolean;
            /** @description The slugs it may call; null for every source. */
            sources: string[] | null;
            /** @description The token value. Shown this once; only its SHA-256 is stored. */
            token: string;
        };
        Error: {
            error: {
                /** @example SOURCE_NOT_FOUND */
                code: string;
                details?: {
                    message: string;
                    path: string;
                }[];
                message: string;
            };
        };
        /** @description One of the person's own connections. Never a value. */
        MyConnection: {
            /** @description The source's name. */
            name: string;
            slug: string;
            /** @description When the person connected it (ISO 8601). */
            updatedAt: string;
        };
        OperationMatch: {
            method: string;
            operationId: string;
            path: string;
            required: string[];
            summary: string;
        };
        /** @description A call of api_<slug>_operations: search the operations (query and/or tag), or read one (operationId). Sends nothing upstream. */
        OperationsToolCall: {
            limit?: number;
            offset?: number;
            operationId?: string;
            /** @example create an issue */
            query?: string;
            tag?: string;
        };
        OperatorCommandResult: {
            command: string;
            data?: unknown;
            ok: boolean;
            text: string;
        };
        SignInProgress: {
            /** @enum {string} */
            awaits: "redirect" | "poll";
            code?: string;
            expiresAt: string;
            message?: string;
            slug: string;
            /** @enum {string} */
            status: "waiting" | "signed_in" | "failed" | "expired";
        };
        SignInStart: {
            /** @description The page to open: the authorization URL (redirect), or the verification page (device code). */
            authorizationUrl: string;
            /** @description The verification page with the code in it, when the authorization server gives one. */
            authorizationUrlComplete?: string;
            /**
             * @description `redirect`: the browser comes back to `redirectUri`; `poll`: the person enters the code anywhere, and the server polls the authorization server.
             * @enum {string}
             */
            awaits: "redirect" | "poll";
            /** @description ISO time after which the sign-in is refused. */
            expiresAt: string;
            /** @description For `poll`: how often the authorization server may be asked. */
            intervalSeconds?: number;
            redirectUri: string;
            /** @description Names this sign-in to POST /v1/sources/{slug}/auth/login/progress (it is the sign-in's state: keep it as private as the URL). */
            signInId: string;
            slug: string;
            /** @description The code to enter on that page, for a mode that signs in with a device code. */
            userCode?: string;
        };
        SignInStatus: {
            authType: string;
            /** @description Whether a call can be authorized without a person now. */
            signedIn: boolean;
            slug: string;
        } & {
            [key: string]: unknown;
        };
        SourceOperationResult: {
            /** @description When the auth mode filled in `api` fields a server publishes as the source was added (OAuth 2.0 discovery from `api.issuer`, or from the test endpoint's RFC 9728 answer): which, from where, and what to know. */
            discovery?: {
                filled: string[];
                from: string;
                notes: string[];
            };
            source: components["schemas"]["SourceRecord"];
            validation: components["schemas"]["ValidationOutcome"];
        };
        SourceRecord: {
            api: {
                authType: string;
                baseUrl: string;
                policy?: components["schemas"]["ApiPolicy"];
                testEndpoint: string;
            } & {
                [key: string]: unknown;
            };
            createdAt: string;
            enabled: boolean;
            id: string;
            name: string;
            slug: string;
            status: {
                /** @enum {string} */
                connectionStatus: "untested" | "connected" | "needs_auth" | "failed";
                lastError: string | null;
                lastTestedAt: string | null;
                /** @description What the service found when it last loaded api.openapi. */
                openapi?: {
                    checkedAt: string;
                    error: string | null;
                    loaded: boolean;
                    operations?: number;
                    title?: string;
                    version?: string;
                };
            };
            /** @enum {string} */
            type: "api";
            updatedAt: string;
        };
        SourceSummary: {
            hasCredential: boolean;
            /** @enum {boolean} */
            ok: true;
            slug: string;
            source: components["schemas"]["SourceRecord"];
        } | {
            error: string;
            file: string;
            hasCredential: boolean;
            /** @enum {boolean} */
            ok: false;
            slug: string;
        };
        ToolCall: components["schemas"]["ApiToolCall"] | components["schemas"]["OperationsToolCall"];
        ToolResult: {
            attempts: number;
            body: {
                /** @enum {string} */
                kind: "json";
                value?: unknown;
            } | {
                /** @enum {string} */
                kind: "text";
                value: string;
            } | {
                base64?: string;
                contentType: string;
                /** @enum {string} */
                kind: "binary";
                size: number;
            } | {
                /** @enum {string} */
                kind: "empty";
            };
            durationMs: number;
            error?: {
                code: string;
                /** @description With NOT_CONNECTED (a per-user source holds no credential of the caller's principal; nothing was sent): the console's connect page for this source and principal, single use, valid 10 minutes, for the agent to show its person. */
                connectUrl?: string;
                message: string;
                /** @description The tool call that helps next (an INVALID_CALL against the OpenAPI document): api_<slug>_operations with {"operationId"} to see the operation in full, or {"query"} to search. */
                next?: {
                    input: {
                        [key: string]: string;
                    };
                    tool: string;
                };
                retryable: boolean;
                /** @description With RATE_LIMITED: seconds until a call may succeed (also the Retry-After header of the 429). */
                retryAfterSeconds?: number;
                /** @description With POLICY_DENIED, CONFIRMATION_REQUIRED, CONFIRMATION_DECLINED and RATE_LIMITED: the rule that refused ("read-only", "not in allow", a rule as written, "rateLimit 60/60s"). */
                rule?: string;
            };
            headers: {
                [key: string]: string;
            };
            nextPath?: string;
            note?: string;
            ok: boolean;
            pagination?: {
                items: number;
                more: boolean;
                next?: {
                    /** @enum {string} */
                    method: "GET";
                    path: string;
                    query?: {
                        [key: string]: unknown;
                    };
                    /** @description The walk's select, when it had one. */
                    select?: string;
                };
                pages: number;
                stoppedBecause?: string;
                style?: string;
            };
            part?: {
                length: number;
                nextOffset?: number;
                offset: number;
                totalChars: number;
            };
            request: {
                method: string;
                url: string;
            };
            resultRef?: string;
            selected?: string;
            status: number;
            statusText: string;
            truncated?: {
                note: string;
                originalSize: number | null;
                /** @enum {string} */
                unit: "bytes" | "chars";
            };
            /** @description Where the call breaks the source's OpenAPI document, when api.openapiValidation is warn: the call was sent all the same. */
            warnings?: string[];
        };
        ToolSummary: {
            authType: string;
            baseUrl: string;
            /** @enum {string} */
            connectionStatus: "untested" | "connected" | "needs_auth" | "failed";
            description?: string;
            hasCredential: boolean;
            /**
             * @description The source's fixed headers (api.headers), sent on every request.
             * @example {
             *       "Notion-Version": "2022-06-28"
             *     }
             */
            headers: {
                [key: string]: string;
            };
            inputSchema?: {
                [key: string]: unknown;
            };
            /**
             * @description call: api_<slug>; write: api_<slug>_write of a source whose policy splits its tools (api.policy.tools); operations: api_<slug>_operations.
             * @enum {string}
             */
            kind?: "call" | "write" | "operations";
            /** @example api_github */
            name: string;
            /** @description The source's OpenAPI document: title, version and operation count, or why it was not loaded. */
            openapi?: {
                operations: number;
                title: string;
                version: string;
            } | {
                error: string;
            };
            /** @description True for the call tools (they reach the external API); false for api_<slug>_operations. */
            openWorld?: boolean;
            /** @description True for a tool that changes nothing upstream: api_<slug>_operations (searches the document, sends nothing), and the call tool of a read-only source or token or the read tool of a split pair. */
            readOnly?: boolean;
            source: string;
            sourceName: string;
        };
        ValidationOutcome: {
            durationMs: number;
            hint: string | null;
            httpStatus: number | null;
            message: string;
            ok: boolean;
            reason: string;
            request: {
                method: string;
                /** @description Secrets replaced by [REDACTED]. */
                url: string;
            };
            /** @enum {string} */
            status: "connected" | "needs_auth" | "failed";
            testedAt: string;
        } | null;
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
