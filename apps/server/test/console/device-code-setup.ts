// What the console's device-code tests share: oidc-provider (its own process) answering the device grant every second,
// the built server, Chromium, and an API that accepts only the provider's tokens; and the "kiosk" source on it.
import { expect } from "vitest";
import { startOidcProvider } from "../../../../packages/auth-oauth2/test/start-oidc-provider";
import { startTokenCheckingApi } from "../../../../packages/auth-oauth2/test/start-token-checking-api";
import { adminRequest } from "../helpers/server-requests";
import { createTestHome } from "../helpers/test-home";
import type { Keep } from "../helpers/use-setup";
import { launchChromium } from "./launch-chromium";
import { startBuiltServer } from "./start-built-server";

/** The OAuth client the provider knows; its secret is one of the test home's secrets (scanned for). */
export interface DeviceCodeClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Starts the parts, each kept to be stopped with `keep`; the provider answers the device grant at once, every second. */
export async function startDeviceCodeSetup(keep: Keep, { clientId, clientSecret }: DeviceCodeClient) {
  const testHome = await keep(createTestHome(), (home) => home.cleanup());
  testHome.secrets.push(clientSecret);
  const [provider, server, browser] = await Promise.all([
    keep(startOidcProvider({ clientId, clientSecret, publicClientId: "unused-public" }), (oidc) => oidc.stop()),
    keep(startBuiltServer(testHome.env), (built) => built.stop()),
    keep(launchChromium(), (chromium) => chromium.close()),
  ]);
  await provider.settings({ interval: 1, deviceTtl: 600, slowDowns: 0, deny: false });
  const api = await keep(
    startTokenCheckingApi((token) => provider.accepts(token)),
    (checking) => checking.close(),
  );
  /** Adds "kiosk", an OAuth 2.0 source on the device grant calling `api`, with the operator's client; expects 201. */
  const addKioskSource = async (options: { scopes: string[]; perUser?: boolean }): Promise<void> => {
    const created = await adminRequest(server.url, testHome.adminToken, "POST", "/v1/sources", {
      config: {
        type: "api",
        name: "Kiosk",
        slug: "kiosk",
        enabled: true,
        api: {
          baseUrl: api.url,
          authType: "oauth2",
          issuer: provider.issuer,
          grant: "device_code",
          scopes: options.scopes,
          testEndpoint: "/me",
          ...(options.perUser === true ? { credentials: "per-user" } : {}),
        },
      },
      credential: { clientId, clientSecret },
    });
    expect(created.status, await created.clone().text()).toBe(201);
  };
  return { testHome, provider, server, browser, api, addKioskSource };
}
