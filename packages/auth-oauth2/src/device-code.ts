import { AuthorizeError } from "@src/auth";
import * as oauth from "oauth4webapi";
import type { OAuth2Credential } from "./oauth2-credential-schema";
import { withIssuedTokens } from "./oauth2-credential-schema";
import { guarded, requestDeviceCodeToken, type TokenRequestInput } from "./request-token";
import { tokenEndpointFor, tokenParameters } from "./token-endpoint";
import { tokenError } from "./token-error";

/** A started device authorization (RFC 8628): what the person is shown, and the device code to poll with (secret). */
export interface DeviceAuthorizationStart {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly verificationUri: string;
  readonly verificationUriComplete: string | undefined;
  /** Seconds between polls (RFC 8628 default 5). */
  readonly intervalSeconds: number;
  /** Epoch milliseconds when the codes expire. */
  readonly expiresAt: number;
}

/** Asks the device authorization endpoint for a user code and a device code, with the configured scopes and extra parameters. */
export function startDeviceAuthorization(input: TokenRequestInput): Promise<DeviceAuthorizationStart> {
  return guarded(input, "device authorization request", async () => {
    const endpoint = await tokenEndpointFor(input.config, input.credential, input.signal);
    if (endpoint.server.device_authorization_endpoint === undefined) {
      throw new AuthorizeError({
        outcome: "needs_auth",
        message:
          "api.deviceAuthorizationUrl is not set and the issuer advertises none, so no one can sign in with a device code",
        hint: "set api.deviceAuthorizationUrl (or api.issuer) in config.json",
      });
    }
    const parameters = tokenParameters(input.config, true);
    for (const [name, value] of Object.entries(input.config.authorizationParams ?? {})) parameters.set(name, value);
    const response = await oauth.deviceAuthorizationRequest(
      endpoint.server,
      endpoint.client,
      endpoint.clientAuth,
      parameters,
      endpoint.options(input.signal),
    );
    const answer = await oauth.processDeviceAuthorizationResponse(endpoint.server, endpoint.client, response);
    return {
      deviceCode: answer.device_code,
      userCode: answer.user_code,
      verificationUri: answer.verification_uri,
      verificationUriComplete: answer.verification_uri_complete,
      intervalSeconds: typeof answer.interval === "number" && answer.interval > 0 ? answer.interval : 5,
      expiresAt: input.now().getTime() + answer.expires_in * 1000,
    };
  });
}

/** What one poll found. */
export type DevicePoll =
  | { readonly done: true; readonly credential: OAuth2Credential }
  | { readonly done: false; readonly intervalSeconds: number };

/**
 * One device access token request (RFC 8628 3.4, 3.5): done with the tokens;
 * not yet (`authorization_pending`), or not yet and slower (`slow_down`: five
 * seconds more); `expired_token` and `access_denied` end it with a message
 * saying what to do.
 */
export async function pollDeviceToken(
  input: TokenRequestInput,
  start: { readonly deviceCode: string; readonly intervalSeconds: number },
): Promise<DevicePoll> {
  try {
    const tokens = await requestDeviceCodeToken(input, start.deviceCode);
    return { done: true, credential: withIssuedTokens(input.credential, tokens) };
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && error.status < 500) {
      if (error.error === "authorization_pending") return { done: false, intervalSeconds: start.intervalSeconds };
      if (error.error === "slow_down") return { done: false, intervalSeconds: start.intervalSeconds + 5 };
      if (error.error === "expired_token") {
        throw new AuthorizeError({
          outcome: "needs_auth",
          serverError: "expired_token",
          message: "the sign-in code expired before the sign-in was finished",
          hint: `run \`src auth login ${input.slug}\` again and enter the new code in time`,
        });
      }
      if (error.error === "access_denied") {
        throw new AuthorizeError({
          outcome: "needs_auth",
          serverError: "access_denied",
          message: "the sign-in was refused on the verification page (access_denied)",
          hint: `run \`src auth login ${input.slug}\` again and approve the access`,
        });
      }
    }
    throw tokenError(error, input.config, input.slug, "device access token request");
  }
}
