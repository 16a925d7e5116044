/**
 * What every `api_<slug>` tool shares, said once: the MCP server's
 * `instructions`, and what an app using the in-process tools should put in its
 * system prompt. Each tool's own description and schema stay short (a tool
 * list of many sources repeats them), and this carries the details: the
 * arguments, how results are bounded, and how to ask for less or read on.
 */
export const apiToolInstructions = [
  "Each api_<slug> tool calls one REST API connected as a source. Authentication is attached for you: never send tokens, keys, passwords or Authorization headers.",
  "A call: method (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS) and path, relative to the source's base URL (it may carry a query string; never a full URL); query, an object of parameters (an array repeats the key); body, JSON (not with GET or HEAD); or _rawBody with _contentType, a body sent as it stands (XML, form data, text).",
  "Where an api_<slug>_operations tool exists, search it first (query in plain words, or operationId for the parameters, the body and an example call); calls that do not fit the API's OpenAPI document are refused before anything is sent.",
  'Results: non-2xx statuses are results; failures carry error.code and whether a retry may help. Bodies are bounded (cut bodies say truncated). Ask for less with select, a JMESPath expression applied to the JSON body before it is cut, e.g. "items[].{id: id, title: title}".',
  "paginate (true, or {maxPages, maxItems}; GET only) follows the next pages (Link headers, next URLs and cursors in the body) and joins their items; the result's pagination says how many pages and items came, and what to call to go on.",
  "A cut body comes with resultRef: call the tool again with only {resultRef, offset} (and select) to read the rest without a new request; it is kept for the time its note says (15 minutes unless the server sets another), for you only.",
].join("\n");
