/** An outbound request, ready to send: the output of `buildRequest`. */
export interface BuiltRequest {
  /** Upper-case method. */
  method: string;
  /** Final absolute URL, auth query parameter included. */
  url: string;
  /** Final headers, auth header included. Lower-case names. */
  headers: Record<string, string>;
  /** Serialized body, when there is one. */
  body?: string | undefined;
  /** A fact about how the call was read (a JSON body sent as a string), added to the result's `note`. */
  note?: string | undefined;
  /** Every secret value in this request, for redaction. Never shown. */
  secrets: readonly string[];
}
