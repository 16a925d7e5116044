import type { SourceRecord } from "@src/config";
import { baseUrlFor } from "../request/base-url-cache";
import { checkPath } from "../request/check-path";
import { encodeQuery } from "../request/encode-query";
import { joinUrl } from "../request/join-url";
import { normalizeToolCall } from "../request/normalize-tool-call";
import type { ParsedToolCall } from "../request/tool-call";

/**
 * The method and URL a call's first request will have, after the same
 * normalization and confinement as the builder's, for the policy to check
 * before the credential is read; `undefined` when the call is invalid (the
 * builder then refuses it, naming the problem, and sends nothing).
 */
export function firstRequestOf(source: SourceRecord, call: unknown): { call: ParsedToolCall; url: URL } | undefined {
  try {
    const normalized = normalizeToolCall(call);
    const baseUrl = baseUrlFor(source.api.baseUrl);
    const checked = checkPath(normalized.path, baseUrl, {
      allowAmbiguousEncodings: source.api.allowAmbiguousPathEncodings === true,
    });
    return { call: normalized, url: joinUrl(baseUrl, checked, encodeQuery(normalized.query)) };
  } catch {
    return undefined;
  }
}
