import { describe, expectTypeOf, it } from "vitest";
import type { SrcClient } from "./create-src-client";
import type {
  ApiToolCall,
  OperationsToolCall,
  ResponseBodyOf,
  SourceRecord,
  SourceSummary,
  ToolResult,
} from "./server-api-types";

// Type-level contracts (checked by `tsc`, which typechecks this file): the generated types reach the methods.
describe("types derived from the server's document", () => {
  it("route answers are the document's schemas", () => {
    expectTypeOf<ResponseBodyOf<"/v1/sources", "get">>().toEqualTypeOf<{ sources: SourceSummary[] }>();
    expectTypeOf<Awaited<ReturnType<SrcClient["sources"]["get"]>>["source"]>().toEqualTypeOf<SourceRecord>();
    expectTypeOf<Awaited<ReturnType<SrcClient["tools"]["call"]>>>().toEqualTypeOf<ToolResult>();
    // Where a call broke the source's OpenAPI document, with api.openapiValidation warn.
    expectTypeOf<ToolResult["warnings"]>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<SourceRecord["status"]["connectionStatus"]>().toEqualTypeOf<
      "untested" | "connected" | "needs_auth" | "failed"
    >();
  });

  it("request bodies are the document's schemas", () => {
    type Call = Parameters<SrcClient["tools"]["call"]>[1];
    expectTypeOf<Call>().toEqualTypeOf<ApiToolCall | OperationsToolCall>();
    // method and path are required unless resultRef reads a stored result on (the server says which is missing).
    expectTypeOf<ApiToolCall>().toHaveProperty("method").toEqualTypeOf<string | undefined>();
    const readOn: Call = { resultRef: "r1_abc", offset: 32000 };
    void readOn;
    // paginate: true is the defaults, false no pagination, or { maxPages, maxItems }.
    expectTypeOf<ApiToolCall["paginate"]>().toEqualTypeOf<
      boolean | { maxItems?: number; maxPages?: number } | undefined
    >();
    // An api_<slug>_operations call is a search, not a request.
    const search: Call = { query: "create an issue", limit: 3 };
    void search;
    // The operations route pages with offset.
    expectTypeOf<Parameters<SrcClient["sources"]["operations"]>[1]>().toEqualTypeOf<
      { query?: string; tag?: string; operationId?: string; limit?: number; offset?: number } | undefined
    >();
  });
});
