import { describePublicSurface } from "@src/vitest-config/public-surface";
import * as root from "./index";
import * as internal from "./internal";

// The root is the documented API (README.md); what only other @src/* packages use is in `@src/http-tool/internal`.
// A new name is a decision: document it in the README (root), or list it here (internal).
describePublicSurface({
  root,
  internal,
  readme: new URL("../README.md", import.meta.url),
  internalNames: [
    "DEFAULT_HEADERS",
    "USER_AGENT",
    "apiToolName",
    "compileSelect",
    "createRedactor",
    "createToolInputJsonSchema",
    "currentToolCall",
    "defaultValidationTimeoutMs",
    "describeApiTool",
    "maxToolDescriptionBytes",
    "maxToolNameLength",
    "normalizeToolCall",
    "operationsToolName",
    "queryValueSchema",
    "readStoredPart",
    "resolveExecutorLimits",
    "serviceControlledHeaderReason",
    "storedResultRefusal",
    "toSourceStatus",
    "traceToolCall",
    "writeToolName",
    "consumeWith",
    "rateLimitPrefix",
    "describePolicy",
    "summarizeBody",
    "READ_METHODS",
  ],
});
