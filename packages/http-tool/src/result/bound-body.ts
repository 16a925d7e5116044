import type { WholeBody } from "./shape-result-body";
import type { ToolResult, ToolResultBody } from "./tool-result";
import { cutText, jsonTruncation, truncateJson } from "./truncate-json";

/** A body bounded to `maxResultChars`, and the whole of it when it was cut. */
export interface BoundedBody {
  body: ToolResultBody;
  truncated?: ToolResult["truncated"];
  whole?: WholeBody;
}

/**
 * Bounds a body that was handed over whole (after `select` or joined pages)
 * as the executor bounds one: JSON cut structurally so it stays JSON, text
 * cut without splitting a character. Binary and empty bodies pass as they are.
 */
export function boundBody(body: ToolResultBody, maxResultChars: number): BoundedBody {
  if (body.kind === "json") {
    const serialized = JSON.stringify(body.value) ?? "null";
    const cut = truncateJson(body.value, maxResultChars, serialized);
    if (!cut.truncated) return { body };
    return {
      body: { kind: "json", value: cut.value },
      truncated: jsonTruncation(cut.originalChars, maxResultChars),
      whole: { kind: "json", text: serialized },
    };
  }
  if (body.kind === "text" && body.value.length > maxResultChars) {
    return {
      body: { kind: "text", value: cutText(body.value, maxResultChars) },
      truncated: {
        originalSize: body.value.length,
        unit: "chars",
        note: `text cut to ${maxResultChars} characters (api.maxResultChars)`,
      },
      whole: { kind: "text", text: body.value },
    };
  }
  return { body };
}
