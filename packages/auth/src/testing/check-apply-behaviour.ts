import { isDeepStrictEqual } from "node:util";
import type { AuthPluginConformanceCheck } from "./conformance-options";
import { applySafely, parseConformanceInputs } from "./conformance-inputs";
import { createSampleRequests, differingParts, snapshotRequest } from "./sample-requests";

/** Applying twice gives the same request as applying once (redirects re-apply). */
export const checkApplyIsIdempotent: AuthPluginConformanceCheck = (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return parsed.problems;
  const { config, credential } = parsed.inputs;
  const problems: string[] = [];
  const once = createSampleRequests();
  const twice = createSampleRequests();
  once.forEach((request, index) => {
    const again = twice[index]!;
    const failure = applySafely(plugin, request, config, credential) ?? applySafely(plugin, again, config, credential) ?? applySafely(plugin, again, config, credential);
    if (failure !== undefined) return problems.push(failure);
    const parts = differingParts(snapshotRequest(request), snapshotRequest(again));
    if (parts.length > 0) {
      problems.push(`apply is not idempotent on ${request.method} ${request.url.pathname}: applying twice changes ${parts.join(", ")}; set values instead of appending`);
    }
  });
  return problems;
};

/** Two applications to equal requests give equal requests (no clock, no randomness). */
export const checkApplyIsDeterministic: AuthPluginConformanceCheck = (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return parsed.problems;
  const { config, credential } = parsed.inputs;
  const problems: string[] = [];
  const first = createSampleRequests();
  const second = createSampleRequests();
  first.forEach((request, index) => {
    const other = second[index]!;
    const failure = applySafely(plugin, request, config, credential) ?? applySafely(plugin, other, config, credential);
    if (failure !== undefined) return problems.push(failure);
    const parts = differingParts(snapshotRequest(request), snapshotRequest(other));
    if (parts.length > 0) {
      problems.push(`apply is not deterministic on ${request.method} ${request.url.pathname}: ${parts.join(", ")} differ between two runs; do not use the clock or randomness`);
    }
  });
  return problems;
};

/**
 * `apply` keeps the URL's origin and pathname, the method, the body and the
 * request's own keys, and changes neither the config nor the credential.
 */
export const checkApplyKeepsTarget: AuthPluginConformanceCheck = (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return parsed.problems;
  const { config, credential } = parsed.inputs;
  const configBefore = structuredClone(config);
  const credentialBefore = structuredClone(credential);
  const problems: string[] = [];
  for (const request of createSampleRequests()) {
    const before = snapshotRequest(request);
    const origin = request.url.origin;
    const pathname = request.url.pathname;
    const failure = applySafely(plugin, request, config, credential);
    if (failure !== undefined) {
      problems.push(failure);
      continue;
    }
    const after = snapshotRequest(request);
    const where = `${before.method} ${pathname}`;
    if (request.url.origin !== origin) problems.push(`apply changed the URL origin on ${where}; the credential must never leave the source's origin`);
    if (request.url.pathname !== pathname) problems.push(`apply changed the URL path on ${where}; only the query may change`);
    for (const part of ["method", "body", "keys"] as const) {
      if (JSON.stringify(before[part]) !== JSON.stringify(after[part])) problems.push(`apply changed the request ${part} on ${where}; change only url and headers`);
    }
  }
  if (!isDeepStrictEqual(config, configBefore)) problems.push("apply changed the config object it was given; treat it as read-only");
  if (!isDeepStrictEqual(credential, credentialBefore)) problems.push("apply changed the credential object it was given; treat it as read-only");
  return problems;
};

/**
 * With `otherCredential`: a different credential gives a different request, and
 * applying it over a request that already carries the first leaves no trace of the first.
 */
export const checkApplyUsesCredential: AuthPluginConformanceCheck = (plugin, options) => {
  if (options.otherCredential === undefined) return [];
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return parsed.problems;
  const { config, credential, otherCredential } = parsed.inputs;
  const problems: string[] = [];
  const withFirst = createSampleRequests();
  const withOther = createSampleRequests();
  const replaced = createSampleRequests();
  withFirst.forEach((request, index) => {
    const other = withOther[index]!;
    const over = replaced[index]!;
    const failure =
      applySafely(plugin, request, config, credential) ??
      applySafely(plugin, other, config, otherCredential!) ??
      applySafely(plugin, over, config, credential) ??
      applySafely(plugin, over, config, otherCredential!);
    if (failure !== undefined) return problems.push(failure);
    const where = `${request.method} ${request.url.pathname}`;
    if (differingParts(snapshotRequest(request), snapshotRequest(other)).length === 0) {
      problems.push(`apply gives the same request for two different credentials on ${where}; it must attach the credential`);
    }
    const parts = differingParts(snapshotRequest(other), snapshotRequest(over));
    if (parts.length > 0) {
      problems.push(`applying otherCredential over credential on ${where} differs from applying it alone (${parts.join(", ")}); replace earlier values`);
    }
  });
  return problems;
};
