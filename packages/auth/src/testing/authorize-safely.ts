import type { AnyAuthPluginV2, AuthContext, AuthorizeRequest } from "../auth-plugin-v2";
import { redactSecretForms } from "../secret-forms";
import { stringFields } from "./conformance-inputs";

/**
 * Runs `authorize`, turning a throw into a problem whose message has every
 * credential string and every registered secret redacted.
 */
export async function authorizeSafely(
  plugin: AnyAuthPluginV2,
  request: AuthorizeRequest,
  context: AuthContext<Record<string, unknown>, Record<string, unknown>>,
  registered: readonly string[],
): Promise<string | undefined> {
  try {
    await plugin.authorize(request, context);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const secrets = [...stringFields(context.credential).map(([, value]) => value), ...registered];
    return `authorize threw on ${request.method} ${request.url.pathname}: ${redactSecretForms(message, secrets)}`;
  }
}
