// `@src/config/internal`: what other @src/* packages use and the documented API (index.ts) does not promise.
// No semver promise: these names may change in any minor version.

export {
  apiLimitsShape,
  baseUrlSchema,
  slugSchema,
  sourceInputShape,
  sourceServiceShape,
  testEndpointSchema,
} from "./source-schema";
export { fallbackSlug, maxSlugLength } from "./slugify";
export type { ServiceFieldSources } from "./store/fill-service-fields";
export { defaultSourceStatus, fillServiceFields } from "./store/fill-service-fields";
export type { SourceLockOptions } from "./store/source-lock";
export { defaultSourceLockOptions } from "./store/source-lock";
export { applySourceChanges } from "./store/source-changes";
