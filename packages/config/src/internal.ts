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
export { type ServiceFieldSources, defaultSourceStatus, fillServiceFields } from "./store/fill-service-fields";
export { type SourceLockOptions, defaultSourceLockOptions } from "./store/source-lock";
export { applySourceChanges, applyStatusChange } from "./store/source-changes";
export { type ChangeBurst, createChangeBurst } from "./store/change-burst";
