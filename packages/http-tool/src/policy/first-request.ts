import type { SourceRecord } from "@src/config";
import { baseUrlFor } from "../request/base-url-cache";
import { checkPath } from "../request/check-path";
import { encodeQuery } from "../request/encode-query";
import { joinUrl } from "../request/join-url";
import { normalizeToolCall } from "../request/normalize-tool-call";
import type { ParsedToolCall } from "../request/tool-call";

/** The first request of a call, or what the builder would refuse it for (an `InvalidCallError` naming the problem). */
export type FirstRequestReading = { ok: true; call: ParsedToolCall; url: URL } | { ok: false; error: unknown };

/**
 * The method and URL a call's first request will have, after the same
 * normalization and confinement as the builder's, for the policy to check
 * before the credential is read; or the error the builder refuses it with
 * (and sends nothing).
 */
export function readFirstRequest(source: SourceRecord, call: unknown): FirstRequestReading {
  try {
    const normalized = normalizeToolCall(call);
    const baseUrl = baseUrlFor(source.api.baseUrl);
    const checked = checkPath(normalized.path, baseUrl, {
      allowAmbiguousEncodings: source.api.allowAmbiguousPathEncodings === true,
    });
    return { ok: true, call: normalized, url: joinUrl(baseUrl, checked, encodeQuery(normalized.query)) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** `readFirstRequest`'s request, or `undefined` when the call is invalid. */
export function firstRequestOf(source: SourceRecord, call: unknown): { call: ParsedToolCall; url: URL } | undefined {
  const reading = readFirstRequest(source, call);
  return reading.ok ? { call: reading.call, url: reading.url } : undefined;
}
