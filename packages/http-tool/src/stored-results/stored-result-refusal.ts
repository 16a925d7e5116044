import type { SourceRecord } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import { needsHopCheck } from "../policy/check-hop";
import { explainPolicy } from "../policy/explain-policy";
import { relativePathOf } from "../policy/path-readings";
import type { TokenPolicy, ToolAccess } from "../policy/policy-narrowing";
import { baseUrlFor } from "../request/base-url-cache";
import type { StoredResult } from "./result-store";

/** What decides whether a stored result may still be handed out: the source now, and the caller's narrowing. */
export interface StoredResultAccess {
  /** The source as it is now (the one whose tool reads, or the one the result came from). */
  readonly source: SourceRecord;
  readonly operations?: OperationCatalog | undefined;
  readonly token?: TokenPolicy | undefined;
  readonly access?: ToolAccess | undefined;
}

/**
 * Why a stored result may not be handed out now, or `undefined` when it may. A reference is read as if its call were
 * made again, without sending it: through the tool of the source that answered it only, while that source is enabled,
 * under its base URL, and while its policy (narrowed by the caller's token) still allows the call that answered it.
 * A source disabled, or a policy or token tightened after the call, so also keeps what the call read.
 */
export function storedResultRefusal(
  result: StoredResult,
  { source, operations, token, access }: StoredResultAccess,
): string | undefined {
  const { slug } = source;
  if (result.slug !== slug)
    return `it was made by the tool of another source, not source "${slug}"; read it with the tool of the call that made it`;
  if (!source.enabled)
    return `source "${slug}" is disabled now; an operator must enable it before its results are read`;
  if (!needsHopCheck(source, token, access)) return undefined;
  const base = baseUrlFor(source.api.baseUrl);
  let url: URL;
  try {
    url = new URL(result.request.url, base);
  } catch {
    return `the call that made it cannot be checked against the policy of source "${slug}"; make the call again`;
  }
  if (url.origin !== base.origin)
    return `source "${slug}" is no longer at the address that answered it; make the call again`;
  // The path decides (its query may hold redacted values, and no rule reads the query).
  const path = relativePathOf(url, base);
  const verdict = explainPolicy(source, { method: result.request.method, path }, { operations, token, access });
  if (verdict.verdict === "invalid")
    return `the call that made it is no longer one source "${slug}" would send; make the call again`;
  if (verdict.verdict === "refused")
    return `the policy of source "${slug}" now refuses ${verdict.method} ${verdict.path} (${verdict.why}), the call that made it, so it is not handed out either`;
  return undefined;
}
