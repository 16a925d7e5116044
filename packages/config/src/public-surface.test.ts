import { describePublicSurface } from "@src/vitest-config/public-surface";
import * as root from "./index";
import * as internal from "./internal";

// The root is the documented API (README.md); what only other @src/* packages use is in `@src/config/internal`.
// A new name is a decision: document it in the README (root), or list it here (internal).
describePublicSurface({
  root,
  internal,
  readme: new URL("../README.md", import.meta.url),
  internalNames: [
    "apiLimitsShape",
    "applySourceChanges",
    "applyStatusChange",
    "baseUrlSchema",
    "createChangeBurst",
    "defaultSourceLockOptions",
    "defaultSourceStatus",
    "fallbackSlug",
    "fillServiceFields",
    "maxSlugLength",
    "slugSchema",
    "sourceInputShape",
    "sourceServiceShape",
    "testEndpointSchema",
  ],
});
