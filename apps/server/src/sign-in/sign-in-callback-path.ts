/** Where the authorization server sends the browser back after an OAuth 2.0 sign-in; the only route besides `/healthz` that takes no token (the sign-in's single-use `state` is the proof). */
export const signInCallbackPath = "/v1/auth/callback";
