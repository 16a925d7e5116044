import type { SourceRecord } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import { apiToolName } from "../tool/api-tool-name";
import { writeToolName } from "../tool/write-tool-name";
import { compilePolicy } from "./compile-policy";
import { evaluatePolicy } from "./evaluate-policy";
import { readFirstRequest } from "./first-request";
import { pathReadingsOf, relativePathOf } from "./path-readings";
import type { TokenPolicy, ToolAccess } from "./policy-narrowing";
import { baseUrlFor } from "../request/base-url-cache";

/** What the policy would do with a call, without asking anyone or counting it: `src policy SLUG --check "DELETE /x"`. */
export type PolicyExplanation =
  | { readonly verdict: "invalid"; readonly why: string }
  | {
      readonly verdict: "allowed" | "confirm" | "refused";
      readonly method: string;
      readonly path: string;
      readonly operationId: string | undefined;
      readonly rule: string | undefined;
      readonly why: string;
    };

/**
 * The policy's verdict on `METHOD PATH` for `source` (narrowed by `token`),
 * as the first request of a call would get it: refused (and by which rule),
 * allowed after a person's confirmation (and which rule asks), or allowed.
 * Rate limits are not counted.
 */
export function explainPolicy(
  source: SourceRecord,
  call: { method: string; path: string },
  {
    operations,
    token,
    access = "any",
  }: { operations?: OperationCatalog | undefined; token?: TokenPolicy | undefined; access?: ToolAccess },
): PolicyExplanation {
  const first = readFirstRequest(source, call);
  if (!first.ok)
    return {
      verdict: "invalid",
      why: `"${call.method} ${call.path}" is not a call the tool would send: ${
        first.error instanceof Error ? first.error.message.replace(/^invalid call: /, "") : String(first.error)
      }`,
    };
  const path = relativePathOf(first.url, baseUrlFor(source.api.baseUrl));
  const policy = compilePolicy(source.api.policy);
  const readings = pathReadingsOf(path);
  const method = first.call.method;
  const operation = operations?.match(method, readings.canonical, source.api.baseUrl);
  const decision = evaluatePolicy(
    policy,
    {
      method,
      canonical: readings.canonical,
      readings: readings.all,
      operation: () => operation,
      anyOperations: () =>
        operations === undefined
          ? []
          : [
              ...new Set(
                readings.all
                  .map((reading) => operations.match(method, reading, source.api.baseUrl, { ignoreCase: true }))
                  .filter((found) => found !== undefined),
              ),
            ],
    },
    {
      token,
      access,
      toolNames: () => ({ read: apiToolName(source.slug), write: writeToolName(source.slug) }),
      hasDocument: operations !== undefined,
    },
  );
  const operationId = operation?.operationId;
  if (!decision.allowed)
    return { verdict: "refused", method, path, operationId, rule: decision.rule, why: decision.why };
  if (decision.confirmRule !== undefined)
    return {
      verdict: "confirm",
      method,
      path,
      operationId,
      rule: decision.confirmRule,
      why: `allowed once a person confirms it (rule "${decision.confirmRule}" in confirm)`,
    };
  return {
    verdict: "allowed",
    method,
    path,
    operationId,
    rule: undefined,
    why: policy.empty ? "the source has no policy: every call is allowed" : "allowed by the policy",
  };
}
