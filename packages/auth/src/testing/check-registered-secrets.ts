import { pluginSecrets } from "../plugin-secrets";
import { redactSecretForms, secretForms } from "../secret-forms";
import { guardedFields } from "./check-secret-coverage";
import { parseConformanceInputs } from "./conformance-inputs";
import { startEchoServer } from "./echo-server";
import { authorizeSafely } from "./authorize-safely";
import { createPrimedContext } from "./conformance-context";
import type { AuthPluginConformanceCheck } from "./conformance-options";
import { createSampleAttempts } from "./sample-attempts";

function visible(text: string, value: string): boolean {
  return secretForms(value).some((form) => text.includes(form));
}

/**
 * After `authorize`, what a real local server received (request line and
 * headers), with every stored secret and every value given to `registerSecret`
 * redacted, shows no guarded credential field and no registered value; every
 * credential given to `saveCredential` has its guarded fields covered too.
 */
export const checkRegisteredSecretsRedacted: AuthPluginConformanceCheck = async (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return parsed.problems;
  const { config, credential } = parsed.inputs;
  const problems = new Set<string>();
  const server = await startEchoServer();
  try {
    const {
      context,
      registered,
      saved,
      problems: contextProblems,
    } = await createPrimedContext(plugin, config, credential, options);
    for (const request of createSampleAttempts(server.origin, context.signal)) {
      const failure = await authorizeSafely(plugin, request, context, registered);
      if (failure !== undefined) {
        problems.add(failure);
        continue;
      }
      const echoed = await server.send({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: undefined,
      });
      const seen = `${echoed.target}\n${Object.entries(echoed.headers)
        .map(([name, value]) => `${name}: ${String(value)}`)
        .join("\n")}`;
      const secrets = [
        ...pluginSecrets(plugin, credential),
        ...registered,
        ...saved.flatMap((value) => pluginSecrets(plugin, value)),
      ];
      const redacted = redactSecretForms(seen, secrets);
      const before = `${request.url.pathname}`;
      for (const [field, value] of guardedFields(plugin, credential)) {
        if (visible(redacted, value) && !visible(before, value))
          problems.add(
            `credential field "${field}" is visible in what the server received after redaction; list it in secretValues`,
          );
      }
      const header = (name: string) => echoed.headers[name];
      for (const name of Object.keys(echoed.headers)) {
        const value = String(header(name));
        if (
          /^(bearer|basic|token|mac|aws4-hmac-sha256)\s/i.test(value) &&
          redactSecretForms(value, secrets) === value
        ) {
          problems.add(
            `header "${name}" carries a credential that is neither in secretValues nor registered; call context.registerSecret with values fetched at run time`,
          );
        }
      }
    }
    for (const value of saved) {
      for (const [field, text] of guardedFields(plugin, value)) {
        if (!pluginSecrets(plugin, value).includes(text) && !registered.includes(text)) {
          problems.add(
            `the saved credential's field "${field}" is neither in secretValues nor registered; list every stored secret in secretValues`,
          );
        }
      }
    }
    for (const problem of contextProblems) problems.add(problem);
  } finally {
    await server.close();
  }
  return [...problems];
};
