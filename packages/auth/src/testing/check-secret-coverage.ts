import type { AnyAuthPlugin, AuthRequest } from "../auth-plugin";
import { redactSecretForms, secretForms } from "../secret-forms";
import type { AuthPluginConformanceCheck } from "./conformance-options";
import { applySafely, parseConformanceInputs, stringFields } from "./conformance-inputs";
import { createSampleRequests } from "./sample-requests";

/**
 * The credential's string fields that must never be visible: every one except
 * those `credentialFields` declares `secret: false` (a username, a client id).
 */
export function guardedFields(plugin: AnyAuthPlugin, credential: Record<string, unknown>): [string, string][] {
  const publicNames = new Set(plugin.credentialFields.filter((field) => !field.secret).map((field) => field.name));
  return stringFields(credential).filter(([name, value]) => !publicNames.has(name) && value !== "");
}

function secretValuesOf(plugin: AnyAuthPlugin, credential: Record<string, unknown>): string[] | string {
  let values: unknown;
  try {
    values = plugin.secretValues(credential);
  } catch (error) {
    return `secretValues threw ${error instanceof Error ? error.name : "a non-error"}; it must return a list of strings`;
  }
  if (!Array.isArray(values) || values.some((value) => typeof value !== "string")) return "secretValues must return an array of strings";
  return values as string[];
}

/** `secretValues` returns strings, none empty, including every secret credential field. */
export const checkSecretValues: AuthPluginConformanceCheck = (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return parsed.problems;
  const values = secretValuesOf(plugin, parsed.inputs.credential);
  if (typeof values === "string") return [values];
  const problems: string[] = [];
  if (values.includes("")) problems.push("secretValues contains an empty string; leave out empty values (they cannot be redacted)");
  const secretNames = new Set(plugin.credentialFields.filter((field) => field.secret).map((field) => field.name));
  for (const [name, value] of stringFields(parsed.inputs.credential)) {
    if (secretNames.has(name) && value !== "" && !values.includes(value)) {
      problems.push(`secretValues does not include the secret field "${name}"; return it so logs and agent output redact it`);
    }
  }
  return problems;
};

function countOf(text: string, part: string): number {
  return text.split(part).length - 1;
}

function safelyDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

/**
 * The text plus what it says once decoded: percent-decoded, and every
 * base64-looking run decoded, so a secret encoded together with other text
 * (`base64("user:" + secret)`) is found too.
 */
function decodedViews(text: string): string[] {
  const runs = text.match(/[A-Za-z0-9+/_-]{4,}={0,2}/g) ?? [];
  return [text, safelyDecode(text), ...runs.map((run) => Buffer.from(run, run.includes("-") || run.includes("_") ? "base64url" : "base64").toString("utf8"))];
}

function locations(request: AuthRequest): Map<string, string> {
  const result = new Map<string, string>([["the URL", request.url.href]]);
  for (const [name, value] of request.headers) result.set(`header "${name}"`, `${name}: ${value}`);
  return result;
}

/**
 * After `apply`, redacting every form of `secretValues(credential)` from the URL
 * and every header leaves no form of any guarded credential field visible.
 */
export const checkApplyWritesOnlyListedSecrets: AuthPluginConformanceCheck = (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return parsed.problems;
  const { config, credential } = parsed.inputs;
  const values = secretValuesOf(plugin, credential);
  if (typeof values === "string") return [values];
  const problems = new Set<string>();
  for (const request of createSampleRequests()) {
    const before = locations(request);
    const failure = applySafely(plugin, request, config, credential);
    if (failure !== undefined) {
      problems.add(failure);
      continue;
    }
    for (const [where, text] of locations(request)) {
      const redactedAfter = redactSecretForms(text, values);
      const redactedBefore = redactSecretForms(before.get(where) ?? "", values);
      for (const [field, value] of guardedFields(plugin, credential)) {
        const visibleAfter = decodedViews(redactedAfter);
        const visibleBefore = decodedViews(redactedBefore);
        const forms = secretForms(value);
        const visible = (views: string[], form: string) => views.reduce((total, view) => total + countOf(view, form), 0);
        if (forms.some((form) => visible(visibleAfter, form) > visible(visibleBefore, form))) {
          problems.add(`credential field "${field}" is still visible in ${where} after redacting secretValues; return every value apply writes (e.g. an encoded header value) from secretValues`);
        }
      }
    }
  }
  return [...problems];
};

/** `describePlacement(config)` is a non-empty string with no form of any secret in it. */
export const checkDescribePlacementHasNoSecret: AuthPluginConformanceCheck = (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return parsed.problems;
  const { config, credential } = parsed.inputs;
  const text = plugin.describePlacement(config);
  if (typeof text !== "string" || text.trim() === "") return ["describePlacement must return a non-empty description such as 'header \"X-Api-Key\"'"];
  const values = secretValuesOf(plugin, credential);
  const secrets = [...(typeof values === "string" ? [] : values), ...guardedFields(plugin, credential).map(([, value]) => value)];
  return redactSecretForms(text, secrets) === text ? [] : ["describePlacement contains a secret; it receives only the config and must describe where the credential goes"];
};
